import Dispatch
import Foundation
import SceneLinkCore
import Synchronization

/// The scene-state store in PostgreSQL, for several SceneLink instances behind one load
/// balancer: every instance answers every request from the same database.
///
/// **Durability.** Every connection sets `synchronous_commit = on`, and a write is answered
/// only after the `COMMIT` carrying it has returned, so an acknowledged save survived a crash
/// of PostgreSQL (given `fsync = on` on the server). A write whose connection dropped before
/// the commit's answer is answered 503, never acknowledged: it may or may not have committed.
/// So is a write whose commit came back with PostgreSQL's warning that its wait for a
/// synchronous standby was cancelled (committed on the primary, maybe on no standby): with
/// synchronous standbys, a 2xx save survives a promote too (`docs/deployment.md`).
///
/// **Concurrency.** Each write is one statement. Conditional writes call functions the
/// migrations create; each locks its session's row before reading anything, then checks the
/// precondition and the limits and writes, all in the same statement, so two instances can
/// never interleave a read and a write (see `PostgresStatement`). Whole-scene saves are one
/// statement too, hence one transaction. Revisions come from one sequence.
///
/// **Pool.** `connectionCount` connections, each on its own thread (`PostgresPool`); every
/// statement is prepared once per connection. Writes that arrive together share a transaction
/// and its commit (pipelined: one round trip).
///
/// **Sessions are cached, values are not.** Authenticating a request reads its session by id;
/// the store keeps the sessions it read (`SessionCache`), so an authenticated request costs one
/// statement, not two. This is safe with other instances writing: a session's id and token hash
/// never change and its expiry only moves later, so a cached record never accepts a token or an
/// expiry the database would refuse (a cached record that looks expired is read again). A
/// session deleted through another instance is caught by the next statement: every read and
/// write checks that the session exists and fails with `.sessionNotFound` when it does not.
/// Values are always read from the database: another instance may have written them.
///
/// **Expiry.** `deleteExpiredSessions` and `deleteExpiredShortLinks` skip rows another
/// transaction holds (`FOR UPDATE SKIP LOCKED`), so every instance may sweep at once.
///
/// **Short links** live in the same database (`PostgresSceneStateStore+ShortLinks`), so every
/// instance follows, counts and lists the same links.
///
/// ```swift
/// let store = try PostgresSceneStateStore(url: "postgres://scenelink@db:5432/scenelink")
/// defer { store.close() }
/// store.createSession(record) { result in … }
/// ```
public final class PostgresSceneStateStore: SceneStateStore {
    /// How the store is set up. The defaults suit a server.
    public struct Configuration: Sendable, Equatable {
        /// Connections (and threads) in the pool.
        public var connectionCount: Int
        /// Sessions kept in memory for authentication (0 reads every request's session).
        public var sessionCacheCapacity: Int
        /// The most writes (or reads) one round trip carries.
        public var maximumBatchSize: Int
        /// Write transactions that may run at once; writes arriving meanwhile wait for the next.
        /// One groups the most writes per commit (see `PostgresPool`); more may suit a database
        /// far away, where a round trip takes longer than the writes themselves.
        public var maximumWriteBatchesInFlight: Int
        /// A statement running (or waiting for a lock) longer fails with 503.
        public var statementTimeout: Duration
        /// A call waiting longer than this for a free connection fails with 503.
        public var acquireTimeout: Duration
        /// Calls that may wait for a connection; one more fails with 503 at once.
        public var maximumQueuedCalls: Int
        /// After a failed connection attempt, calls fail at once for this long before the next attempt.
        public var reconnectDelay: Duration
        /// `connect_timeout` in seconds, unless the URL or `PGCONNECT_TIMEOUT` sets it.
        public var connectTimeoutSeconds: Int
        /// The schema for the store's tables (created when missing); nil uses the server's
        /// `search_path`. Tests give each store its own.
        public var schema: String?

