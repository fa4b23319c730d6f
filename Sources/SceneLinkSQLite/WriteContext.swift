import CSQLite
import Foundation
import SceneLinkCore

/// The writer connection with its prepared write statements. Lives on the writer queue
/// only; every method runs inside the batch transaction that `GroupCommitWriter` opened,
/// each write inside its own savepoint.
final class WriteContext {
    let connection: Connection
    /// Reads on the writer connection, for `:memory:` databases (see `SQLiteSceneStateStore`).
    let reads: ReadStatements
    /// The short-link writes (`SQLiteSceneStateStore+ShortLinks`).
    let shortLinks: ShortLinkWrites
    /// The webhook endpoints and outbox (`SQLiteSceneStateStore+Webhooks`).
    let webhooks: WebhookWrites
    /// The claim writes (`SQLiteSceneStateStore+Claims`).
    let claims: ClaimWrites
    /// The Idempotency-Key records (`SQLiteSceneStateStore+Idempotency`).
    let idempotency: IdempotencyWrites
    /// The analytics aggregates (`SQLiteSceneStateStore+Analytics`).
    let analytics: AnalyticsWrites
    /// API keys and the audit log (`SQLiteSceneStateStore+Keys`).
    let keys: APIKeyWrites
    let audit: AuditWrites
    /// The last revision handed out; persisted to `meta` once per batch.
    private(set) var lastRevision: Int64
    /// The revision stored in `meta` as of the last commit.
    private var persistedRevision: Int64

    private let begin, commit, rollback, savepoint, release, rollbackToSavepoint: Statement
    private let selectRevision, updateRevision: Statement
    private let insertSession, updateSessionExpiry, deleteSessionByID, deleteExpired: Statement
    private let selectValueRevision, upsertValue, deleteValueByKey, deleteSceneValues: Statement
    private let selectScene, insertScene, updateScene, deleteSceneByID: Statement
    private let selectSceneCount, updateSceneCount: Statement
    private let selectSessionBytes, updateSessionBytes, selectSceneBytes: Statement

    init(connection: Connection) throws(SQLiteError) {
        self.connection = connection
        reads = try ReadStatements(connection: connection)
        webhooks = try WebhookWrites(connection: connection)
        shortLinks = try ShortLinkWrites(connection: connection, webhooks: webhooks)
        claims = try ClaimWrites(connection: connection, webhooks: webhooks)
        idempotency = try IdempotencyWrites(connection: connection)
        analytics = try AnalyticsWrites(connection: connection)
        keys = try APIKeyWrites(connection: connection)
        audit = try AuditWrites(connection: connection)
        begin = try connection.prepare("BEGIN IMMEDIATE")
        commit = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
        savepoint = try connection.prepare("SAVEPOINT write")
        release = try connection.prepare("RELEASE write")
        rollbackToSavepoint = try connection.prepare("ROLLBACK TO write")
        selectRevision = try connection.prepare("SELECT revision FROM meta WHERE id = 1")
        updateRevision = try connection.prepare("UPDATE meta SET revision = ?1 WHERE id = 1")
        insertSession = try connection.prepare(
            "INSERT INTO sessions (id, token_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)")
        updateSessionExpiry = try connection.prepare("UPDATE sessions SET expires_at = ?2 WHERE id = ?1")
        deleteSessionByID = try connection.prepare("DELETE FROM sessions WHERE id = ?1")
        deleteExpired = try connection.prepare("""
            DELETE FROM sessions WHERE id IN
                (SELECT id FROM sessions WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)
            """)
        selectValueRevision = try connection.prepare(
            "SELECT revision, length(bytes) FROM scene_values WHERE session_id = ?1 AND scene = ?2 AND value_key = ?3")
        upsertValue = try connection.prepare("""
            INSERT INTO scene_values (session_id, scene, value_key, content_type, revision, bytes)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (session_id, scene, value_key)
            DO UPDATE SET content_type = excluded.content_type, revision = excluded.revision, bytes = excluded.bytes
            """)
        deleteValueByKey = try connection.prepare(
            "DELETE FROM scene_values WHERE session_id = ?1 AND scene = ?2 AND value_key = ?3")
        deleteSceneValues = try connection.prepare("DELETE FROM scene_values WHERE session_id = ?1 AND scene = ?2")
        selectScene = try connection.prepare(
            "SELECT revision, value_count FROM scenes WHERE session_id = ?1 AND scene = ?2")
        insertScene = try connection.prepare(
            "INSERT INTO scenes (session_id, scene, revision, value_count) VALUES (?1, ?2, ?3, ?4)")
        updateScene = try connection.prepare(
            "UPDATE scenes SET revision = ?3, value_count = ?4 WHERE session_id = ?1 AND scene = ?2")
        deleteSceneByID = try connection.prepare("DELETE FROM scenes WHERE session_id = ?1 AND scene = ?2")
        selectSceneCount = try connection.prepare("SELECT scene_count FROM sessions WHERE id = ?1")
        updateSceneCount = try connection.prepare(
            "UPDATE sessions SET scene_count = scene_count + ?2 WHERE id = ?1")
        selectSessionBytes = try connection.prepare("SELECT value_bytes FROM sessions WHERE id = ?1")
        updateSessionBytes = try connection.prepare("UPDATE sessions SET value_bytes = value_bytes + ?2 WHERE id = ?1")
        // length() of a blob reads its size from the record header, not the blob.
        selectSceneBytes = try connection.prepare(
            "SELECT coalesce(sum(length(bytes)), 0) FROM scene_values WHERE session_id = ?1 AND scene = ?2")
        lastRevision = 0
        persistedRevision = 0
        lastRevision = try storedRevision()
        persistedRevision = lastRevision
    }

