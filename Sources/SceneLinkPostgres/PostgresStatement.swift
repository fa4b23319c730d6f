import SceneLinkCore

/// Every statement the store runs, prepared once on each pooled connection (`PQprepare`
/// under the case's name) and then run by name with binary parameters.
///
/// Each write is one statement. The conditional writes call functions the migrations create
/// (`scenelink_put_value` and friends): inside, the session's row is locked first
/// (`FOR NO KEY UPDATE`), then the precondition, the limits and the write run against what is
/// committed now, so two instances never interleave a read and a write of one session.
enum PostgresStatement: String, CaseIterable, Sendable {
    case createSession = "create_session"
    case refreshSession = "refresh_session"
    case deleteSession = "delete_session"
    case deleteExpiredSessions = "delete_expired_sessions"
    case putValue = "put_value"
    case deleteValue = "delete_value"
    case replaceScene = "replace_scene"
    case deleteScene = "delete_scene"
    case checkWritable = "check_writable"
    case selectSessionByID = "select_session_by_id"
    case selectSessionByTokenHash = "select_session_by_token_hash"
    case selectValue = "select_value"
    case selectScene = "select_scene"
    case selectScenes = "select_scenes"
    case selectCounts = "select_counts"
    case createShortLink = "create_short_link"
    case countShortLinkClick = "count_short_link_click"
    case deleteShortLink = "delete_short_link"
    case deleteExpiredShortLinks = "delete_expired_short_links"
    case selectShortLink = "select_short_link"
    case selectShortLinks = "select_short_links"
    case createWebhookEndpoint = "create_webhook_endpoint"
    case selectWebhookEndpoints = "select_webhook_endpoints"
    case selectWebhookEndpoint = "select_webhook_endpoint"
    case deleteWebhookEndpoint = "delete_webhook_endpoint"
    case rotateWebhookSecret = "rotate_webhook_secret"
    case updateWebhookEndpoint = "update_webhook_endpoint"
    case enqueueWebhookEvent = "enqueue_webhook_event"
    case selectWebhookDeliveries = "select_webhook_deliveries"
    case replayWebhookMessage = "replay_webhook_message"
    case claimWebhookDeliveries = "claim_webhook_deliveries"
    case markWebhookDelivered = "mark_webhook_delivered"
    case markWebhookRetry = "mark_webhook_retry"
    case markWebhookFailed = "mark_webhook_failed"
    case selectWebhookStatistics = "select_webhook_statistics"
    case createClaim = "create_claim"
    case selectClaimByToken = "select_claim_by_token"
    case selectClaimByCode = "select_claim_by_code"
    case redeemClaimByToken = "redeem_claim_by_token"
    case redeemClaimByCode = "redeem_claim_by_code"
    case deleteExpiredClaims = "delete_expired_claims"

    /// The columns `PostgresSceneStateStore+ShortLinks` decodes a short link from, in order.
    static let shortLinkColumns = "sequence, code, link, created_at, expires_at, clicks, route"
    /// The columns `PostgresSceneStateStore+Webhooks` decodes an endpoint from, in order.
    static let webhookEndpointColumns = """
        id, url, events, description, created_at, secret, previous_secret, previous_secret_expires_at, \
        disabled_at, disabled_reason
        """
    /// The columns of a delivery, in order.
    static let webhookDeliveryColumns = """
        sequence, endpoint_id, message_id, event_type, event_timestamp, payload, state, attempts, \
        next_attempt_at, last_attempt_at, last_status, last_error
        """

    /// Queues the event of a change (a short link's, a claim's redemption) for every enabled endpoint subscribed to it, in
    /// the statement of the change (a data-modifying `WITH` runs whether or not it is read), so
    /// in its transaction. `source` is the CTE whose one row means the change happened.
    private static func fanOut(_ type: String, source: String, messageID: String, timestamp: String, payload: String) -> String {
        """
        INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, event_timestamp, payload, next_attempt_at)
            SELECT e.id, \(messageID), '\(type)', \(timestamp), \(payload), \(timestamp) FROM webhook_endpoints AS e, \(source)
            WHERE e.disabled_at IS NULL AND position(',\(type),' IN e.events) > 0
        """
    }

    /// The columns `PostgresSceneStateStore+Claims` decodes a claim from, in order.
    static let claimColumns = "id, secret_hash, link, created_at, expires_at, code_expires_at, "
        + "redeemed_install, redeemed_source, redeemed_at, route"