        public init(connectionCount: Int = 2, sessionCacheCapacity: Int = 100_000, maximumBatchSize: Int = 64,
                    maximumWriteBatchesInFlight: Int = 1, statementTimeout: Duration = .seconds(5),
                    acquireTimeout: Duration = .seconds(5), maximumQueuedCalls: Int = 10_000,
                    reconnectDelay: Duration = .seconds(1), connectTimeoutSeconds: Int = 5, schema: String? = nil) {
            self.connectionCount = connectionCount
            self.sessionCacheCapacity = sessionCacheCapacity
            self.maximumBatchSize = maximumBatchSize
            self.maximumWriteBatchesInFlight = maximumWriteBatchesInFlight
            self.statementTimeout = statementTimeout
            self.acquireTimeout = acquireTimeout
            self.maximumQueuedCalls = maximumQueuedCalls
            self.reconnectDelay = reconnectDelay
            self.connectTimeoutSeconds = connectTimeoutSeconds
            self.schema = schema
        }
    }

    /// Where the store is, for logs: `postgres://host:port/database`, never a user or password.
    public let address: String
    public let claimCodes: ClaimCodeCipher
    private let pool: PostgresPool
    private let sessionCache: Mutex<SessionCache>

    /// Connects once to migrate the schema (under an advisory lock), then starts the pool.
    /// Blocks while it connects: call it at startup.
    ///
    /// - Parameters:
    ///   - url: `postgres://USER@HOST:PORT/DB` or any connection string libpq takes (`sslmode`,
    ///     `PG*` variables and `~/.pgpass` work as libpq defines them).
    ///   - configuration: pool size, batch size, timeouts, schema.
    ///   - commitInDoubt: told, with one sentence and the sessions written, about each write
    ///     transaction whose commit returned but may not be on any standby (its synchronous
    ///     replication wait was cancelled); those writes are answered `.unavailable`. For the log.
    /// - Throws: `PostgresError` when the database cannot be reached, a migration fails, or its
    ///   schema is newer than this build knows.
    public init(url: String, configuration: Configuration = Configuration(),
                commitInDoubt: @escaping @Sendable (_ message: String, _ sessions: [String]) -> Void = { _, _ in })
        throws(PostgresError) {
        let settings = PostgresSessionSettings(
            statementTimeoutMilliseconds: Int(configuration.statementTimeout / .milliseconds(1)),
            connectTimeoutSeconds: configuration.connectTimeoutSeconds, schema: configuration.schema)
        let migration = try PostgresConnection(url: url, settings: PostgresSessionSettings(
            statementTimeoutMilliseconds: 0, connectTimeoutSeconds: settings.connectTimeoutSeconds, schema: settings.schema))
        try PostgresSchema.migrate(migration, schema: configuration.schema)
        claimCodes = try PostgresStoreKeys.claimCodeCipher(on: migration)
        address = migration.address
        sessionCache = Mutex(SessionCache(capacity: configuration.sessionCacheCapacity))
        pool = PostgresPool(
            settings: .init(connectionCount: configuration.connectionCount, maximumBatchSize: configuration.maximumBatchSize,
                            maximumWriteBatchesInFlight: configuration.maximumWriteBatchesInFlight,
                            acquireTimeout: configuration.acquireTimeout, maximumQueuedCalls: configuration.maximumQueuedCalls,
                            reconnectDelay: configuration.reconnectDelay),
            open: { () throws(PostgresError) -> PostgresConnection in
                let connection = try PostgresConnection(url: url, settings: settings)
                for statement in PostgresStatement.allCases { try connection.prepare(statement) }
                return connection
            },
            commitInDoubt: { error, calls in commitInDoubt(error.description, calls.map(\.lockOrder).filter { !$0.isEmpty }) })
    }

    deinit {
        pool.close(waiting: false)
    }

    /// True for `postgres://…` and `postgresql://…`, the URLs `init(url:)` is meant for.
    public static func isPostgresURL(_ text: String) -> Bool { PostgresAddress.isPostgresURL(text) }

    /// A store URL as logs may show it: no user, no password, no query (`postgres://db:5432/app`).
    public static func redactedAddress(_ url: String) -> String { PostgresAddress.redacted(url) }

    /// Refuses new calls, lets queued ones finish and closes every connection. Later calls fail
    /// with `.closed`. Safe to call twice; blocks, so call it from shutdown code, never from
    /// inside a store callback.
    public func close() {
        pool.close(waiting: true)
    }

    // MARK: Plumbing

