import Foundation
import SceneLinkCore

/// The read queries, prepared once per connection. Each query is one statement, so it sees
/// one consistent WAL snapshot without an explicit transaction.
final class ReadStatements {
    private let selectValue: Statement
    private let selectScene: Statement
    private let selectScenes: Statement
    private let selectSessionByID: Statement
    private let selectSessionByTokenHash: Statement
    private let selectCounts: Statement
    /// The short-link queries (`SQLiteSceneStateStore+ShortLinks`).
    let shortLinks: ShortLinkReads
    /// The claim queries (`SQLiteSceneStateStore+Claims`).
    let claims: ClaimReads
    /// The analytics queries (`SQLiteSceneStateStore+Analytics`).
    let analytics: AnalyticsReads
    /// The API-key and audit-log queries (`SQLiteSceneStateStore+Keys`).
    let keys: APIKeyReads
    let audit: AuditReads

    init(connection: Connection) throws(SQLiteError) {
        shortLinks = try ShortLinkReads(connection: connection)
        claims = try ClaimReads(connection: connection)
        analytics = try AnalyticsReads(connection: connection)
        keys = try APIKeyReads(connection: connection)
        audit = try AuditReads(connection: connection)
        selectValue = try connection.prepare(
            "SELECT content_type, revision, bytes FROM scene_values WHERE session_id = ?1 AND scene = ?2 AND value_key = ?3")
        selectScene = try connection.prepare("""
            SELECT s.revision, v.value_key, v.content_type, v.revision, v.bytes
            FROM scenes AS s LEFT JOIN scene_values AS v ON v.session_id = s.session_id AND v.scene = s.scene
            WHERE s.session_id = ?1 AND s.scene = ?2
            """)
        selectScenes = try connection.prepare("""
            SELECT scene, revision, value_count FROM scenes WHERE session_id = ?1 ORDER BY scene
            """)
        selectSessionByID = try connection.prepare(
            "SELECT id, token_hash, created_at, expires_at FROM sessions WHERE id = ?1")
        selectSessionByTokenHash = try connection.prepare(
            "SELECT id, token_hash, created_at, expires_at FROM sessions WHERE token_hash = ?1")
        selectCounts = try connection.prepare(
            "SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM scenes), (SELECT coalesce(sum(value_count), 0) FROM scenes)")
    }

    func value(session: SessionID, scene: SceneID, key: ValueKey) throws(SQLiteError) -> StoredValue? {
        let statement = selectValue
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue))
        guard try statement.step() else { return nil }
        return StoredValue(content: ValueContent(bytes: statement.blob(at: 2), contentType: statement.text(at: 0)),
                           revision: statement.int64(at: 1))
    }

    func scene(session: SessionID, scene: SceneID) throws(SQLiteError) -> SceneSnapshot? {
        let statement = selectScene
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(session.rawValue), .text(scene.rawValue))
        var snapshot: SceneSnapshot?
        while try statement.step() {
            if snapshot == nil { snapshot = SceneSnapshot(scene: scene, revision: statement.int64(at: 0), values: [:]) }
            guard !statement.isNull(at: 1), let key = try? ValueKey(statement.text(at: 1)) else { continue }
            snapshot?.values[key] = StoredValue(
                content: ValueContent(bytes: statement.blob(at: 4), contentType: statement.text(at: 2)),
                revision: statement.int64(at: 3))
        }
        return snapshot
    }

    func scenes(session: SessionID) throws(SQLiteError) -> [SceneSummary] {
        let statement = selectScenes
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(session.rawValue))
        var summaries: [SceneSummary] = []
        while try statement.step() {
            // Rows were validated on the way in; a row that no longer validates is skipped, not fatal.
            guard let scene = try? SceneID(statement.text(at: 0)) else { continue }
            summaries.append(SceneSummary(scene: scene, revision: statement.int64(at: 1),
                                          valueCount: Int(statement.int64(at: 2))))
        }
        return summaries
    }

    func session(id: SessionID) throws(SQLiteError) -> SessionRecord? {
        try session(using: selectSessionByID, key: .text(id.rawValue))
    }

    func session(tokenHash: [UInt8]) throws(SQLiteError) -> SessionRecord? {
        try session(using: selectSessionByTokenHash, key: .blob(tokenHash))
    }

    private func session(using statement: Statement, key: StatementArgument) throws(SQLiteError) -> SessionRecord? {
        statement.reset()
        defer { statement.reset() }
        try statement.bind(key)
        guard try statement.step(), let id = try? SessionID(statement.text(at: 0)) else { return nil }
        return SessionRecord(id: id, tokenHash: statement.blob(at: 1),
                             createdAt: Date(millisecondsSince1970: statement.int64(at: 2)),
                             expiresAt: Date(millisecondsSince1970: statement.int64(at: 3)))
    }

    func counts() throws(SQLiteError) -> SceneStateCounts {
        let statement = selectCounts
        statement.reset()
        defer { statement.reset() }
        guard try statement.step() else { return SceneStateCounts(sessions: 0, scenes: 0, values: 0) }
        return SceneStateCounts(sessions: Int(statement.int64(at: 0)), scenes: Int(statement.int64(at: 1)),
                                values: Int(statement.int64(at: 2)))
    }
}
