import Foundation
import SceneLinkCore

/// Webhook endpoints and their outbox in the same database (migration 5), through the same pool.
/// Short-link changes write their events in their own statement (`PostgresStatement.fanOut`);
/// claims run in a transaction of their own with `FOR UPDATE SKIP LOCKED`, so workers on every
/// instance share the outbox and each attempt is made by one of them. Changes are acknowledged
/// after their commit.
extension PostgresSceneStateStore: WebhookStore {
    public func createWebhookEndpoint(_ endpoint: WebhookEndpoint, recording: IdempotencyRecord?,
                                      completion: @escaping WebhookCompletion<WebhookEndpoint>) {
        let parameters: [PostgresParameter] = [
            .text(endpoint.id), .text(endpoint.url), .text(endpoint.eventList), endpoint.description.map { .text($0) } ?? .null,
            .int64(Self.milliseconds(endpoint.createdAt)), .bytes(endpoint.secret.bytes),
            endpoint.previousSecret.map { .bytes($0.bytes) } ?? .null,
            endpoint.previousSecretExpiresAt.map { .int64(Self.milliseconds($0)) } ?? .null,
            endpoint.disabledAt.map { .int64(Self.milliseconds($0)) } ?? .null,
            endpoint.disabledReason.map { .text($0) } ?? .null,
        ] + Self.parameters(recording)
        call(.createWebhookEndpoint, parameters, kind: .write, lockOrder: Self.lockOrder(endpoint.id),
             Self.mapping(completion)) { _ in endpoint }
    }

    public func webhookEndpoints(completion: @escaping WebhookCompletion<[WebhookEndpoint]>) {
        call(.selectWebhookEndpoints, [], kind: .read, Self.mapping(completion)) { rows in
            try rows.compactMap { row throws(PostgresError) in try Self.endpoint(row, from: 0) }
        }
    }

    public func webhookEndpoint(id: String, completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        call(.selectWebhookEndpoint, [.text(id)], kind: .read, Self.mapping(completion)) { rows in
            try rows.first.flatMap { row throws(PostgresError) in try Self.endpoint(row, from: 0) }
        }
    }

    public func deleteWebhookEndpoint(id: String, completion: @escaping WebhookCompletion<Bool>) {
        call(.deleteWebhookEndpoint, [.text(id)], kind: .write, lockOrder: Self.lockOrder(id),
             Self.mapping(completion)) { !$0.isEmpty }
    }

    public func rotateWebhookSecret(id: String, to secret: WebhookSecret, previousExpiresAt: Date,
                                    completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        call(.rotateWebhookSecret, [.text(id), .bytes(secret.bytes), .int64(Self.milliseconds(previousExpiresAt))],
             kind: .write, lockOrder: Self.lockOrder(id), Self.mapping(completion)) { rows in
            try rows.first.flatMap { row throws(PostgresError) in try Self.endpoint(row, from: 0) }
        }
    }

    public func updateWebhookEndpoint(id: String, change: WebhookEndpointChange,
                                      completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        let enabled: PostgresParameter = change.enabled.map { .int64($0 ? 1 : 0) } ?? .null
        call(.updateWebhookEndpoint, [.text(id), change.url.map { .text($0) } ?? .null,
                                      change.events.map { .text(WebhookEndpoint.eventList($0)) } ?? .null, enabled,
                                      .int64(Self.milliseconds(change.at)), .text(WebhookEndpointChange.disabledReason)],
             kind: .write, lockOrder: Self.lockOrder(id), Self.mapping(completion)) { rows in
            try rows.first.flatMap { row throws(PostgresError) in try Self.endpoint(row, from: 0) }
        }
    }

