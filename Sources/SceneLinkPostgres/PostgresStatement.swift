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
    case createClaim = "create_claim"
    case selectClaimByToken = "select_claim_by_token"
    case selectClaimByCode = "select_claim_by_code"
    case redeemClaimByToken = "redeem_claim_by_token"
    case redeemClaimByCode = "redeem_claim_by_code"
    case deleteExpiredClaims = "delete_expired_claims"

    /// The columns `PostgresSceneStateStore+ShortLinks` decodes a short link from, in order.
    static let shortLinkColumns = "sequence, code, link, created_at, expires_at, clicks"

    /// The columns `PostgresSceneStateStore+Claims` decodes a claim from, in order.
    static let claimColumns = "token_hash, code_hash, link, created_at, expires_at, code_expires_at, "
        + "redeemed_install, redeemed_source, redeemed_at"

    /// A redemption in one statement: the update when the claim is live and unredeemed (then
    /// the last column is true), else the claim as stored (false), for `Claim.redemptionDecision`.
    private static func redeemClaim(keyColumn: String, liveCondition: String) -> String {
        """
        WITH redeemed AS (
            UPDATE claims SET redeemed_install = $2, redeemed_source = $3, redeemed_at = $4
            WHERE \(keyColumn) = $1 AND redeemed_install IS NULL AND \(liveCondition)
            RETURNING \(claimColumns))
        SELECT \(claimColumns), true FROM redeemed
        UNION ALL
        SELECT \(claimColumns), false FROM claims WHERE \(keyColumn) = $1 AND NOT EXISTS (SELECT 1 FROM redeemed)
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
            return """
                INSERT INTO short_links (code_hash, code, link, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (code_hash) DO NOTHING RETURNING sequence
                """
        case .countShortLinkClick: return "UPDATE short_links SET clicks = clicks + 1 WHERE code_hash = $1"
        case .deleteShortLink: return "DELETE FROM short_links WHERE code_hash = $1 RETURNING 1"
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
        case .createClaim:
            // DO NOTHING rather than an error: a taken token or code must not abort the group commit.
            return """
                INSERT INTO claims (token_hash, code_hash, link, created_at, expires_at, code_expires_at)
                VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1
                """
        case .selectClaimByToken: return "SELECT \(PostgresStatement.claimColumns) FROM claims WHERE token_hash = $1"
        case .selectClaimByCode: return "SELECT \(PostgresStatement.claimColumns) FROM claims WHERE code_hash = $1"
        case .redeemClaimByToken: return PostgresStatement.redeemClaim(keyColumn: "token_hash", liveCondition: "expires_at > $4")
        case .redeemClaimByCode:
            return PostgresStatement.redeemClaim(keyColumn: "code_hash", liveCondition: "expires_at > $4 AND code_expires_at > $4")
        case .deleteExpiredClaims:
            return """
                DELETE FROM claims WHERE token_hash IN (
                    SELECT token_hash FROM claims WHERE expires_at < $1 ORDER BY expires_at LIMIT $2
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
        case .createShortLink: return [OID.bytea, OID.text, OID.text, OID.int8, OID.int8]
        case .countShortLinkClick, .deleteShortLink, .selectShortLink: return [OID.bytea]
        case .deleteExpiredShortLinks, .selectShortLinks: return [OID.int8, OID.int8]
        case .createClaim: return [OID.bytea, OID.bytea, OID.text, OID.int8, OID.int8, OID.int8]
        case .selectClaimByToken, .selectClaimByCode: return [OID.bytea]
        case .redeemClaimByToken, .redeemClaimByCode: return [OID.bytea, OID.text, OID.text, OID.int8]
        case .deleteExpiredClaims: return [OID.int8, OID.int8]
        }
    }
}
