import Foundation
import SceneLinkCore

/// The webhook endpoints and the outbox, prepared once on the writer connection. Everything
/// runs on the writer (inside its batch transaction and a savepoint): the outbox is written by
/// the same transaction as the short-link change or claim redemption that caused the event, and
/// delivery claims never race.
final class WebhookWrites {
    static let endpointColumns = """
        id, url, events, description, created_at, secret, previous_secret, previous_secret_expires_at, \
        disabled_at, disabled_reason, dropped_events
        """
    static let deliveryColumns = """
        d.sequence, d.endpoint_id, d.message_id, d.event_type, d.event_timestamp, d.payload, d.state, d.attempts, \
        d.next_attempt_at, d.last_attempt_at, d.last_status, d.last_error
        """

    private let connection: Connection
    private let insertEndpoint, selectEndpoints, selectEndpoint, deleteEndpoint, deleteEndpointDeliveries: Statement
    private let rotate, update, fanOut, enqueueOne, selectDeliveries, selectMessage, selectDue, lease: Statement
    private let markDelivered, markRetry, markFailed, disable, selectStatistics, selectSubscriptions: Statement
    private let selectEnabledEndpointIDs, deleteFinished: Statement
    private let selectOutboxSizes, dropNewestPending, countDropped, sweepOldestFinished: Statement
    /// The event types some enabled endpoint subscribes to; nil until read (and after any change
    /// to endpoints or a rolled-back batch). Saves a click the fan-out statement when nobody listens.
    private var subscribed: Set<WebhookEventType>?