    public func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String, completion: @escaping WebhookCompletion<Bool>) {
        call(.enqueueWebhookEvent, [.text(endpointID), .text(event.id), .text(event.type.rawValue),
                                    .int64(Self.milliseconds(event.timestamp)), .text(event.payload)],
             kind: .write, lockOrder: Self.lockOrder(endpointID), Self.mapping(completion)) { !$0.isEmpty }
    }

    public func webhookDeliveries(endpointID: String, limit: Int, completion: @escaping WebhookCompletion<[WebhookDelivery]>) {
        call(.selectWebhookDeliveries, [.text(endpointID), .int64(Int64(max(0, limit)))], kind: .read,
             Self.mapping(completion)) { rows in
            try rows.compactMap { row throws(PostgresError) in try Self.delivery(row) }
        }
    }

    public func replayWebhookMessage(endpointID: String, messageID: String, now: Date,
                                     completion: @escaping WebhookCompletion<Bool>) {
        call(.replayWebhookMessage, [.text(endpointID), .text(messageID), .int64(Self.milliseconds(now))],
             kind: .write, lockOrder: Self.lockOrder(endpointID), Self.mapping(completion)) { !$0.isEmpty }
    }

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, cap: WebhookEndpointCap,
                                       completion: @escaping WebhookCompletion<[WebhookDispatch]>) {
        let inFlight = cap.inFlight.sorted { $0.key < $1.key }
        call(.claimWebhookDeliveries, [.int64(Self.milliseconds(now)), .int64(Self.milliseconds(leaseUntil)),
                                       .int64(Int64(max(0, limit))), .int64(Int64(cap.maximumPerEndpoint)),
                                       .textArray(inFlight.map(\.key)), .int64Array(inFlight.map { Int64($0.value) })],
             kind: .soloWrite, Self.mapping(completion)) { rows in
            var claimed: [WebhookDispatch] = []
            for row in rows {
                guard let delivery = try Self.delivery(row), let endpoint = try Self.endpoint(row, from: 12) else { continue }
                claimed.append(WebhookDispatch(delivery: delivery, endpoint: endpoint))
            }
            return claimed.sorted { ($0.delivery.sequence) < ($1.delivery.sequence) }
        }
    }

    public func recordWebhookAttempt(sequence: Int64, outcome: WebhookAttemptOutcome, at: Date,
                                     completion: @escaping WebhookCompletion<Void>) {
        let time = PostgresParameter.int64(Self.milliseconds(at))
        let statement: PostgresStatement
        let parameters: [PostgresParameter]
        switch outcome {
        case .delivered(let status):
            statement = .markWebhookDelivered
            parameters = [.int64(sequence), time, .int32(Int32(clamping: status))]
        case .retry(let next, let status, let error):
            statement = .markWebhookRetry
            parameters = [.int64(sequence), .int64(Self.milliseconds(next)), time,
                          status.map { .int32(Int32(clamping: $0)) } ?? .null, .text(error)]
        case .failed(let status, let error, let disable):
            statement = .markWebhookFailed
            parameters = [.int64(sequence), time, status.map { .int32(Int32(clamping: $0)) } ?? .null, .text(error),
                          .int32(disable ? 1 : 0)]
        }
        call(statement, parameters, kind: .write, lockOrder: "webhook-delivery \(sequence)", Self.mapping(completion)) { _ in () }
    }

    public func webhookQueueStatistics(completion: @escaping WebhookCompletion<WebhookQueueStatistics>) {
        call(.selectWebhookStatistics, [], kind: .read, Self.mapping(completion)) { rows in
            guard let row = rows.first else { return WebhookQueueStatistics(pending: 0, oldestPendingAt: nil) }
            return WebhookQueueStatistics(pending: Int(clamping: try row.int64(0)),
                                          oldestPendingAt: try row.int64OrNil(1).map(Self.date))
        }
    }

    public func deleteFinishedWebhookDeliveries(before cutoff: Date, limit: Int, completion: @escaping WebhookCompletion<Int>) {
        call(.deleteFinishedWebhookDeliveries, [.int64(Self.milliseconds(cutoff)), .int64(Int64(max(0, limit)))],
             kind: .soloWrite, Self.mapping(completion)) { $0.count }
    }

    public func trimWebhookOutbox(limit: Int, completion: @escaping WebhookCompletion<WebhookOutboxTrim>) {
        call(.trimWebhookOutbox, [.int64(Int64(max(0, limit)))], kind: .soloWrite, Self.mapping(completion)) { rows in
            var trim = WebhookOutboxTrim()
            for row in rows {
                if row.isNull(0) {
                    trim.swept += Int(clamping: try row.int64(1))
                } else {
                    trim.dropped[try row.text(0), default: 0] += Int(clamping: try row.int64(1))
                }
            }
            return trim
        }
    }

    // MARK: Rows

    /// The endpoint in `webhookEndpointColumns` order from column `first`; nil for a row whose
    /// secret no longer validates (skipped, not fatal).
    private static func endpoint(_ row: PostgresRow, from first: Int) throws(PostgresError) -> WebhookEndpoint? {
        guard let secret = try? WebhookSecret(bytes: try row.bytes(first + 5)) else { return nil }
        return WebhookEndpoint(
            id: try row.text(first), url: try row.text(first + 1),
            events: WebhookEndpoint.events(fromList: try row.text(first + 2)),
            description: row.isNull(first + 3) ? nil : try row.text(first + 3),
            createdAt: date(try row.int64(first + 4)), secret: secret,
            previousSecret: row.isNull(first + 6) ? nil : try? WebhookSecret(bytes: try row.bytes(first + 6)),
            previousSecretExpiresAt: try row.int64OrNil(first + 7).map(date),
            disabledAt: try row.int64OrNil(first + 8).map(date),
            disabledReason: row.isNull(first + 9) ? nil : try row.text(first + 9),
            droppedEvents: Int(clamping: try row.int64(first + 10)))
    }

    /// The delivery in `webhookDeliveryColumns` order; nil for an unknown event type or state.
    private static func delivery(_ row: PostgresRow) throws(PostgresError) -> WebhookDelivery? {
        guard let type = WebhookEventType(rawValue: try row.text(3)),
              let state = WebhookDeliveryState(rawValue: try row.text(6)) else { return nil }
        return WebhookDelivery(
            sequence: try row.int64(0), endpointID: try row.text(1),
            event: WebhookEvent(id: try row.text(2), type: type, timestamp: date(try row.int64(4)), payload: try row.text(5)),
            state: state, attempts: Int(clamping: try row.int64(7)), nextAttemptAt: try row.int64OrNil(8).map(date),
            lastAttemptAt: try row.int64OrNil(9).map(date), lastStatus: try row.int64OrNil(10).map { Int(clamping: $0) },
            lastError: row.isNull(11) ? nil : try row.text(11))
    }

    /// Where an endpoint's writes sort in a group commit (see the short links' `lockOrder`).
    private static func lockOrder(_ endpointID: String) -> String { "webhook " + endpointID }

    /// A scene-state completion that answers a webhook one.
    private static func mapping<T>(_ completion: @escaping WebhookCompletion<T>) -> SceneStateCompletion<T> {
        { result in
            completion(result.mapError { error in
                if case .failure(let failure) = error { return .failure(failure) }
                return .failure(.storage(message: error.description))
            })
        }
    }
}