    /// Queues one statement; `decode` turns its rows into the answer (or a store error). With
    /// `session`, an answer of `.sessionNotFound` (another instance deleted it) also forgets that
    /// cached session, so the next request reads the database, as an instance without the cache would.
    func call<T: Sendable>(
        _ statement: PostgresStatement, _ parameters: [PostgresParameter], kind: PostgresCall.Kind, lockOrder: String = "",
        session: SessionID? = nil, _ completion: @escaping SceneStateCompletion<T>,
        decode: @escaping @Sendable ([PostgresRow]) throws -> T
    ) {
        pool.submit(PostgresCall(statement: statement, parameters: parameters, kind: kind, lockOrder: lockOrder,
                                 enqueuedAt: .now()) { result in
            let answer: Result<T, SceneStateStoreError>
            switch result {
            case .success(let rows):
                do {
                    answer = .success(try decode(rows))
                } catch let error as SceneStateStoreError {
                    answer = .failure(error)
                } catch {
                    answer = .failure(.failure(.storage(message: "\(error)")))
                }
            case .failure(let error):
                answer = .failure(error)
            }
            if let session, case .failure(.sessionNotFound) = answer { self.sessionCache.withLock { $0.invalidate(session) } }
            completion(answer)
        })
    }

    /// `completion`, after forgetting the cached session `id` (the call may have changed it).
    private func forgetting<T>(_ id: SessionID, _ completion: @escaping SceneStateCompletion<T>) -> SceneStateCompletion<T> {
        { result in
            self.sessionCache.withLock { $0.invalidate(id) }
            completion(result)
        }
    }

    /// The rows of a read that joins the session's row first: none means the session is gone.
    private static func sessionRows(_ rows: [PostgresRow]) throws -> [PostgresRow] {
        guard !rows.isEmpty else { throw SceneStateStoreError.sessionNotFound }
        return rows
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    private static func session(_ rows: [PostgresRow]) throws -> SessionRecord? {
        guard let row = rows.first, let id = try? SessionID(row.text(0)) else { return nil }
        return SessionRecord(id: id, tokenHash: try row.bytes(1), createdAt: date(try row.int64(2)),
                             expiresAt: date(try row.int64(3)))
    }

    /// The single row of a write function: `o_status`, `o_revision`.
    private static func status(_ rows: [PostgresRow]) throws -> (status: Int64, revision: Int64?, row: PostgresRow) {
        guard let row = rows.first else {
            throw SceneStateStoreError.failure(.storage(message: "a write function answered no row"))
        }
        return (try row.int64(0), try row.int64OrNil(1), row)
    }

    /// The error a write function's status stands for (`PostgresSchema` lists them).
    private static func failure(status: Int64, revision: Int64?, tag: (Int64) -> EntityTag,
                                limits: SceneStateLimits) -> SceneStateStoreError {
        switch status {
        case 1: return .sessionNotFound
        case 2: return .preconditionFailed(current: revision.map(tag))
        case 3: return .tooManyKeys(limit: limits.maximumKeysPerScene)
        case 4: return .tooManyScenes(limit: limits.maximumScenesPerSession)
        case 5: return .valueTooLarge(bytes: Int(revision ?? 0), limit: limits.maximumValueBytes)
        case 8: return .sessionTooLarge(bytes: Int(revision ?? 0), limit: limits.maximumSessionBytes)
        default: return .failure(.storage(message: "a write function answered the unknown status \(status)"))
        }
    }

    private static func clamp(_ value: Int) -> Int32 { Int32(clamping: value) }

    // MARK: SceneStateStore

    public func createSession(_ session: SessionRecord, completion: @escaping SceneStateCompletion<Void>) {
        call(.createSession, [.text(session.id.rawValue), .bytes(session.tokenHash),
                              .int64(Self.milliseconds(session.createdAt)), .int64(Self.milliseconds(session.expiresAt))],
             kind: .write, lockOrder: session.id.rawValue, completion) { rows in
            guard !rows.isEmpty else { throw SceneStateStoreError.sessionExists }
        }
    }

    /// From the session cache when it holds the id and the record has not expired (answered at
    /// once), else from the database.
    public func session(id: SessionID, completion: @escaping SceneStateCompletion<SessionRecord?>) {
        let (cached, generation) = sessionCache.withLock { ($0.session(id: id), $0.generation) }
        // Another instance may have refreshed a session that looks expired here: read it again.
        if let cached, !cached.isExpired(at: Date()) { return completion(.success(cached)) }
        call(.selectSessionByID, [.text(id.rawValue)], kind: .read, { result in
            if case .success(let loaded?) = result {
                self.sessionCache.withLock { $0.insert(loaded, readGeneration: generation) }
            }
            completion(result)
        }) { try Self.session($0) }
    }

    public func session(tokenHash: [UInt8], completion: @escaping SceneStateCompletion<SessionRecord?>) {
        call(.selectSessionByTokenHash, [.bytes(tokenHash)], kind: .read, completion) { try Self.session($0) }
    }

    public func refreshSession(id: SessionID, expiresAt: Date, completion: @escaping SceneStateCompletion<Void>) {
        call(.refreshSession, [.text(id.rawValue), .int64(Self.milliseconds(expiresAt))], kind: .write,
             lockOrder: id.rawValue, forgetting(id, completion)) { rows in
            guard !rows.isEmpty else { throw SceneStateStoreError.sessionNotFound }
        }
    }

    public func deleteSession(id: SessionID, completion: @escaping SceneStateCompletion<Bool>) {
        call(.deleteSession, [.text(id.rawValue)], kind: .write, lockOrder: id.rawValue, forgetting(id, completion)) {
            !$0.isEmpty
        }
    }

    public func value(session: SessionID, scene: SceneID, key: ValueKey,
                      completion: @escaping SceneStateCompletion<StoredValue?>) {
        call(.selectValue, [.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue)], kind: .read,
             session: session, completion) { rows in
            guard let row = try Self.sessionRows(rows).first, !row.isNull(1) else { return nil }
            return StoredValue(content: ValueContent(bytes: try row.bytes(2), contentType: try row.text(0)),
                               revision: try row.int64(1))
        }
    }