    // MARK: Batch control (called by GroupCommitWriter)

    func beginBatch() throws(SQLiteError) { try runOnce(begin) }

    /// Persists the revision counter (when the batch used it) and commits: the one fsync of the batch.
    func commitBatch() throws(SQLiteError) {
        if lastRevision != persistedRevision {
            try runOnce(updateRevision) { s throws(SQLiteError) in try s.bind(.integer(lastRevision)) }
        }
        try runOnce(commit)
        persistedRevision = lastRevision
    }

    /// Abandons the batch and reloads what the failed transaction may have advanced.
    func rollbackBatch() {
        try? runOnce(rollback)
        webhooks.forgetSubscriptions()
        if let stored = try? storedRevision() { lastRevision = stored }
        persistedRevision = lastRevision
    }

    func beginWrite() throws(SQLiteError) { try runOnce(savepoint) }

    func endWrite(succeeded: Bool) throws(SQLiteError) {
        if !succeeded { try runOnce(rollbackToSavepoint) }
        try runOnce(release)
    }

    private func storedRevision() throws(SQLiteError) -> Int64 {
        selectRevision.reset()
        defer { selectRevision.reset() }
        guard try selectRevision.step() else { return 0 }
        return selectRevision.int64(at: 0)
    }

    private func nextRevision() -> Int64 {
        lastRevision += 1
        return lastRevision
    }

    // MARK: Writes

    func createSession(_ session: SessionRecord) throws {
        do {
            try runOnce(insertSession) { s throws(SQLiteError) in
                try s.bind(.text(session.id.rawValue), .blob(session.tokenHash),
                           .integer(session.createdAt.millisecondsSince1970), .integer(session.expiresAt.millisecondsSince1970))
            }
        } catch {
            if error.primaryCode == SQLITE_CONSTRAINT { throw SceneStateStoreError.sessionExists }
            throw error
        }
    }

    func refreshSession(id: SessionID, expiresAt: Date) throws {
        try runOnce(updateSessionExpiry) { s throws(SQLiteError) in
            try s.bind(.text(id.rawValue), .integer(expiresAt.millisecondsSince1970))
        }
        guard connection.changes > 0 else { throw SceneStateStoreError.sessionNotFound }
    }

    func deleteSession(id: SessionID) throws -> Bool {
        try runOnce(deleteSessionByID) { s throws(SQLiteError) in try s.bind(.text(id.rawValue)) }
        return connection.changes > 0
    }

    func deleteExpiredSessions(now: Date, limit: Int) throws -> Int {
        try runOnce(deleteExpired) { s throws(SQLiteError) in
            try s.bind(.integer(now.millisecondsSince1970), .integer(Int64(max(0, limit))))
        }
        return connection.changes
    }

