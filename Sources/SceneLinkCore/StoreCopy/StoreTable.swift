/// The tables `scenelink store copy` moves, in the order it copies them (parents first), with
/// the columns both stores have, key columns first. The same names in SQLite and PostgreSQL.
public enum StoreTable: String, CaseIterable, Sendable {
    case sessions
    case scenes
    case values = "scene_values"
    case shortLinks = "short_links"
    /// A short link's tags, one row each, keyed by the link's sequence. After the links.
    case shortLinkTags = "short_link_tags"
    case claims
    /// How many claims expired unredeemed per UTC day (the sweep's count of those it deleted).
    case claimExpiries = "claim_expiries"
    /// Webhook endpoints with their secrets (the current one, and a rotated-out one until it
    /// expires): the receivers verify signatures with them, so they move as they are.
    case webhookEndpoints = "webhook_endpoints"
    /// The webhook outbox: every delivery with its state, attempts and next attempt, so pending
    /// ones are still due on the target (same message id and body). After the endpoints.
    case webhookDeliveries = "webhook_deliveries"
    /// The database's own secret keys (the claim-code key, `ClaimCodeCipher`): the target takes
    /// the source's, replacing one it made itself (`replacesExisting`), so the codes handed out
    /// before the copy still read after it.
    case storeKeys = "store_keys"
    /// Click analytics' aggregates (`AnalyticsStore`): counts only, no visitor data.
    case analyticsVisits = "analytics_visits"
    /// The same counts per UTC day, written beside the 15-minute rows (what the export reads).
    case analyticsVisitDays = "analytics_visit_days"
    case analyticsTotals = "analytics_totals"
    case analyticsMarginals = "analytics_marginals"
    case analyticsMarginalDays = "analytics_marginal_days"
    case analyticsVisitors = "analytics_visitors"
    /// API keys: their names, scopes and the SHA-256 of their secrets (never their text), so the
    /// keys handed out before the copy still work after it.
    case apiKeys = "api_keys"
    /// The audit log: who changed what, when; no secrets.
    case auditLog = "audit_log"

    /// What a column holds, so that each store reads and binds it the same way.
    public enum Kind: Sendable {
        case text
        case integer
        case bytes
        /// An integer that may be NULL (a short link that never expires, an unredeemed claim's time).
        case optionalInteger
        /// Text that may be NULL (the route of a short link or claim made before routes were kept).
        case optionalText
        /// Bytes that may be NULL (a webhook endpoint's previous secret, kept only after a rotation).
        case optionalBytes
    }

    /// Every column copied, key columns first.
    public var columns: [(name: String, kind: Kind)] {
        switch self {
        case .sessions:
            return [("id", .text), ("token_hash", .bytes), ("created_at", .integer), ("expires_at", .integer),
                    ("scene_count", .integer), ("value_bytes", .integer)]
        case .scenes:
            return [("session_id", .text), ("scene", .text), ("revision", .integer), ("value_count", .integer)]
        case .values:
            return [("session_id", .text), ("scene", .text), ("value_key", .text), ("content_type", .text),
                    ("revision", .integer), ("bytes", .bytes)]
        case .shortLinks:
            return [("sequence", .integer), ("code_hash", .bytes), ("code", .text), ("link", .text),
                    ("created_at", .integer), ("expires_at", .optionalInteger), ("clicks", .integer),
                    ("route", .optionalText), ("title", .optionalText), ("revision", .integer)]
        case .shortLinkTags:
            return [("sequence", .integer), ("tag", .text)]
        case .claims:
            return [("id", .integer), ("secret_hash", .bytes), ("link", .text), ("created_at", .integer),
                    ("expires_at", .integer), ("code_expires_at", .integer), ("redeemed_install", .optionalText),
                    ("redeemed_source", .optionalText), ("redeemed_at", .optionalInteger), ("route", .optionalText),
                    ("short_link", .optionalText)]
        case .claimExpiries:
            return [("day", .integer), ("expired", .integer)]
        case .webhookEndpoints:
            return [("sequence", .integer), ("id", .text), ("url", .text), ("events", .text), ("description", .optionalText),
                    ("created_at", .integer), ("secret", .bytes), ("previous_secret", .optionalBytes),
                    ("previous_secret_expires_at", .optionalInteger), ("disabled_at", .optionalInteger),
                    ("disabled_reason", .optionalText), ("dropped_events", .integer)]
        case .storeKeys:
            return [("name", .text), ("value", .bytes)]
        case .analyticsVisits:
            return [("scope", .text), ("bucket", .integer)] + Self.analyticsCounts
        case .analyticsVisitDays:
            return [("scope", .text), ("day", .integer)] + Self.analyticsCounts
        case .analyticsTotals:
            return [("scope", .text)] + Self.analyticsCounts
        case .analyticsMarginals:
            return [("scope", .text), ("dimension", .text), ("hour", .integer), ("value", .text), ("visits", .integer)]
        case .analyticsMarginalDays:
            return [("scope", .text), ("dimension", .text), ("day", .integer), ("value", .text), ("visits", .integer)]
        case .analyticsVisitors:
            return [("scope", .text), ("day", .integer), ("visitors", .integer)]
        case .apiKeys:
            return [("id", .text), ("name", .text), ("scopes", .text), ("secret_hash", .bytes), ("created_at", .integer),
                    ("revoked_at", .optionalInteger)]
        case .auditLog:
            return [("sequence", .integer), ("at", .integer), ("actor", .text), ("action", .text), ("subject", .text),
                    ("detail", .text)]
        case .webhookDeliveries:
            return [("sequence", .integer), ("endpoint_id", .text), ("message_id", .text), ("event_type", .text),
                    ("event_timestamp", .integer), ("payload", .text), ("state", .text), ("attempts", .integer),
                    ("next_attempt_at", .optionalInteger), ("last_attempt_at", .optionalInteger),
                    ("last_status", .optionalInteger), ("last_error", .optionalText)]
        }
    }