    public func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                         precondition: Precondition, limits: SceneStateLimits,
                         completion: @escaping SceneStateCompletion<ValueWriteOutcome>) {
        guard content.bytes.count <= limits.maximumValueBytes else {
            return completion(.failure(.valueTooLarge(bytes: content.bytes.count, limit: limits.maximumValueBytes)))
        }
        let parameters: [PostgresParameter] = [.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue),
                                               .text(content.contentType), .bytes(content.bytes)]
            + precondition.postgresParameters(tagPrefix: "v")
            + [.int32(Self.clamp(limits.maximumKeysPerScene)), .int32(Self.clamp(limits.maximumScenesPerSession)),
               .int64(Int64(limits.maximumSessionBytes))]
        call(.putValue, parameters, kind: .write, lockOrder: session.rawValue, session: session, completion) { rows in
            let (status, revision, row) = try Self.status(rows)
            guard status == 0, let revision else {
                throw Self.failure(status: status, revision: revision, tag: EntityTag.value(revision:), limits: limits)
            }
            return ValueWriteOutcome(created: try row.bool(2), value: StoredValue(content: content, revision: revision))
        }
    }

    public func deleteValue(session: SessionID, scene: SceneID, key: ValueKey, precondition: Precondition,
                            completion: @escaping SceneStateCompletion<Bool>) {
        let parameters: [PostgresParameter] = [.text(session.rawValue), .text(scene.rawValue), .text(key.rawValue)]
            + precondition.postgresParameters(tagPrefix: "v")
        call(.deleteValue, parameters, kind: .write, lockOrder: session.rawValue, session: session, completion) { rows in
            let (status, revision, _) = try Self.status(rows)
            switch status {
            case 0: return true
            case 7: return false
            default: throw Self.failure(status: status, revision: revision, tag: EntityTag.value(revision:), limits: .default)
            }
        }
    }

    public func scene(session: SessionID, scene: SceneID, completion: @escaping SceneStateCompletion<SceneSnapshot?>) {
        call(.selectScene, [.text(session.rawValue), .text(scene.rawValue)], kind: .read, session: session, completion) { rows in
            var snapshot: SceneSnapshot?
            for row in try Self.sessionRows(rows) where !row.isNull(0) {
                if snapshot == nil { snapshot = SceneSnapshot(scene: scene, revision: try row.int64(0), values: [:]) }
                // Rows were validated on the way in; one that no longer validates is skipped, not fatal.
                guard !row.isNull(1), let key = try? ValueKey(row.text(1)) else { continue }
                snapshot?.values[key] = StoredValue(
                    content: ValueContent(bytes: try row.bytes(4), contentType: try row.text(2)), revision: try row.int64(3))
            }
            return snapshot
        }
    }

    public func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                             precondition: Precondition, limits: SceneStateLimits,
                             completion: @escaping SceneStateCompletion<SceneReplaceOutcome>) {
        let entries = Array(values)
        let parameters: [PostgresParameter] = [
            .text(session.rawValue), .text(scene.rawValue), .textArray(entries.map(\.key.rawValue)),
            .textArray(entries.map(\.value.contentType)), .bytesArray(entries.map(\.value.bytes)),
        ] + precondition.postgresParameters(tagPrefix: "s") + [
            .int32(Self.clamp(limits.maximumValueBytes)), .int32(Self.clamp(limits.maximumKeysPerScene)),
            .int32(Self.clamp(limits.maximumScenesPerSession)), .int64(Int64(limits.maximumSessionBytes)),
        ]
        call(.replaceScene, parameters, kind: .write, lockOrder: session.rawValue, session: session, completion) { rows in
            let (status, revision, row) = try Self.status(rows)
            guard status == 0, let revision else {
                throw Self.failure(status: status, revision: revision, tag: EntityTag.scene(revision:), limits: limits)
            }
            let stored = values.mapValues { StoredValue(content: $0, revision: revision) }
            return SceneReplaceOutcome(created: try row.bool(2),
                                       snapshot: SceneSnapshot(scene: scene, revision: revision, values: stored))
        }
    }

    public func deleteScene(session: SessionID, scene: SceneID, precondition: Precondition,
                            completion: @escaping SceneStateCompletion<Bool>) {
        let parameters: [PostgresParameter] = [.text(session.rawValue), .text(scene.rawValue)]
            + precondition.postgresParameters(tagPrefix: "s")
        call(.deleteScene, parameters, kind: .write, lockOrder: session.rawValue, session: session, completion) { rows in
            let (status, revision, _) = try Self.status(rows)
            switch status {
            case 0: return true
            case 7: return false
            default: throw Self.failure(status: status, revision: revision, tag: EntityTag.scene(revision:), limits: .default)
            }
        }
    }

    public func scenes(session: SessionID, completion: @escaping SceneStateCompletion<[SceneSummary]>) {
        call(.selectScenes, [.text(session.rawValue)], kind: .read, session: session, completion) { rows in
            try Self.sessionRows(rows).compactMap { row in
                guard !row.isNull(0), let scene = try? SceneID(row.text(0)) else { return nil }
                return SceneSummary(scene: scene, revision: try row.int64(1), valueCount: Int(try row.int64(2)))
            }
        }
    }

    public func deleteExpiredSessions(now: Date, limit: Int, completion: @escaping SceneStateCompletion<Int>) {
        call(.deleteExpiredSessions, [.int64(Self.milliseconds(now)), .int64(Int64(max(0, limit)))], kind: .soloWrite,
             completion) { $0.count }
    }

    /// Asks, through a pooled connection, whether the server takes writes: it fails when the
    /// database cannot be reached, is a read-only standby, or the pool is closed or full.
    public func checkWritable(completion: @escaping SceneStateCompletion<Void>) {
        call(.checkWritable, [], kind: .read, completion) { rows in
            guard let row = rows.first, try row.bool(0) else {
                throw SceneStateStoreError.failure(.unavailable(message: "the database at \(self.address) is read-only (a standby or in recovery)"))
            }
        }
    }

    public func counts(completion: @escaping SceneStateCompletion<SceneStateCounts>) {
        call(.selectCounts, [], kind: .read, completion) { rows in
            guard let row = rows.first else { return SceneStateCounts(sessions: 0, scenes: 0, values: 0) }
            return SceneStateCounts(sessions: Int(try row.int64(0)), scenes: Int(try row.int64(1)), values: Int(try row.int64(2)))
        }
    }

    public var commitStatistics: SceneStateCommitStatistics { pool.commitStatistics }

    /// Drops the configured schema and everything in it (tests clean up with it).
    /// - Throws: `PostgresError` when the database cannot be reached.
    static func dropSchema(_ schema: String, url: String) throws(PostgresError) {
        let connection = try PostgresConnection(url: url, settings: PostgresSessionSettings(
            statementTimeoutMilliseconds: 0, connectTimeoutSeconds: 5, schema: nil))
        try connection.execute("DROP SCHEMA IF EXISTS \(PostgresSessionSettings.quotedIdentifier(schema)) CASCADE")
    }
}