    func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                  precondition: Precondition, limits: SceneStateLimits) throws -> ValueWriteOutcome {
        guard content.bytes.count <= limits.maximumValueBytes else {
            throw SceneStateStoreError.valueTooLarge(bytes: content.bytes.count, limit: limits.maximumValueBytes)
        }
        let sceneRow = try sceneRow(session: session, scene: scene)
        let existing = sceneRow == nil ? nil : try valueRow(session: session, scene: scene, key: key)
        let currentTag = existing.map { EntityTag.value(revision: $0.revision) }
        guard precondition.isSatisfied(by: currentTag) else {
            throw SceneStateStoreError.preconditionFailed(current: currentTag)
        }
        let revision: Int64
        if let sceneRow {
            let count = sceneRow.valueCount + (existing == nil ? 1 : 0)
            guard count <= Int64(limits.maximumKeysPerScene) else {
                throw SceneStateStoreError.tooManyKeys(limit: limits.maximumKeysPerScene)
            }
            try changeSessionBytes(session: session, by: content.bytes.count - (existing?.bytes ?? 0), limits: limits)
            revision = nextRevision()
            try writeScene(session: session, scene: scene, revision: revision, valueCount: count, isNew: false)
        } else {
            try addScene(session: session, limits: limits)
            try changeSessionBytes(session: session, by: content.bytes.count, limits: limits)
            revision = nextRevision()
            try writeScene(session: session, scene: scene, revision: revision, valueCount: 1, isNew: true)
        }
        try runOnce(upsertValue) { s throws(SQLiteError) in
            try s.bind(.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue),
                       .text(content.contentType), .integer(revision), .blob(content.bytes))
        }
        return ValueWriteOutcome(created: existing == nil, value: StoredValue(content: content, revision: revision))
    }

    func deleteValue(session: SessionID, scene: SceneID, key: ValueKey, precondition: Precondition) throws -> Bool {
        guard let sceneRow = try sceneRow(session: session, scene: scene),
              let existing = try valueRow(session: session, scene: scene, key: key) else { return false }
        let currentTag = EntityTag.value(revision: existing.revision)
        guard precondition.isSatisfied(by: currentTag) else {
            throw SceneStateStoreError.preconditionFailed(current: currentTag)
        }
        try runOnce(deleteValueByKey) { s throws(SQLiteError) in
            try s.bind(.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue))
        }
        try writeScene(session: session, scene: scene, revision: nextRevision(),
                       valueCount: max(0, sceneRow.valueCount - 1), isNew: false)
        try changeSessionBytes(session: session, by: -existing.bytes, limits: nil)
        return true
    }

    func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                      precondition: Precondition, limits: SceneStateLimits) throws -> SceneReplaceOutcome {
        let existing = try sceneRow(session: session, scene: scene)
        let currentTag = existing.map { EntityTag.scene(revision: $0.revision) }
        guard precondition.isSatisfied(by: currentTag) else {
            throw SceneStateStoreError.preconditionFailed(current: currentTag)
        }
        if let large = values.values.first(where: { $0.bytes.count > limits.maximumValueBytes }) {
            throw SceneStateStoreError.valueTooLarge(bytes: large.bytes.count, limit: limits.maximumValueBytes)
        }
        guard values.count <= limits.maximumKeysPerScene else {
            throw SceneStateStoreError.tooManyKeys(limit: limits.maximumKeysPerScene)
        }
        if existing == nil { try addScene(session: session, limits: limits) }
        // The scene's values (at most the keys limit) are replaced: their bytes leave the total.
        let replaced = existing == nil ? 0 : try sceneBytes(session: session, scene: scene)
        try changeSessionBytes(session: session, by: values.values.reduce(0) { $0 + $1.bytes.count } - replaced,
                               limits: limits)
        let revision = nextRevision()
        try writeScene(session: session, scene: scene, revision: revision, valueCount: Int64(values.count),
                       isNew: existing == nil)
        if existing != nil {
            try runOnce(deleteSceneValues) { s throws(SQLiteError) in
                try s.bind(.text(session.rawValue), .text(scene.rawValue))
            }
        }
        var stored: [ValueKey: StoredValue] = [:]
        for (key, content) in values {
            try runOnce(upsertValue) { s throws(SQLiteError) in
                try s.bind(.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue),
                           .text(content.contentType), .integer(revision), .blob(content.bytes))
            }
            stored[key] = StoredValue(content: content, revision: revision)
        }
        return SceneReplaceOutcome(created: existing == nil,
                                   snapshot: SceneSnapshot(scene: scene, revision: revision, values: stored))
    }

    func deleteScene(session: SessionID, scene: SceneID, precondition: Precondition) throws -> Bool {
        guard let existing = try sceneRow(session: session, scene: scene) else { return false }
        let currentTag = EntityTag.scene(revision: existing.revision)
        guard precondition.isSatisfied(by: currentTag) else {
            throw SceneStateStoreError.preconditionFailed(current: currentTag)
        }
        let removed = try sceneBytes(session: session, scene: scene)
        try runOnce(deleteSceneByID) { s throws(SQLiteError) in try s.bind(.text(session.rawValue), .text(scene.rawValue)) }
        try runOnce(updateSceneCount) { s throws(SQLiteError) in try s.bind(.text(session.rawValue), .integer(-1)) }
        try changeSessionBytes(session: session, by: -removed, limits: nil)
        return true
    }

    // MARK: Helpers

    /// The scene's revision and value count, nil when it does not exist.
    private func sceneRow(session: SessionID, scene: SceneID) throws(SQLiteError) -> (revision: Int64, valueCount: Int64)? {
        selectScene.reset()
        defer { selectScene.reset() }
        try selectScene.bind(.text(session.rawValue), .text(scene.rawValue))
        guard try selectScene.step() else { return nil }
        return (selectScene.int64(at: 0), selectScene.int64(at: 1))
    }

    /// The revision and size of a stored value, nil when there is none.
    private func valueRow(session: SessionID, scene: SceneID, key: ValueKey) throws(SQLiteError) -> (revision: Int64, bytes: Int)? {
        selectValueRevision.reset()
        defer { selectValueRevision.reset() }
        try selectValueRevision.bind(.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue))
        guard try selectValueRevision.step() else { return nil }
        return (selectValueRevision.int64(at: 0), Int(selectValueRevision.int64(at: 1)))
    }

    /// The bytes of one scene's values.
    private func sceneBytes(session: SessionID, scene: SceneID) throws(SQLiteError) -> Int {
        Int(try integer(selectSceneBytes, .text(session.rawValue), .text(scene.rawValue)) ?? 0)
    }

    /// Moves the session's kept total (`value_bytes`) by `delta`; with `limits`, first refuses a
    /// write that would take it past the quota (a session past a lowered limit may still shrink).
    private func changeSessionBytes(session: SessionID, by delta: Int, limits: SceneStateLimits?) throws {
        guard delta != 0 else { return }
        if let limits {
            guard let current = try integer(selectSessionBytes, .text(session.rawValue)) else {
                throw SceneStateStoreError.sessionNotFound
            }
            let proposed = Int(current) + delta
            guard limits.allowsSession(bytes: proposed, from: Int(current)) else {
                throw SceneStateStoreError.sessionTooLarge(bytes: proposed, limit: limits.maximumSessionBytes)
            }
        }
        try runOnce(updateSessionBytes) { s throws(SQLiteError) in
            try s.bind(.text(session.rawValue), .integer(Int64(delta)))
        }
    }

    /// Counts a new scene against the session's limit; the session must exist.
    private func addScene(session: SessionID, limits: SceneStateLimits) throws {
        guard let scenes = try integer(selectSceneCount, .text(session.rawValue)) else {
            throw SceneStateStoreError.sessionNotFound
        }
        guard scenes < Int64(limits.maximumScenesPerSession) else {
            throw SceneStateStoreError.tooManyScenes(limit: limits.maximumScenesPerSession)
        }
        try runOnce(updateSceneCount) { s throws(SQLiteError) in try s.bind(.text(session.rawValue), .integer(1)) }
    }

    /// Inserts the scene row or moves its revision and count. The foreign key still guards
    /// against a scene without a session.
    private func writeScene(session: SessionID, scene: SceneID, revision: Int64, valueCount: Int64, isNew: Bool) throws {
        do {
            try runOnce(isNew ? insertScene : updateScene) { s throws(SQLiteError) in
                try s.bind(.text(session.rawValue), .text(scene.rawValue), .integer(revision), .integer(valueCount))
            }
        } catch {
            // SQLITE_CONSTRAINT_FOREIGNKEY is a macro expression Swift does not import.
            if error.code == SQLITE_CONSTRAINT | (3 << 8) { throw SceneStateStoreError.sessionNotFound }
            throw error
        }
    }

    /// The first column of the first row as an integer, nil when there is no row.
    private func integer(_ statement: Statement, _ arguments: StatementArgument...) throws(SQLiteError) -> Int64? {
        statement.reset()
        defer { statement.reset() }
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        return statement.int64(at: 0)
    }

    /// Binds, runs to completion and resets a statement that returns no rows.
    private func runOnce(_ statement: Statement,
                         bind: (Statement) throws(SQLiteError) -> Void = { _ in }) throws(SQLiteError) {
        statement.reset()
        defer { statement.reset() }
        try bind(statement)
        try statement.run()
    }
}