    private static let analyticsCounts: [(name: String, kind: Kind)] =
        ["human", "qr", "preview", "bot", "claims", "installs"].map { ($0, .integer) }

    /// How many leading columns form the primary key (the copy's order and cursor).
    public var keyCount: Int {
        switch self {
        case .sessions, .shortLinks, .claims, .claimExpiries, .webhookEndpoints, .webhookDeliveries, .storeKeys, .analyticsTotals, .apiKeys, .auditLog:
            return 1
        case .scenes, .shortLinkTags, .analyticsVisits, .analyticsVisitDays, .analyticsVisitors: return 2
        case .values: return 3
        case .analyticsMarginals, .analyticsMarginalDays: return 4
        }
    }

    /// `id, token_hash, …`.
    public var columnList: String { columns.map(\.name).joined(separator: ", ") }

    /// `id` or `session_id, scene`.
    public var keyList: String { columns.prefix(keyCount).map(\.name).joined(separator: ", ") }

    /// What people call the table in messages: "sessions", "values", "short links".
    public var label: String {
        switch self {
        case .sessions: return "sessions"
        case .scenes: return "scenes"
        case .values: return "values"
        case .shortLinks: return "short links"
        case .shortLinkTags: return "short-link tags"
        case .claims: return "claims"
        case .claimExpiries: return "claim expiries"
        case .webhookEndpoints: return "webhook endpoints"
        case .webhookDeliveries: return "webhook deliveries"
        case .storeKeys: return "store keys"
        case .analyticsVisits: return "analytics visits"
        case .analyticsVisitDays: return "analytics visits per day"
        case .analyticsTotals: return "analytics totals"
        case .analyticsMarginals: return "analytics hourly breakdowns"
        case .analyticsMarginalDays: return "analytics daily breakdowns"
        case .analyticsVisitors: return "analytics visitors"
        case .apiKeys: return "API keys"
        case .auditLog: return "audit log entries"
        }
    }

    /// Whether a copied row replaces the target's row with its key (the store keys, which a
    /// target makes when it is first opened) rather than keeping the target's. Such a table
    /// does not make a target count as holding data.
    public var replacesExisting: Bool { self == .storeKeys }

    /// How an insert of a copied row meets a row with its key (see `replacesExisting`).
    public var conflictClause: String {
        guard replacesExisting else { return "ON CONFLICT DO NOTHING" }
        let key = columns.prefix(keyCount).map(\.name), rest = columns.dropFirst(keyCount).map(\.name)
        return "ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET "
            + rest.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }
}