    /// `claimColumns`, each prefixed with `table.`.
    private static func claimColumns(of table: String) -> String {
        claimColumns.split(separator: ",").map { table + "." + $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
    }

    /// A redemption in one statement: the claim is read `FOR UPDATE` (so a concurrent redemption
    /// of it is waited for and its committed row is what is read), then updated when it is live
    /// and unredeemed (the last column true, and `claim.redeemed` queued for every subscribed
    /// endpoint by the same statement), else answered as stored (false) for
    /// `Claim.redemptionDecision`. `key` finds the row (a token's id and secret hash, $8, or the
    /// id a code reads as); $5 is the event's id, $6 and $7 its body before the route and after the link
    /// (`WebhookEvent.claimRedeemedTemplate`).
    private static func redeemClaim(key: String, liveCondition: String) -> String {
        let route = "coalesce(to_json(redeemed.route)::text, 'null')"
        let between = WebhookEvent.claimRedeemedBetweenRouteAndLink
        return """
            WITH stored AS (SELECT \(claimColumns) FROM claims WHERE \(key) FOR UPDATE),
            redeemed AS (
                UPDATE claims AS c SET redeemed_install = $2, redeemed_source = $3, redeemed_at = $4
                FROM stored WHERE c.id = stored.id AND stored.redeemed_install IS NULL AND \(liveCondition)
                RETURNING \(claimColumns(of: "c"))),
            event AS (\(Self.fanOut("claim.redeemed", source: "redeemed", messageID: "$5", timestamp: "$4",
                                   payload: "$6 || \(route) || '\(between)' || to_json(redeemed.link)::text || $7")))
            SELECT \(claimColumns), true FROM redeemed
            UNION ALL
            SELECT \(claimColumns), false FROM stored WHERE NOT EXISTS (SELECT 1 FROM redeemed)
            """
    }

    private typealias OID = PostgresParameter.TypeOID
    /// If-Match mode and revisions, If-None-Match mode and revisions (see `Precondition+Postgres`).
    private static let condition: [UInt32] = [OID.int4, OID.int8Array, OID.int4, OID.int8Array]

    var sql: String {
        switch self {
        case .createSession:
            return """
                INSERT INTO sessions (id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT DO NOTHING RETURNING 1
                """
        case .refreshSession: return "UPDATE sessions SET expires_at = $2 WHERE id = $1 RETURNING 1"
        case .deleteSession: return "DELETE FROM sessions WHERE id = $1 RETURNING 1"
        case .deleteExpiredSessions:
            // SKIP LOCKED: sweeps on several instances at once take different sessions and never
            // wait for each other or for a session being written.
            return """
                DELETE FROM sessions WHERE id IN (
                    SELECT id FROM sessions WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
                RETURNING 1
                """
        case .putValue:
            return "SELECT o_status, o_revision, o_created FROM scenelink_put_value($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
        case .deleteValue:
            return "SELECT o_status, o_revision FROM scenelink_delete_value($1, $2, $3, $4, $5, $6, $7)"
        case .replaceScene:
            return "SELECT o_status, o_revision, o_created FROM scenelink_replace_scene($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
        case .deleteScene:
            return "SELECT o_status, o_revision FROM scenelink_delete_scene($1, $2, $3, $4, $5, $6)"
        case .checkWritable:
            return "SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off'"
        case .selectSessionByID:
            return "SELECT id, token_hash, created_at, expires_at FROM sessions WHERE id = $1"
        case .selectSessionByTokenHash:
            return "SELECT id, token_hash, created_at, expires_at FROM sessions WHERE token_hash = $1"
        // The reads start from the session's row, so that no row at all means the session is gone
        // (another instance may have deleted a session this one has cached).
        case .selectValue:
            return """
                SELECT v.content_type, v.revision, v.bytes
                FROM sessions AS s LEFT JOIN scene_values AS v ON v.session_id = s.id AND v.scene = $2 AND v.value_key = $3
                WHERE s.id = $1
                """
        case .selectScene:
            return """
                SELECT c.revision, v.value_key, v.content_type, v.revision, v.bytes
                FROM sessions AS s
                LEFT JOIN scenes AS c ON c.session_id = s.id AND c.scene = $2
                LEFT JOIN scene_values AS v ON v.session_id = c.session_id AND v.scene = c.scene
                WHERE s.id = $1
                """
        case .selectScenes:
            return """
                SELECT c.scene, c.revision, c.value_count FROM sessions AS s LEFT JOIN scenes AS c ON c.session_id = s.id
                WHERE s.id = $1 ORDER BY c.scene COLLATE "C"
                """
        case .selectCounts:
            return """
                SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM scenes),
                       (SELECT coalesce(sum(value_count), 0)::bigint FROM scenes)
                """
        case .createShortLink:
            // DO NOTHING rather than an error: a taken code must not abort the group commit it shares.
            // $6 and $7: the id and body of its short_link.created event.
            return """
                WITH link AS (
                    INSERT INTO short_links (code_hash, code, link, created_at, expires_at, route) VALUES ($1, $2, $3, $4, $5, $8)
                    ON CONFLICT (code_hash) DO NOTHING RETURNING sequence),
                event AS (\(Self.fanOut("short_link.created", source: "link", messageID: "$6", timestamp: "$4", payload: "$7")))
                SELECT sequence FROM link
                """
        case .countShortLinkClick:
            // $2 the event id, $3 the click's time, $4 and $5 the body before and after the new count.
            return """
                WITH link AS (UPDATE short_links SET clicks = clicks + 1 WHERE code_hash = $1 RETURNING clicks),
                event AS (\(Self.fanOut("short_link.clicked", source: "link", messageID: "$2", timestamp: "$3",
                                        payload: "$4 || link.clicks::text || $5")))
                SELECT 1
                """
        case .deleteShortLink:
            // $2, $3, $4: the id, time and body of its short_link.deleted event.
            return """
                WITH link AS (DELETE FROM short_links WHERE code_hash = $1 RETURNING 1),
                event AS (\(Self.fanOut("short_link.deleted", source: "link", messageID: "$2", timestamp: "$3", payload: "$4")))
                SELECT 1 FROM link
                """
        case .deleteExpiredShortLinks:
            // SKIP LOCKED, as for sessions: sweeps on several instances at once take different
            // links and never wait for each other or for a click being counted.
            return """
                DELETE FROM short_links WHERE sequence IN (
                    SELECT sequence FROM short_links WHERE expires_at < $1 ORDER BY expires_at LIMIT $2
                    FOR UPDATE SKIP LOCKED)
                RETURNING 1
                """
        case .selectShortLink:
            return "SELECT \(PostgresStatement.shortLinkColumns) FROM short_links WHERE code_hash = $1"
        case .selectShortLinks:
            return "SELECT \(PostgresStatement.shortLinkColumns) FROM short_links WHERE sequence > $1 ORDER BY sequence LIMIT $2"
        case .createWebhookEndpoint:
            return """
                INSERT INTO webhook_endpoints (\(Self.webhookEndpointColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                RETURNING 1
                """
        case .selectWebhookEndpoints:
            return "SELECT \(Self.webhookEndpointColumns) FROM webhook_endpoints ORDER BY sequence"
        case .selectWebhookEndpoint:
            return "SELECT \(Self.webhookEndpointColumns) FROM webhook_endpoints WHERE id = $1"
        case .deleteWebhookEndpoint:
            return """
                WITH deliveries AS (DELETE FROM webhook_deliveries WHERE endpoint_id = $1)
                DELETE FROM webhook_endpoints WHERE id = $1 RETURNING 1
                """
        case .rotateWebhookSecret:
            return """
                UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_expires_at = $3, secret = $2
                WHERE id = $1 RETURNING \(Self.webhookEndpointColumns)
                """
        case .updateWebhookEndpoint:
            // One statement, so two instances changing one endpoint cannot interleave a read and
            // a write: $4 is 1 to enable, 0 to disable (keeping an earlier disabled time and
            // reason), NULL to leave it; url and events NULL keep theirs.
            return """
                UPDATE webhook_endpoints SET url = coalesce($2, url), events = coalesce($3, events),
                    disabled_at = CASE $4 WHEN 1 THEN NULL WHEN 0 THEN coalesce(disabled_at, $5) ELSE disabled_at END,
                    disabled_reason = CASE $4 WHEN 1 THEN NULL WHEN 0 THEN coalesce(disabled_reason, $6) ELSE disabled_reason END
                WHERE id = $1 RETURNING \(Self.webhookEndpointColumns)
                """
        case .enqueueWebhookEvent:
            return """
                INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, event_timestamp, payload, next_attempt_at)
                SELECT id, $2, $3, $4, $5, $4 FROM webhook_endpoints WHERE id = $1 RETURNING 1
                """
        case .selectWebhookDeliveries:
            return """
                SELECT \(Self.webhookDeliveryColumns) FROM webhook_deliveries WHERE endpoint_id = $1
                ORDER BY sequence DESC LIMIT $2
                """
        case .replayWebhookMessage:
            return """
                INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, event_timestamp, payload, next_attempt_at)
                SELECT endpoint_id, message_id, event_type, event_timestamp, payload, $3 FROM webhook_deliveries
                WHERE endpoint_id = $1 AND message_id = $2 ORDER BY sequence DESC LIMIT 1
                RETURNING 1
                """
        case .claimWebhookDeliveries:
            // SKIP LOCKED: workers on several instances claim different rows and never wait for
            // each other; the lease (next_attempt_at = $2) commits before anything is sent. Each
            // enabled endpoint gives its oldest due deliveries up to its room ($4, the cap, less
            // its attempts in flight: $5 endpoint ids, $6 their counts), locked in that LATERAL
            // query, so an endpoint's backlog costs only the rows it may take and a row another
            // instance leased meanwhile is rechecked and left out; then the oldest $3 of all.
            let delivery = Self.webhookDeliveryColumns.split(separator: ",")
                .map { "d." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")
            let endpoint = Self.webhookEndpointColumns.split(separator: ",")
                .map { "e." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")
            return """
                WITH due AS (
                    SELECT c.sequence FROM webhook_endpoints AS e
                    LEFT JOIN unnest($5::text[], $6::bigint[]) AS f(id, n) ON f.id = e.id
                    CROSS JOIN LATERAL (
                        SELECT d.sequence, d.next_attempt_at FROM webhook_deliveries AS d
                        WHERE d.endpoint_id = e.id AND d.state = 'pending' AND d.next_attempt_at <= $1
                        ORDER BY d.next_attempt_at, d.sequence
                        LIMIT greatest(0, least($3, $4 - coalesce(f.n, 0)))
                        FOR UPDATE OF d SKIP LOCKED) AS c
                    WHERE e.disabled_at IS NULL
                    ORDER BY c.next_attempt_at, c.sequence LIMIT $3)
                UPDATE webhook_deliveries AS d SET attempts = d.attempts + 1, next_attempt_at = $2
                FROM due, webhook_endpoints AS e WHERE d.sequence = due.sequence AND e.id = d.endpoint_id
                RETURNING \(delivery), \(endpoint)
                """
        case .markWebhookDelivered:
            return """
                UPDATE webhook_deliveries SET state = 'delivered', next_attempt_at = NULL, last_attempt_at = $2,
                    last_status = $3, last_error = NULL WHERE sequence = $1
                """
        case .markWebhookRetry:
            return """
                UPDATE webhook_deliveries SET next_attempt_at = $2, last_attempt_at = $3, last_status = $4, last_error = $5
                WHERE sequence = $1
                """
        case .markWebhookFailed:
            // $5 = 1 disables the endpoint too, with the error as the reason.
            return """
                WITH failed AS (
                    UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL, last_attempt_at = $2,
                        last_status = $3, last_error = $4 WHERE sequence = $1 RETURNING endpoint_id)
                UPDATE webhook_endpoints AS e SET disabled_at = $2, disabled_reason = $4
                FROM failed WHERE $5 = 1 AND e.id = failed.endpoint_id
                """
        case .selectWebhookStatistics:
            // A disabled endpoint's deliveries wait for it to be re-enabled: not a backlog to alert on.
            return """
                SELECT count(*), min(d.event_timestamp) FROM webhook_deliveries AS d
                JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
                WHERE d.state = 'pending' AND e.disabled_at IS NULL
                """
        case .createClaim:
            // DO NOTHING rather than an error: a taken id must not abort the group commit.
            return """
                INSERT INTO claims (id, secret_hash, link, created_at, expires_at, code_expires_at, route)
                VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING 1
                """
        case .selectClaimByToken:
            return "SELECT \(PostgresStatement.claimColumns) FROM claims WHERE id = $1 AND secret_hash = $2"
        case .selectClaimByCode: return "SELECT \(PostgresStatement.claimColumns) FROM claims WHERE id = $1"
        case .redeemClaimByToken:
            return PostgresStatement.redeemClaim(key: "id = $1 AND secret_hash = $8", liveCondition: "stored.expires_at > $4")
        case .redeemClaimByCode:
            return PostgresStatement.redeemClaim(key: "id = $1",
                                                 liveCondition: "stored.expires_at > $4 AND stored.code_expires_at > $4")
        case .deleteExpiredClaims:
            return """
                DELETE FROM claims WHERE id IN (
                    SELECT id FROM claims WHERE expires_at < $1 ORDER BY expires_at LIMIT $2
                    FOR UPDATE SKIP LOCKED)
                RETURNING 1
                """
        }
    }

    var parameterTypes: [UInt32] {
        switch self {
        case .createSession: return [OID.text, OID.bytea, OID.int8, OID.int8]
        case .refreshSession: return [OID.text, OID.int8]
        case .deleteSession, .selectSessionByID, .selectScenes: return [OID.text]
        case .deleteExpiredSessions: return [OID.int8, OID.int8]
        case .putValue:
            return [OID.text, OID.text, OID.text, OID.text, OID.bytea] + PostgresStatement.condition + [OID.int4, OID.int4]
        case .deleteValue: return [OID.text, OID.text, OID.text] + PostgresStatement.condition
        case .replaceScene:
            return [OID.text, OID.text, OID.textArray, OID.textArray, OID.byteaArray] + PostgresStatement.condition
                + [OID.int4, OID.int4, OID.int4]
        case .deleteScene: return [OID.text, OID.text] + PostgresStatement.condition
        case .checkWritable, .selectCounts: return []
        case .selectSessionByTokenHash: return [OID.bytea]
        case .selectValue: return [OID.text, OID.text, OID.text]
        case .selectScene: return [OID.text, OID.text]
        case .createShortLink: return [OID.bytea, OID.text, OID.text, OID.int8, OID.int8, OID.text, OID.text, OID.text]
        case .countShortLinkClick: return [OID.bytea, OID.text, OID.int8, OID.text, OID.text]
        case .deleteShortLink: return [OID.bytea, OID.text, OID.int8, OID.text]
        case .selectShortLink: return [OID.bytea]
        case .deleteExpiredShortLinks, .selectShortLinks: return [OID.int8, OID.int8]
        case .createWebhookEndpoint:
            return [OID.text, OID.text, OID.text, OID.text, OID.int8, OID.bytea, OID.bytea, OID.int8, OID.int8, OID.text]
        case .selectWebhookEndpoints, .selectWebhookStatistics: return []
        case .selectWebhookEndpoint, .deleteWebhookEndpoint: return [OID.text]
        case .rotateWebhookSecret: return [OID.text, OID.bytea, OID.int8]
        case .updateWebhookEndpoint: return [OID.text, OID.text, OID.text, OID.int8, OID.int8, OID.text]
        case .enqueueWebhookEvent: return [OID.text, OID.text, OID.text, OID.int8, OID.text]
        case .selectWebhookDeliveries: return [OID.text, OID.int8]
        case .replayWebhookMessage: return [OID.text, OID.text, OID.int8]
        case .claimWebhookDeliveries: return [OID.int8, OID.int8, OID.int8, OID.int8, OID.textArray, OID.int8Array]
        case .markWebhookDelivered: return [OID.int8, OID.int8, OID.int4]
        case .markWebhookRetry: return [OID.int8, OID.int8, OID.int8, OID.int4, OID.text]
        case .markWebhookFailed: return [OID.int8, OID.int8, OID.int4, OID.text, OID.int4]
        case .createClaim: return [OID.int8, OID.bytea, OID.text, OID.int8, OID.int8, OID.int8, OID.text]
        case .selectClaimByToken: return [OID.int8, OID.bytea]
        case .selectClaimByCode: return [OID.int8]
        case .redeemClaimByToken: return [OID.int8, OID.text, OID.text, OID.int8, OID.text, OID.text, OID.text, OID.bytea]
        case .redeemClaimByCode: return [OID.int8, OID.text, OID.text, OID.int8, OID.text, OID.text, OID.text]
        case .deleteExpiredClaims: return [OID.int8, OID.int8]
        }
    }
}