    init(connection: Connection) throws(SQLiteError) {
        self.connection = connection
        insertEndpoint = try connection.prepare("""
            INSERT INTO webhook_endpoints (\(Self.endpointColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        selectEndpoints = try connection.prepare("SELECT \(Self.endpointColumns) FROM webhook_endpoints ORDER BY sequence")
        selectEndpoint = try connection.prepare("SELECT \(Self.endpointColumns) FROM webhook_endpoints WHERE id = ?1")
        deleteEndpoint = try connection.prepare("DELETE FROM webhook_endpoints WHERE id = ?1")
        deleteEndpointDeliveries = try connection.prepare("DELETE FROM webhook_deliveries WHERE endpoint_id = ?1")
        rotate = try connection.prepare("""
            UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_expires_at = ?3, secret = ?2
            WHERE id = ?1
            """)
        update = try connection.prepare("""
            UPDATE webhook_endpoints SET url = ?2, events = ?3, disabled_at = ?4, disabled_reason = ?5 WHERE id = ?1
            """)
        fanOut = try connection.prepare("""
            INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, event_timestamp, payload, next_attempt_at)
            SELECT id, ?1, ?2, ?3, ?4, ?3 FROM webhook_endpoints WHERE disabled_at IS NULL AND instr(events, ?5) > 0
            """)
        enqueueOne = try connection.prepare("""
            INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, event_timestamp, payload, next_attempt_at)
            SELECT id, ?2, ?3, ?4, ?5, ?6 FROM webhook_endpoints WHERE id = ?1
            """)
        selectDeliveries = try connection.prepare("""
            SELECT \(Self.deliveryColumns) FROM webhook_deliveries AS d WHERE d.endpoint_id = ?1
            ORDER BY d.sequence DESC LIMIT ?2
            """)
        selectMessage = try connection.prepare("""
            SELECT \(Self.deliveryColumns) FROM webhook_deliveries AS d WHERE d.endpoint_id = ?1 AND d.message_id = ?2
            ORDER BY d.sequence DESC LIMIT 1
            """)
        // One endpoint's oldest due deliveries, up to its room (the webhook_deliveries_due_by_endpoint index).
        selectDue = try connection.prepare("""
            SELECT \(Self.deliveryColumns), \(Self.prefixed(Self.endpointColumns, "e."))
            FROM webhook_deliveries AS d JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
            WHERE d.endpoint_id = ?1 AND d.state = 'pending' AND d.next_attempt_at <= ?2 AND e.disabled_at IS NULL
            ORDER BY d.next_attempt_at, d.sequence LIMIT ?3
            """)
        selectEnabledEndpointIDs = try connection.prepare("SELECT id FROM webhook_endpoints WHERE disabled_at IS NULL")
        lease = try connection.prepare(
            "UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?2 WHERE sequence = ?1")
        markDelivered = try connection.prepare("""
            UPDATE webhook_deliveries SET state = 'delivered', next_attempt_at = NULL, last_attempt_at = ?2,
                last_status = ?3, last_error = NULL WHERE sequence = ?1
            """)
        markRetry = try connection.prepare("""
            UPDATE webhook_deliveries SET next_attempt_at = ?2, last_attempt_at = ?3, last_status = ?4, last_error = ?5
            WHERE sequence = ?1
            """)
        markFailed = try connection.prepare("""
            UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL, last_attempt_at = ?2,
                last_status = ?3, last_error = ?4 WHERE sequence = ?1
            """)
        disable = try connection.prepare("""
            UPDATE webhook_endpoints SET disabled_at = ?2, disabled_reason = ?3
            WHERE id = (SELECT endpoint_id FROM webhook_deliveries WHERE sequence = ?1)
            """)
        selectStatistics = try connection.prepare(
            // A disabled endpoint's deliveries wait for it to be re-enabled: not a backlog to alert on.
            """
            SELECT count(*), min(d.event_timestamp) FROM webhook_deliveries AS d
            JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
            WHERE d.state = 'pending' AND e.disabled_at IS NULL
            """)
        selectSubscriptions = try connection.prepare("SELECT events FROM webhook_endpoints WHERE disabled_at IS NULL")
        // The retention sweep: by the webhook_deliveries_finished index (migration 16), never a pending row.
        deleteFinished = try connection.prepare("""
            DELETE FROM webhook_deliveries WHERE sequence IN (
                SELECT sequence FROM webhook_deliveries WHERE state <> 'pending' AND last_attempt_at < ?1
                ORDER BY last_attempt_at LIMIT ?2)
            """)
        // The outbox limit: each endpoint's pending deliveries (the due_by_endpoint index) and all
        // of its deliveries (the by_endpoint index), both counted from an index alone.
        selectOutboxSizes = try connection.prepare("""
            SELECT e.id,
                (SELECT count(*) FROM webhook_deliveries AS d WHERE d.endpoint_id = e.id AND d.state = 'pending'),
                (SELECT count(*) FROM webhook_deliveries AS d WHERE d.endpoint_id = e.id)
            FROM webhook_endpoints AS e
            """)
        dropNewestPending = try connection.prepare("""
            DELETE FROM webhook_deliveries WHERE sequence IN (
                SELECT sequence FROM webhook_deliveries
                WHERE endpoint_id = ?1 AND state = 'pending' AND attempts = 0 ORDER BY sequence DESC LIMIT ?2)
            """)
        countDropped = try connection.prepare(
            "UPDATE webhook_endpoints SET dropped_events = dropped_events + ?2 WHERE id = ?1")
        sweepOldestFinished = try connection.prepare("""
            DELETE FROM webhook_deliveries WHERE sequence IN (
                SELECT sequence FROM webhook_deliveries
                WHERE endpoint_id = ?1 AND state <> 'pending' ORDER BY sequence DESC LIMIT -1 OFFSET ?2)
            """)
    }

    /// Forgets the cached subscriptions (a batch that changed endpoints was rolled back).
    func forgetSubscriptions() { subscribed = nil }

    // MARK: The outbox, from the short-link and claim writes

    /// Queues the event `make` builds for every enabled endpoint subscribed to `type`; builds
    /// nothing when none is.
    func publish(_ type: WebhookEventType, _ make: () -> WebhookEvent) throws(SQLiteError) {
        guard try subscriptions().contains(type) else { return }
        let event = make()
        try fanOut.run(.text(event.id), .text(event.type.rawValue), .integer(event.timestamp.millisecondsSince1970),
                       .text(event.payload), .text("," + event.type.rawValue + ","))
    }

    private func subscriptions() throws(SQLiteError) -> Set<WebhookEventType> {
        if let subscribed { return subscribed }
        let statement = selectSubscriptions
        statement.reset()
        defer { statement.reset() }
        var types = Set<WebhookEventType>()
        while try statement.step() { types.formUnion(WebhookEndpoint.events(fromList: statement.text(at: 0))) }
        subscribed = types
        return types
    }

    // MARK: Endpoints

    func create(_ endpoint: WebhookEndpoint) throws(SQLiteError) {
        subscribed = nil
        try insertEndpoint.run(
            .text(endpoint.id), .text(endpoint.url), .text(endpoint.eventList), endpoint.description.map { .text($0) } ?? .null,
            .integer(endpoint.createdAt.millisecondsSince1970), .blob(endpoint.secret.bytes),
            endpoint.previousSecret.map { .blob($0.bytes) } ?? .null,
            endpoint.previousSecretExpiresAt.map { .integer($0.millisecondsSince1970) } ?? .null,
            endpoint.disabledAt.map { .integer($0.millisecondsSince1970) } ?? .null,
            endpoint.disabledReason.map { .text($0) } ?? .null, .integer(Int64(endpoint.droppedEvents)))
    }

    func endpoints() throws(SQLiteError) -> [WebhookEndpoint] {
        let statement = selectEndpoints
        statement.reset()
        defer { statement.reset() }
        var found: [WebhookEndpoint] = []
        while try statement.step() {
            if let endpoint = Self.endpoint(statement, from: 0) { found.append(endpoint) }
        }
        return found
    }

    func endpoint(id: String) throws(SQLiteError) -> WebhookEndpoint? {
        let statement = selectEndpoint
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(id))
        guard try statement.step() else { return nil }
        return Self.endpoint(statement, from: 0)
    }

    func delete(id: String) throws(SQLiteError) -> Bool {
        subscribed = nil
        try deleteEndpoint.run(.text(id))
        let deleted = connection.changes > 0
        if deleted { try deleteEndpointDeliveries.run(.text(id)) }
        return deleted
    }

    func rotate(id: String, to secret: WebhookSecret, previousExpiresAt: Date) throws(SQLiteError) -> WebhookEndpoint? {
        try rotate.run(.text(id), .blob(secret.bytes), .integer(previousExpiresAt.millisecondsSince1970))
        guard connection.changes > 0 else { return nil }
        return try endpoint(id: id)
    }

    /// Applies `change` inside the writer's transaction: read, apply, write back.
    func update(id: String, change: WebhookEndpointChange) throws(SQLiteError) -> WebhookEndpoint? {
        guard let current = try endpoint(id: id) else { return nil }
        subscribed = nil
        let changed = change.applied(to: current)
        try update.run(.text(id), .text(changed.url), .text(changed.eventList),
                       changed.disabledAt.map { .integer($0.millisecondsSince1970) } ?? .null,
                       changed.disabledReason.map { .text($0) } ?? .null)
        return changed
    }

    // MARK: Deliveries

    func enqueue(_ event: WebhookEvent, endpointID: String, due: Date) throws(SQLiteError) -> Bool {
        try enqueueOne.run(.text(endpointID), .text(event.id), .text(event.type.rawValue),
                           .integer(event.timestamp.millisecondsSince1970), .text(event.payload),
                           .integer(due.millisecondsSince1970))
        return connection.changes > 0
    }

    func deliveries(endpointID: String, limit: Int) throws(SQLiteError) -> [WebhookDelivery] {
        let statement = selectDeliveries
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(endpointID), .integer(Int64(max(0, limit))))
        var found: [WebhookDelivery] = []
        while try statement.step() {
            if let delivery = Self.delivery(statement) { found.append(delivery) }
        }
        return found
    }

    func replay(endpointID: String, messageID: String, now: Date) throws(SQLiteError) -> Bool {
        let statement = selectMessage
        statement.reset()
        let original: WebhookDelivery?
        do {
            defer { statement.reset() }
            try statement.bind(.text(endpointID), .text(messageID))
            original = try statement.step() ? Self.delivery(statement) : nil
        }
        guard let original else { return false }
        return try enqueue(original.event, endpointID: endpointID, due: now)
    }

    /// Each enabled endpoint's oldest due deliveries up to its room in `cap`, then the oldest
    /// `limit` of those over all endpoints, leased. One indexed query per endpoint, so an
    /// endpoint's backlog costs a claim only the rows it may take.
    func claim(now: Date, leaseUntil: Date, limit: Int, cap: WebhookEndpointCap) throws(SQLiteError) -> [WebhookDispatch] {
        let limit = max(0, limit)
        guard limit > 0 else { return [] }
        var endpointIDs: [String] = []
        do {
            let statement = selectEnabledEndpointIDs
            statement.reset()
            defer { statement.reset() }
            while try statement.step() { endpointIDs.append(statement.text(at: 0)) }
        }
        var due: [WebhookDispatch] = []
        for endpointID in endpointIDs {
            let room = min(limit, cap.room(for: endpointID))
            guard room > 0 else { continue }
            let statement = selectDue
            statement.reset()
            defer { statement.reset() }
            try statement.bind(.text(endpointID), .integer(now.millisecondsSince1970), .integer(Int64(room)))
            while try statement.step() {
                guard let delivery = Self.delivery(statement), let endpoint = Self.endpoint(statement, from: 12) else { continue }
                due.append(WebhookDispatch(delivery: delivery, endpoint: endpoint))
            }
        }
        let claimed = due.sorted {
            ($0.delivery.nextAttemptAt ?? now, $0.delivery.sequence) < ($1.delivery.nextAttemptAt ?? now, $1.delivery.sequence)
        }.prefix(limit).map { dispatch in
            var leased = dispatch
            leased.delivery.attempts += 1
            leased.delivery.nextAttemptAt = leaseUntil
            return leased
        }
        for dispatch in claimed {
            try lease.run(.integer(dispatch.delivery.sequence), .integer(leaseUntil.millisecondsSince1970))
        }
        return claimed
    }

    func record(sequence: Int64, outcome: WebhookAttemptOutcome, at: Date) throws(SQLiteError) {
        let time = StatementArgument.integer(at.millisecondsSince1970)
        switch outcome {
        case .delivered(let status):
            try markDelivered.run(.integer(sequence), time, .integer(Int64(status)))
        case .retry(let next, let status, let error):
            try markRetry.run(.integer(sequence), .integer(next.millisecondsSince1970), time,
                              status.map { .integer(Int64($0)) } ?? .null, .text(error))
        case .failed(let status, let error, let disableEndpoint):
            try markFailed.run(.integer(sequence), time, status.map { .integer(Int64($0)) } ?? .null, .text(error))
            if disableEndpoint {
                subscribed = nil
                try disable.run(.integer(sequence), time, .text(error))
            }
        }
    }

    /// Deletes up to `limit` delivered and failed deliveries last attempted before `cutoff`,
    /// oldest first; answers how many.
    func deleteFinished(before cutoff: Date, limit: Int) throws(SQLiteError) -> Int {
        try deleteFinished.run(.integer(cutoff.millisecondsSince1970), .integer(Int64(max(0, limit))))
        return connection.changes
    }

    /// Keeps each endpoint's outbox within `limit` deliveries (`WebhookStore.trimWebhookOutbox`).
    func trim(limit: Int) throws(SQLiteError) -> WebhookOutboxTrim {
        let limit = max(0, limit)
        var sizes: [(id: String, pending: Int, all: Int)] = []
        let statement = selectOutboxSizes
        statement.reset()
        defer { statement.reset() }
        while try statement.step() {
            sizes.append((statement.text(at: 0), Int(statement.int64(at: 1)), Int(statement.int64(at: 2))))
        }
        statement.reset()
        var trim = WebhookOutboxTrim()
        for size in sizes where size.all > limit {
            var pending = size.pending
            if pending > limit {
                try dropNewestPending.run(.text(size.id), .integer(Int64(pending - limit)))
                let dropped = connection.changes
                if dropped > 0 {
                    try countDropped.run(.text(size.id), .integer(Int64(dropped)))
                    trim.dropped[size.id] = dropped
                    pending -= dropped
                }
            }
            if size.all - size.pending > limit - min(pending, limit) {
                try sweepOldestFinished.run(.text(size.id), .integer(Int64(limit - min(pending, limit))))
                trim.swept += connection.changes
            }
        }
        return trim
    }

    func statistics() throws(SQLiteError) -> WebhookQueueStatistics {
        let statement = selectStatistics
        statement.reset()
        defer { statement.reset() }
        guard try statement.step() else { return WebhookQueueStatistics(pending: 0, oldestPendingAt: nil) }
        return WebhookQueueStatistics(
            pending: Int(statement.int64(at: 0)),
            oldestPendingAt: statement.isNull(at: 1) ? nil : Date(millisecondsSince1970: statement.int64(at: 1)))
    }

    /// `columns` (comma-separated) with each name prefixed, e.g. `e.id, e.url`.
    private static func prefixed(_ columns: String, _ prefix: String) -> String {
        columns.split(separator: ",").map { prefix + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .joined(separator: ", ")
    }

    // MARK: Rows

    /// The endpoint in `endpointColumns` order starting at column `first`; nil for a row that no
    /// longer validates (skipped, not fatal).
    private static func endpoint(_ statement: Statement, from first: Int32) -> WebhookEndpoint? {
        guard let secret = try? WebhookSecret(bytes: statement.blob(at: first + 5)) else { return nil }
        func date(_ column: Int32) -> Date? {
            statement.isNull(at: first + column) ? nil : Date(millisecondsSince1970: statement.int64(at: first + column))
        }
        return WebhookEndpoint(
            id: statement.text(at: first), url: statement.text(at: first + 1),
            events: WebhookEndpoint.events(fromList: statement.text(at: first + 2)),
            description: statement.isNull(at: first + 3) ? nil : statement.text(at: first + 3),
            createdAt: Date(millisecondsSince1970: statement.int64(at: first + 4)), secret: secret,
            previousSecret: statement.isNull(at: first + 6) ? nil : try? WebhookSecret(bytes: statement.blob(at: first + 6)),
            previousSecretExpiresAt: date(7), disabledAt: date(8),
            disabledReason: statement.isNull(at: first + 9) ? nil : statement.text(at: first + 9),
            droppedEvents: Int(statement.int64(at: first + 10)))
    }

    /// The delivery in `deliveryColumns` order; nil for an unknown event type or state.
    private static func delivery(_ statement: Statement) -> WebhookDelivery? {
        guard let type = WebhookEventType(rawValue: statement.text(at: 3)),
              let state = WebhookDeliveryState(rawValue: statement.text(at: 6)) else { return nil }
        func date(_ column: Int32) -> Date? {
            statement.isNull(at: column) ? nil : Date(millisecondsSince1970: statement.int64(at: column))
        }
        return WebhookDelivery(
            sequence: statement.int64(at: 0), endpointID: statement.text(at: 1),
            event: WebhookEvent(id: statement.text(at: 2), type: type,
                                timestamp: Date(millisecondsSince1970: statement.int64(at: 4)), payload: statement.text(at: 5)),
            state: state, attempts: Int(statement.int64(at: 7)), nextAttemptAt: date(8), lastAttemptAt: date(9),
            lastStatus: statement.isNull(at: 10) ? nil : Int(statement.int64(at: 10)),
            lastError: statement.isNull(at: 11) ? nil : statement.text(at: 11))
    }
}
