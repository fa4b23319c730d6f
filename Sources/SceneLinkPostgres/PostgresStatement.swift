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
    case selectShortLinksByCodes = "select_short_links_by_codes"
    case selectShortLinks = "select_short_links"
    case selectShortLinksByTag = "select_short_links_by_tag"
    case selectShortLinksMatching = "select_short_links_matching"
    case selectShortLinksByTagMatching = "select_short_links_by_tag_matching"
    case updateShortLink = "update_short_link"
    case importShortLinks = "import_short_links"
    case importShortLinksAtomically = "import_short_links_atomically"
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
    case deleteFinishedWebhookDeliveries = "delete_finished_webhook_deliveries"
    case trimWebhookOutbox = "trim_webhook_outbox"
    case createClaim = "create_claim"
    case selectClaimByToken = "select_claim_by_token"
    case selectClaimByCode = "select_claim_by_code"
    case redeemClaimByToken = "redeem_claim_by_token"
    case redeemClaimByCode = "redeem_claim_by_code"
    case deleteExpiredClaims = "delete_expired_claims"
    case selectClaimExpiries = "select_claim_expiries"
    case selectAnalyticsTopLinks = "select_analytics_top_links"
    case beginIdempotentRequest = "begin_idempotent_request"
    case releaseIdempotentRequest = "release_idempotent_request"
    case deleteExpiredIdempotencyKeys = "delete_expired_idempotency_keys"
    case recordAnalytics = "record_analytics"
    case selectAnalyticsVisits = "select_analytics_visits"
    case selectAnalyticsLinkVisits = "select_analytics_link_visits"
    case selectAnalyticsLinkVisitDays = "select_analytics_link_visit_days"
    case selectAnalyticsBreakdown = "select_analytics_breakdown"
    case selectAnalyticsVisitors = "select_analytics_visitors"
    case selectAnalyticsTotals = "select_analytics_totals"
    case deleteAnalytics = "delete_analytics"
    case selectAnalyticsReceipt = "select_analytics_receipt"
    case compactAnalytics = "compact_analytics"
    case createAPIKey = "create_api_key"
    case selectAPIKey = "select_api_key"
    case selectAPIKeys = "select_api_keys"
    case revokeAPIKey = "revoke_api_key"
    case appendAuditEntry = "append_audit_entry"
    case selectAuditEntries = "select_audit_entries"
    case deleteAuditEntries = "delete_audit_entries"

    /// The columns `PostgresSceneStateStore+Keys` decodes a key from, in order.
    static let apiKeyColumns = "id, name, scopes, secret_hash, created_at, revoked_at"

    /// The columns `PostgresSceneStateStore+ShortLinks` decodes a short link from, in order, of
    /// the table aliased `s`: its tags are one space-separated text read through the tags'
    /// primary key.
    static let shortLinkColumns = "s.sequence, s.code, s.link, s.created_at, s.expires_at, s.clicks, s.route, s.title, s.revision, "
        + "(SELECT string_agg(t.tag, ' ' ORDER BY t.tag) FROM short_link_tags AS t WHERE t.sequence = s.sequence), s.settings"

    /// A page of short links: $1 the cursor, $2 the rows, then the tag and the `LIKE` pattern
    /// when the page filters by them. A tag's page walks `short_link_tags_by_tag` in sequence
    /// order; the text is matched over ASCII-lowercased columns, as `ShortLinkFilter` says:
    /// `lower` under the "C" collation folds `A-Z` only, whatever the database's locale (and
    /// costs a twentieth of a `translate`: a scan of 100,000 links in about 50 ms).
    private static func shortLinkPage(tag: Bool, text: Bool) -> String {
        let pattern = tag ? "$4" : "$3"
        let folded = { (column: String) in "lower(\(column) COLLATE \"C\") LIKE \(pattern) ESCAPE '\\'" }
        let match = text ? " AND (\(folded("s.code")) OR \(folded("s.link")) OR \(folded("s.title")))" : ""
        if tag {
            return """
                SELECT \(shortLinkColumns) FROM short_link_tags AS g JOIN short_links AS s ON s.sequence = g.sequence
                WHERE g.tag = $3 AND g.sequence > $1\(match) ORDER BY g.sequence LIMIT $2
                """
        }
        return "SELECT \(shortLinkColumns) FROM short_links AS s WHERE s.sequence > $1\(match) ORDER BY s.sequence LIMIT $2"
    }

    /// An import of many links in one statement, from parallel arrays: $1 code hashes, $2 codes,
    /// $3 links, $4 creation times, $5 expiry times (`Int64.min` for none: an array element
    /// cannot be NULL here), $6 routes, $7 titles ("" for none), $8 tags (space-separated),
    /// $9 and $10 the id and body of each `short_link.created`, $11 settings
    /// (`ShortLinkSettings.storedText`, "" for none). Answers one row per stored link
    /// (its code hash and sequence) and one per code that was taken before (sequence 0); a link
    /// without a row of its own sequence was not stored. `atomically` stores
    /// nothing when a code is taken or $12 is not 0 (the caller found a code repeated among the
    /// links), and a code taken meanwhile by another transaction fails the statement; else it
    /// stores the links whose codes are free.
    private static func importShortLinks(atomically: Bool) -> String {
        """
        WITH input AS (
            SELECT * FROM unnest($1::bytea[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::text[], $7::text[],
                                 $8::text[], $9::text[], $10::text[], $11::text[])
                WITH ORDINALITY AS i(code_hash, code, link, created_at, expires_at, route, title, tags, message_id, payload,
                                     settings, ord)),
        link AS (
            INSERT INTO short_links (code_hash, code, link, created_at, expires_at, route, title, settings)
                SELECT code_hash, code, link, created_at, nullif(expires_at, \(Int64.min)), nullif(route, ''), nullif(title, ''),
                       nullif(settings, '')
                FROM input\(atomically ? " WHERE $12 = 0 AND NOT EXISTS (SELECT 1 FROM input AS j JOIN short_links AS s USING (code_hash))" : "")
                ORDER BY ord
            \(atomically ? "" : "ON CONFLICT (code_hash) DO NOTHING ")RETURNING sequence, code_hash),
        created AS (SELECT link.sequence, input.* FROM link JOIN input USING (code_hash)),
        tags AS (
            INSERT INTO short_link_tags (sequence, tag)
                SELECT sequence, unnest(string_to_array(tags, ' ')) FROM created WHERE tags <> ''),
        event AS (\(Self.fanOut("short_link.created", source: "created", messageID: "created.message_id",
                                timestamp: "created.created_at", payload: "created.payload")))
        SELECT code_hash, sequence FROM link
        UNION ALL
        SELECT i.code_hash, 0 FROM input AS i WHERE EXISTS (SELECT 1 FROM short_links AS s WHERE s.code_hash = i.code_hash)
        """
    }
    /// The columns `PostgresSceneStateStore+Webhooks` decodes an endpoint from, in order.
    static let webhookEndpointColumns = """
        id, url, events, description, created_at, secret, previous_secret, previous_secret_expires_at, \
        disabled_at, disabled_reason, dropped_events
        """
    /// The columns a new endpoint is written with (its `dropped_events` starts at the default, 0).
    static let webhookEndpointInsertColumns = """
        id, url, events, description, created_at, secret, previous_secret, previous_secret_expires_at, \
        disabled_at, disabled_reason
        """
    /// The transaction-scoped advisory lock one outbox trim holds, so instances trimming at once
    /// do not each drop an endpoint's excess (only one of them trims; the others find nothing).
    static let outboxTrimLockKey: Int64 = 0x534C_4E4B_5452
    /// The columns of a delivery, in order.
    static let webhookDeliveryColumns = """
        sequence, endpoint_id, message_id, event_type, event_timestamp, payload, state, attempts, \
        next_attempt_at, last_attempt_at, last_status, last_error
        """

    /// Queues the event of a change (a short link's, a claim's redemption) for every enabled endpoint subscribed to it, in
    /// the statement of the change (a data-modifying `WITH` runs whether or not it is read), so
    /// in its transaction. `source` is the CTE whose one row means the change happened.
    /// Writes a finished create's `Idempotency-Key` record from parameters `$first` to
    /// `$first+5` (key hash, fingerprint, first use, status, location, sealed answer) when
    /// `$first` is not NULL and `source` (the create's CTE) has a row: in the create's statement,
    /// so both commit or neither does.
    private static func recordIdempotency(first: Int, source: String) -> String {
        let p = (0..<6).map { "$\(first + $0)" }
        return """
            INSERT INTO idempotency_keys (key_hash, fingerprint, created_at, lease_until, status, location, answer)
                SELECT \(p[0]), \(p[1]), \(p[2]), NULL, \(p[3]), \(p[4]), \(p[5]) FROM \(source) WHERE \(p[0]) IS NOT NULL
            ON CONFLICT (key_hash) DO UPDATE SET lease_until = NULL, status = excluded.status, location = excluded.location,
                answer = excluded.answer
            """
    }

    /// The parameter types of `recordIdempotency`.
    private static let idempotencyRecord = [OID.bytea, OID.bytea, OID.int8, OID.int8, OID.text, OID.bytea]

    private static func fanOut(_ type: String, source: String, messageID: String, timestamp: String, payload: String) -> String {
        """
        INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, event_timestamp, payload, next_attempt_at)
            SELECT e.id, \(messageID), '\(type)', \(timestamp), \(payload), \(timestamp) FROM webhook_endpoints AS e, \(source)
            WHERE e.disabled_at IS NULL AND position(',\(type),' IN e.events) > 0
        """
    }

    /// The columns `PostgresSceneStateStore+Claims` decodes a claim from, in order.
    static let claimColumns = "id, secret_hash, link, created_at, expires_at, code_expires_at, "
        + "redeemed_install, redeemed_source, redeemed_at, route, short_link"

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
    /// The arrays of `importShortLinks`.
    private static let importParameters = [OID.byteaArray, OID.textArray, OID.textArray, OID.int8Array, OID.int8Array, OID.textArray,
                                           OID.textArray, OID.textArray, OID.textArray, OID.textArray, OID.textArray]
    /// If-Match mode and revisions, If-None-Match mode and revisions (see `Precondition+Postgres`).
    private static let condition: [UInt32] = [OID.int4, OID.int8Array, OID.int4, OID.int8Array]

    var sql: String {
        switch self {
        case .createSession:
            return """
                WITH created AS (
                    INSERT INTO sessions (id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)
                    ON CONFLICT DO NOTHING RETURNING 1),
                recorded AS (\(Self.recordIdempotency(first: 5, source: "created")))
                SELECT 1 FROM created
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
            // $6 and $7: the id and body of its short_link.created event; $15 the title, $16 the tags,
            // $17 the settings.
            return """
                WITH link AS (
                    INSERT INTO short_links (code_hash, code, link, created_at, expires_at, route, title, settings)
                    VALUES ($1, $2, $3, $4, $5, $8, $15, $17)
                    ON CONFLICT (code_hash) DO NOTHING RETURNING sequence),
                tags AS (INSERT INTO short_link_tags (sequence, tag) SELECT link.sequence, unnest($16::text[]) FROM link),
                event AS (\(Self.fanOut("short_link.created", source: "link", messageID: "$6", timestamp: "$4", payload: "$7"))),
                recorded AS (\(Self.recordIdempotency(first: 9, source: "link")))
                SELECT sequence FROM link
                """
        case .updateShortLink:
            // $1 the code hash, $2 the expected revision, $3 to $6 the new link, expiry, route and
            // title, $7 the tags, $8 to $10 the id, time and body of short_link.updated, $11 the
            // settings. Tags are
            // changed by removing those not kept and adding the new ones, so no row is both
            // deleted and inserted by the one statement. The last column says whether it changed;
            // a row without it is the link as it is (another revision), no row no link.
            return """
                WITH changed AS (
                    UPDATE short_links SET link = $3, expires_at = $4, route = $5, title = $6, settings = $11, revision = revision + 1
                    WHERE code_hash = $1 AND revision = $2 RETURNING sequence, clicks, revision),
                removed AS (
                    DELETE FROM short_link_tags WHERE sequence IN (SELECT sequence FROM changed) AND NOT (tag = ANY ($7::text[]))),
                added AS (
                    INSERT INTO short_link_tags (sequence, tag) SELECT changed.sequence, unnest($7::text[]) FROM changed
                    ON CONFLICT DO NOTHING),
                event AS (\(Self.fanOut("short_link.updated", source: "changed", messageID: "$8", timestamp: "$9", payload: "$10")))
                SELECT sequence, clicks, revision, true FROM changed
                UNION ALL
                SELECT sequence, clicks, revision, false FROM short_links WHERE code_hash = $1 AND NOT EXISTS (SELECT 1 FROM changed)
                """
        case .importShortLinks:
            return Self.importShortLinks(atomically: false)
        case .importShortLinksAtomically:
            return Self.importShortLinks(atomically: true)
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
            return "SELECT \(PostgresStatement.shortLinkColumns) FROM short_links AS s WHERE s.code_hash = $1"
        case .selectShortLinksByCodes:
            // $1 the codes' hashes: one index probe each.
            return "SELECT \(PostgresStatement.shortLinkColumns) FROM short_links AS s WHERE s.code_hash = ANY ($1::bytea[])"
        case .selectShortLinks:
            return Self.shortLinkPage(tag: false, text: false)
        case .selectShortLinksByTag:
            return Self.shortLinkPage(tag: true, text: false)
        case .selectShortLinksMatching:
            return Self.shortLinkPage(tag: false, text: true)
        case .selectShortLinksByTagMatching:
            return Self.shortLinkPage(tag: true, text: true)
        case .createWebhookEndpoint:
            return """
                WITH created AS (
                    INSERT INTO webhook_endpoints (\(Self.webhookEndpointInsertColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                    RETURNING 1),
                recorded AS (\(Self.recordIdempotency(first: 11, source: "created")))
                SELECT 1 FROM created
                """
        case .beginIdempotentRequest:
            // One statement, so instances beginning one key at once cannot both proceed: the
            // insert holds a new key, or takes over one that expired ($5: first used at or before)
            // or whose attempt was abandoned past its lease with the same body. What was there
            // before decides the answer when nothing was taken (`PostgresSceneStateStore+Idempotency`).
            return """
                WITH earlier AS (
                    SELECT fingerprint, created_at, lease_until, status, location, answer FROM idempotency_keys WHERE key_hash = $1),
                taken AS (
                    INSERT INTO idempotency_keys (key_hash, fingerprint, created_at, lease_until) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (key_hash) DO UPDATE SET fingerprint = excluded.fingerprint,
                        created_at = CASE WHEN idempotency_keys.created_at <= $5 THEN excluded.created_at
                                          ELSE idempotency_keys.created_at END,
                        lease_until = excluded.lease_until, status = NULL, location = NULL, answer = NULL
                    WHERE idempotency_keys.created_at <= $5
                       OR (idempotency_keys.status IS NULL AND idempotency_keys.lease_until <= $3
                           AND idempotency_keys.fingerprint = excluded.fingerprint)
                    RETURNING 1)
                SELECT (SELECT count(*) FROM taken), e.fingerprint, e.lease_until, e.status, e.location, e.answer
                FROM (SELECT 1) AS one LEFT JOIN earlier AS e ON true
                """
        case .releaseIdempotentRequest:
            return "DELETE FROM idempotency_keys WHERE key_hash = $1 AND status IS NULL"
        case .deleteExpiredIdempotencyKeys:
            return """
                DELETE FROM idempotency_keys WHERE key_hash IN (
                    SELECT key_hash FROM idempotency_keys WHERE created_at <= $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
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
        case .deleteFinishedWebhookDeliveries:
            // The retention sweep, by the webhook_deliveries_finished index (migration 17); never a
            // pending row. SKIP LOCKED: instances sweeping at once take different rows.
            return """
                DELETE FROM webhook_deliveries WHERE sequence IN (
                    SELECT sequence FROM webhook_deliveries WHERE state <> 'pending' AND last_attempt_at < $1
                    ORDER BY last_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
                RETURNING 1
                """
        case .trimWebhookOutbox:
            // $1 is the limit. Counts each endpoint's pending deliveries and all of them, drops the
            // newest never-attempted pending ones beyond the limit (adding them to the endpoint's
            // dropped_events), then deletes the oldest finished ones beyond the room pending leaves.
            // Answers (endpoint id, dropped) rows and one (NULL, swept) row.
            return """
                WITH sizes AS (
                    SELECT e.id,
                        (SELECT count(*) FROM webhook_deliveries AS d WHERE d.endpoint_id = e.id AND d.state = 'pending')
                            AS pending,
                        (SELECT count(*) FROM webhook_deliveries AS d WHERE d.endpoint_id = e.id) AS total
                    FROM webhook_endpoints AS e WHERE pg_try_advisory_xact_lock(\(Self.outboxTrimLockKey))),
                dropped AS (
                    DELETE FROM webhook_deliveries AS d USING (
                        SELECT c.sequence FROM sizes AS s CROSS JOIN LATERAL (
                            SELECT sequence FROM webhook_deliveries
                            WHERE endpoint_id = s.id AND state = 'pending' AND attempts = 0
                            ORDER BY sequence DESC LIMIT greatest(0, s.pending - $1) FOR UPDATE SKIP LOCKED) AS c
                        WHERE s.pending > $1) AS v
                    WHERE d.sequence = v.sequence RETURNING d.endpoint_id),
                counted AS (
                    UPDATE webhook_endpoints AS e SET dropped_events = e.dropped_events + g.n
                    FROM (SELECT endpoint_id, count(*) AS n FROM dropped GROUP BY endpoint_id) AS g
                    WHERE e.id = g.endpoint_id RETURNING e.id, g.n),
                swept AS (
                    DELETE FROM webhook_deliveries AS d USING (
                        SELECT c.sequence FROM sizes AS s CROSS JOIN LATERAL (
                            SELECT sequence FROM webhook_deliveries
                            WHERE endpoint_id = s.id AND state <> 'pending'
                            ORDER BY sequence DESC OFFSET greatest(0, $1 - least(s.pending, $1)) FOR UPDATE SKIP LOCKED) AS c
                        WHERE s.total > $1) AS v
                    WHERE d.sequence = v.sequence RETURNING 1)
                SELECT id, n FROM counted
                UNION ALL SELECT NULL, count(*) FROM swept
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
                INSERT INTO claims (id, secret_hash, link, created_at, expires_at, code_expires_at, route, short_link)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING 1
                """
        case .selectClaimByToken:
            return "SELECT \(PostgresStatement.claimColumns) FROM claims WHERE id = $1 AND secret_hash = $2"
        case .selectClaimByCode: return "SELECT \(PostgresStatement.claimColumns) FROM claims WHERE id = $1"
        case .redeemClaimByToken:
            return PostgresStatement.redeemClaim(key: "id = $1 AND secret_hash = $8", liveCondition: "stored.expires_at > $4")
        case .redeemClaimByCode:
            return PostgresStatement.redeemClaim(key: "id = $1",
                                                 liveCondition: "stored.expires_at > $4 AND stored.code_expires_at > $4")
        case .recordAnalytics:
            // One flush in one statement: each array is a column of the batch's rows (unique keys,
            // so no row is updated twice). Totals are the visits summed per scope.
            let add = { (columns: [String]) in columns.map { "\($0) = t.\($0) + excluded.\($0)" }.joined(separator: ", ") }
            let counts = ["human", "qr", "preview", "bot", "claims", "installs"]
            return """
                WITH rows AS (
                    SELECT * FROM unnest($1::text[], $2::int8[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[],
                                         $8::int8[]) AS r(scope, bucket, human, qr, preview, bot, claims, installs)),
                visits AS (
                    INSERT INTO analytics_visits AS t SELECT * FROM rows
                    ON CONFLICT (scope, bucket) DO UPDATE SET \(add(counts))),
                visit_days AS (
                    INSERT INTO analytics_visit_days AS t
                        SELECT scope, floor(bucket / 96.0)::int8, sum(human), sum(qr), sum(preview), sum(bot), sum(claims),
                            sum(installs)
                        FROM rows GROUP BY scope, floor(bucket / 96.0)::int8
                    ON CONFLICT (scope, day) DO UPDATE SET \(add(counts))),
                totals AS (
                    INSERT INTO analytics_totals AS t
                        SELECT scope, sum(human), sum(qr), sum(preview), sum(bot), sum(claims), sum(installs) FROM rows GROUP BY scope
                    ON CONFLICT (scope) DO UPDATE SET \(add(counts))),
                marginals AS (
                    INSERT INTO analytics_marginals AS t
                        SELECT * FROM unnest($9::text[], $10::text[], $11::int8[], $12::text[], $13::int8[])
                    ON CONFLICT (scope, dimension, hour, value) DO UPDATE SET \(add(["visits"])))
                INSERT INTO analytics_visitors AS t SELECT * FROM unnest($14::text[], $15::int8[], $16::int8[])
                ON CONFLICT (scope, day) DO UPDATE SET \(add(["visitors"]))
                """
        case .selectAnalyticsVisits:
            return """
                SELECT bucket, human, qr, preview, bot, claims, installs FROM analytics_visits
                WHERE scope = $1 AND bucket >= $2 AND bucket < $3 ORDER BY bucket
                """
        case .selectAnalyticsLinkVisits:
            // The row comparison walks the primary key from the cursor; the order is the key's
            // (the database's collation for scope), the same one the cursor is compared in.
            return """
                SELECT scope, bucket, human, qr, preview, bot, claims, installs FROM analytics_visits
                WHERE (scope, bucket) > ($1, $2) AND starts_with(scope, 'link:') AND bucket >= $3 AND bucket < $4
                ORDER BY scope, bucket LIMIT $5
                """
        case .selectAnalyticsLinkVisitDays:
            return """
                SELECT scope, day, human, qr, preview, bot, claims, installs FROM analytics_visit_days
                WHERE (scope, day) > ($1, $2) AND starts_with(scope, 'link:') AND day >= $3 AND day < $4
                ORDER BY scope, day LIMIT $5
                """
        case .selectAnalyticsBreakdown:
            // The largest $7 values, each row with the total and the number of all values (the
            // window runs before the LIMIT). With $7 = 0 one row of NULL value still carries them.
            return """
                WITH g AS (
                    SELECT value, sum(visits)::int8 AS total FROM (
                        SELECT value, visits FROM analytics_marginals
                        WHERE scope = $1 AND dimension = $2 AND hour >= $3 AND hour < $4
                        UNION ALL
                        SELECT value, visits FROM analytics_marginal_days
                        WHERE scope = $1 AND dimension = $2 AND day >= $5 AND day < $6
                    ) AS m GROUP BY value),
                ranked AS (
                    SELECT value, total, sum(total) OVER ()::int8 AS grand, count(*) OVER ()::int8 AS distinct_values FROM g)
                (SELECT value, total, grand, distinct_values FROM ranked ORDER BY total DESC, value COLLATE "C" LIMIT $7)
                UNION ALL
                (SELECT NULL::text, NULL::int8, grand, distinct_values FROM ranked LIMIT CASE WHEN $7 = 0 THEN 1 ELSE 0 END)
                """
        case .selectAnalyticsVisitors:
            return "SELECT day, visitors FROM analytics_visitors WHERE scope = $1 AND day >= $2 AND day <= $3 ORDER BY day"
        case .selectAnalyticsTotals:
            return """
                SELECT scope, human, qr, preview, bot, claims, installs FROM analytics_totals WHERE scope = ANY($1::text[])
                """
        case .deleteAnalytics:
            let deletes = AnalyticsTableReceipt.tables.enumerated().map { index, table in
                "d\(index) AS (DELETE FROM \(table.table) WHERE scope = $1 RETURNING 1)"
            }
            let counts = AnalyticsTableReceipt.tables.indices.map { "(SELECT count(*) FROM d\($0))" }
            return "WITH " + deletes.joined(separator: ", ") + " SELECT (" + counts.joined(separator: " + ") + ")::int8"
        case .selectAnalyticsReceipt:
            // The triggers' counts (migration 16), not a count of every row.
            return "SELECT " + AnalyticsTableReceipt.tables.map {
                "(SELECT coalesce(sum(row_count), 0)::int8 FROM analytics_table_rows WHERE table_name = '\($0.table)')"
            }.joined(separator: ", ")
        case .compactAnalytics:
            // $1 the first hour kept in detail, $2 the first bucket kept, $3 its UTC day.
            return """
                WITH folded AS (DELETE FROM analytics_marginals WHERE hour < $1 RETURNING scope, dimension, hour, value, visits),
                days AS (
                    INSERT INTO analytics_marginal_days AS t
                        SELECT scope, dimension, hour / 24, value, sum(visits) FROM folded GROUP BY scope, dimension, hour / 24, value
                    ON CONFLICT (scope, dimension, day, value) DO UPDATE SET visits = t.visits + excluded.visits),
                visits AS (DELETE FROM analytics_visits WHERE bucket < $2 RETURNING 1),
                visit_days AS (DELETE FROM analytics_visit_days WHERE day < $3 RETURNING 1),
                old_days AS (DELETE FROM analytics_marginal_days WHERE day < $3 RETURNING 1),
                visitors AS (DELETE FROM analytics_visitors WHERE day < $3 RETURNING 1),
                row_log AS (DELETE FROM analytics_table_rows RETURNING table_name, row_count),
                row_sums AS (INSERT INTO analytics_table_rows SELECT table_name, sum(row_count) FROM row_log GROUP BY table_name)
                SELECT ((SELECT count(*) FROM folded) + (SELECT count(*) FROM visits) + (SELECT count(*) FROM visit_days)
                    + (SELECT count(*) FROM old_days)
                    + (SELECT count(*) FROM visitors))::int8
                """
        case .deleteExpiredClaims:
            // The batch's unredeemed claims are added to their UTC day's count of expired claims
            // in the same statement that deletes them.
            return """
                WITH gone AS (
                    DELETE FROM claims WHERE id IN (
                        SELECT id FROM claims WHERE expires_at < $1 ORDER BY expires_at, id LIMIT $2
                        FOR UPDATE SKIP LOCKED)
                    RETURNING expires_at, redeemed_install),
                counted AS (
                    INSERT INTO claim_expiries AS t (day, expired)
                        SELECT floor(expires_at / 86400000.0)::int8, count(*) FROM gone WHERE redeemed_install IS NULL
                        GROUP BY floor(expires_at / 86400000.0)::int8
                    ON CONFLICT (day) DO UPDATE SET expired = t.expired + excluded.expired)
                SELECT 1 FROM gone
                """
        case .selectClaimExpiries:
            return "SELECT day, expired FROM claim_expiries WHERE day >= $1 AND day <= $2"
        case .selectAnalyticsTopLinks:
            // The index by day (day, scope, human) bounds the rows read: a few days of every link.
            return """
                SELECT scope, sum(human)::int8 AS total FROM analytics_visit_days
                WHERE day >= $1 AND day <= $2 AND starts_with(scope, 'link:') AND human > 0
                GROUP BY scope ORDER BY total DESC, scope COLLATE "C" LIMIT $3
                """
        case .createAPIKey:
            // DO NOTHING rather than an error: a taken name must not abort the group commit it shares.
            return """
                INSERT INTO api_keys (id, name, scopes, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT DO NOTHING RETURNING 1
                """
        case .selectAPIKey: return "SELECT \(PostgresStatement.apiKeyColumns) FROM api_keys WHERE id = $1"
        case .selectAPIKeys:
            // Keyset paging in listing order; the first page starts after (Int64.min, ''). COLLATE "C":
            // ids compare by their bytes, as SQLite's do, whatever the database's collation.
            return """
                SELECT \(PostgresStatement.apiKeyColumns) FROM api_keys
                WHERE (created_at, id COLLATE "C") > ($1, $2 COLLATE "C") ORDER BY created_at, id COLLATE "C" LIMIT $3
                """
        case .revokeAPIKey:
            // A key already revoked keeps its first time and is answered as stored.
            return """
                WITH revoked AS (
                    UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL
                    RETURNING \(PostgresStatement.apiKeyColumns))
                SELECT \(PostgresStatement.apiKeyColumns) FROM revoked
                UNION ALL
                SELECT \(PostgresStatement.apiKeyColumns) FROM api_keys WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM revoked)
                """
        case .appendAuditEntry:
            return "INSERT INTO audit_log (at, actor, action, subject, detail) VALUES ($1, $2, $3, $4, $5) RETURNING sequence"
        case .selectAuditEntries:
            return """
                SELECT sequence, at, actor, action, subject, detail FROM audit_log
                WHERE sequence < $1 AND ($2::text IS NULL OR subject = $2) AND ($3::text IS NULL OR actor = $3)
                ORDER BY sequence DESC LIMIT $4
                """
        case .deleteAuditEntries:
            return """
                DELETE FROM audit_log WHERE sequence IN (
                    SELECT sequence FROM audit_log WHERE at < $1 AND ($3::text IS NULL OR action = $3)
                    ORDER BY at LIMIT $2 FOR UPDATE SKIP LOCKED)
                RETURNING 1
                """
        }
    }

    var parameterTypes: [UInt32] {
        switch self {
        case .createSession: return [OID.text, OID.bytea, OID.int8, OID.int8] + Self.idempotencyRecord
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
        case .createShortLink:
            return [OID.bytea, OID.text, OID.text, OID.int8, OID.int8, OID.text, OID.text, OID.text] + Self.idempotencyRecord
                + [OID.text, OID.textArray, OID.text]
        case .updateShortLink:
            return [OID.bytea, OID.int8, OID.text, OID.int8, OID.text, OID.text, OID.textArray, OID.text, OID.int8, OID.text, OID.text]
        case .importShortLinks:
            return Self.importParameters
        case .importShortLinksAtomically:
            return Self.importParameters + [OID.int4]
        case .selectShortLinksByTag, .selectShortLinksMatching: return [OID.int8, OID.int8, OID.text]
        case .selectShortLinksByTagMatching: return [OID.int8, OID.int8, OID.text, OID.text]
        case .countShortLinkClick: return [OID.bytea, OID.text, OID.int8, OID.text, OID.text]
        case .deleteShortLink: return [OID.bytea, OID.text, OID.int8, OID.text]
        case .selectShortLink: return [OID.bytea]
        case .selectShortLinksByCodes: return [OID.byteaArray]
        case .deleteExpiredShortLinks, .selectShortLinks: return [OID.int8, OID.int8]
        case .createWebhookEndpoint:
            return [OID.text, OID.text, OID.text, OID.text, OID.int8, OID.bytea, OID.bytea, OID.int8, OID.int8, OID.text]
                + Self.idempotencyRecord
        case .selectWebhookEndpoints, .selectWebhookStatistics: return []
        case .selectWebhookEndpoint, .deleteWebhookEndpoint: return [OID.text]
        case .rotateWebhookSecret: return [OID.text, OID.bytea, OID.int8]
        case .updateWebhookEndpoint: return [OID.text, OID.text, OID.text, OID.int8, OID.int8, OID.text]
        case .enqueueWebhookEvent: return [OID.text, OID.text, OID.text, OID.int8, OID.text]
        case .selectWebhookDeliveries: return [OID.text, OID.int8]
        case .replayWebhookMessage: return [OID.text, OID.text, OID.int8]
        case .recordAnalytics:
            return [OID.textArray] + Array(repeating: OID.int8Array, count: 7) + [OID.textArray, OID.textArray, OID.int8Array,
                                                                                   OID.textArray, OID.int8Array]
                + [OID.textArray, OID.int8Array, OID.int8Array]
        case .selectAnalyticsVisits: return [OID.text, OID.int8, OID.int8]
        case .selectAnalyticsLinkVisits, .selectAnalyticsLinkVisitDays: return [OID.text, OID.int8, OID.int8, OID.int8, OID.int8]
        case .selectAnalyticsBreakdown: return [OID.text, OID.text, OID.int8, OID.int8, OID.int8, OID.int8, OID.int8]
        case .selectAnalyticsVisitors: return [OID.text, OID.int8, OID.int8]
        case .selectAnalyticsTotals: return [OID.textArray]
        case .deleteAnalytics: return [OID.text]
        case .selectAnalyticsReceipt: return []
        case .compactAnalytics: return [OID.int8, OID.int8, OID.int8]
        case .claimWebhookDeliveries: return [OID.int8, OID.int8, OID.int8, OID.int8, OID.textArray, OID.int8Array]
        case .markWebhookDelivered: return [OID.int8, OID.int8, OID.int4]
        case .deleteFinishedWebhookDeliveries: return [OID.int8, OID.int8]
        case .trimWebhookOutbox: return [OID.int8]
        case .markWebhookRetry: return [OID.int8, OID.int8, OID.int8, OID.int4, OID.text]
        case .markWebhookFailed: return [OID.int8, OID.int8, OID.int4, OID.text, OID.int4]
        case .createClaim: return [OID.int8, OID.bytea, OID.text, OID.int8, OID.int8, OID.int8, OID.text, OID.text]
        case .selectClaimByToken: return [OID.int8, OID.bytea]
        case .selectClaimByCode: return [OID.int8]
        case .redeemClaimByToken: return [OID.int8, OID.text, OID.text, OID.int8, OID.text, OID.text, OID.text, OID.bytea]
        case .redeemClaimByCode: return [OID.int8, OID.text, OID.text, OID.int8, OID.text, OID.text, OID.text]
        case .deleteExpiredClaims: return [OID.int8, OID.int8]
        case .selectClaimExpiries: return [OID.int8, OID.int8]
        case .selectAnalyticsTopLinks: return [OID.int8, OID.int8, OID.int8]
        case .beginIdempotentRequest: return [OID.bytea, OID.bytea, OID.int8, OID.int8, OID.int8]
        case .releaseIdempotentRequest: return [OID.bytea]
        case .deleteExpiredIdempotencyKeys: return [OID.int8, OID.int8]
        case .createAPIKey: return [OID.text, OID.text, OID.text, OID.bytea, OID.int8]
        case .selectAPIKey: return [OID.text]
        case .selectAPIKeys: return [OID.int8, OID.text, OID.int8]
        case .revokeAPIKey: return [OID.text, OID.int8]
        case .appendAuditEntry: return [OID.int8, OID.text, OID.text, OID.text, OID.text]
        case .selectAuditEntries: return [OID.int8, OID.text, OID.text, OID.int8]
        case .deleteAuditEntries: return [OID.int8, OID.int8, OID.text]
        }
    }
}
