import CSQLite
import Dispatch
import Foundation
import SceneLinkCore
import Synchronization

/// The scene-state store in one SQLite file.
///
/// **Durability.** The file is in WAL mode with `synchronous=FULL`: a write is acknowledged
/// (its method returns) only after the `COMMIT` carrying it has returned, and with FULL the
/// WAL is fsynced at every commit, so an acknowledged save survives a crash of the process
/// and a power loss of the machine (given a disk that honours fsync).
///
/// **Writes** go to one writer connection on one serial queue that commits in groups
/// (`GroupCommitWriter`): saves that arrive while a commit is in flight share the next
/// transaction and its one fsync. **Reads** go to a small pool of `SQLITE_OPEN_READONLY`
/// connections, each on its own serial queue; WAL lets them read the last committed state
/// while the writer works. Neither runs on the caller's thread, so HTTP I/O queues never block.
///
/// **`:memory:`** (for tests): separate connections to `:memory:` would each get their own
/// empty database, so an in-memory store has no read pool and reads run on the writer
/// connection, on the writer queue, between batches.
///
/// **Opening** runs `PRAGMA quick_check` and refuses a damaged file with a clear message,
/// then applies schema migrations (`PRAGMA user_version`). **`close()`** waits for queued
/// writes, checkpoints the WAL into the main file (`wal_checkpoint(TRUNCATE)`) and closes.
///
/// **Deletes overwrite.** The writer runs with `secure_delete` on, so deleted rows (a purged
/// link's analytics, expired sessions) are zeroed in the file. Older copies of a page in the WAL
/// are overwritten as the log is checkpointed and reused; `close()` truncates it.
///
/// **Caches.** Sessions read by id are kept in a bounded cache (`SessionCache`), so authenticating
/// a request costs no query, and values in another (`ValueCache`), so a restore costs none either;
/// a hit is answered at once, on the caller's thread. This is sound because this process is the
/// file's only writer and every change updates or invalidates its entries after commit, before its
/// caller is answered. Do not let two servers share a file.
///
/// **Expiry.** `deleteExpiredSessions(now:limit:)` deletes a batch in one short transaction
/// in the writer's queue; the application's sweep timer calls it until a batch comes back
/// partly empty, so the sweep never holds the writer for long.
///
/// ```swift
/// let store = try SQLiteSceneStateStore(path: "scenelink.sqlite")
/// defer { try? store.close() }
/// store.createSession(record) { result in … }
/// ```
public final class SQLiteSceneStateStore: SceneStateStore {
    /// How the store is set up. The defaults suit a server.
    public struct Configuration: Sendable {
        /// Read-only connections in the pool (ignored for `:memory:`).
        public var readerCount: Int
        /// How long a connection waits on a lock held by another process before failing.
        public var busyTimeoutMilliseconds: Int32
        /// The most writes one commit carries.
        public var maximumBatchSize: Int
        /// The write-ahead log's length, in pages, at which the writer copies it into the database
        /// file after a commit (`PRAGMA wal_autocheckpoint`). SQLite's default, 1,000 pages (4 MiB),
        /// made the writer checkpoint every few hundred claims under load, each time stopping the
        /// group commits; at 10,000 pages (40 MiB of log) a page rewritten by many commits (a
        /// table's last page, an index page) is copied once, and the mobile link page with its
        /// claim write served about 15 % more requests (docs/benchmarks.md).
        public var checkpointPages: Int
        /// Sessions kept in the authentication cache.
        public var sessionCacheCapacity: Int
        /// Values kept in the restore cache (0 turns it off), and the bytes they may hold.
        public var valueCacheCapacity: Int
        public var valueCacheBytes: Int

        public init(readerCount: Int = 4, busyTimeoutMilliseconds: Int32 = 5_000, maximumBatchSize: Int = 1_024,
                    checkpointPages: Int = 10_000, sessionCacheCapacity: Int = 100_000,
                    valueCacheCapacity: Int = 100_000, valueCacheBytes: Int = 64 << 20) {
            self.readerCount = readerCount
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.maximumBatchSize = maximumBatchSize
            self.checkpointPages = checkpointPages
            self.sessionCacheCapacity = sessionCacheCapacity
            self.valueCacheCapacity = valueCacheCapacity
            self.valueCacheBytes = valueCacheBytes
        }
    }

    /// The path the store was opened with.
    public let path: String
    public let claimCodes: ClaimCodeCipher
    private let configuration: Configuration
    private let writer: GroupCommitWriter
    private let readers: [ReaderConnection]
    private let nextReader = Atomic<Int>(0)
    private let isClosed = Atomic<Bool>(false)
    private let sessionCache: Mutex<SessionCache>
    let valueCache: Mutex<ValueCache>  // internal: ValueCacheTests look into it

    /// Opens (creating if needed) the store at `path`, or an in-memory store for `:memory:`.
    ///
    /// - Parameters:
    ///   - path: a file path, `:memory:`, or an SQLite `file:` URI.
    ///   - configuration: pool size, batch size, cache sizes.
    /// - Throws: `SQLiteError` when the file cannot be opened, fails `PRAGMA quick_check`
    ///   (the message says to restore or move the file), or has a newer schema.
    public init(path: String, configuration: Configuration = Configuration()) throws(SQLiteError) {
        self.path = path
        self.configuration = configuration
        let connection = try Connection(path: path, readOnly: false,
                                        busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        try Schema.quickCheck(connection)
        // journal_mode answers the mode in force: "memory" for :memory:, where WAL does not
        // apply; for a file anything but "wal" would break the durability and concurrency promises.
        let journalMode = try connection.scalarText("PRAGMA journal_mode = WAL")?.lowercased()
        if !SQLiteSceneStateStore.isInMemory(path), journalMode != "wal" {
            throw SQLiteError(code: SQLITE_CANTOPEN,
                              message: "the database \(path) cannot use write-ahead logging (journal mode is "
                                  + "\(journalMode ?? "unknown")); put it on a local file system that supports shared memory")
        }
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA wal_autocheckpoint = \(max(1, configuration.checkpointPages))")
        try connection.execute("PRAGMA foreign_keys = ON")
        // Deleted rows are overwritten with zeros, not left in the file's free space: a purge of a
        // link's analytics (or any delete) leaves no readable copy. On for every write, not around
        // the purge alone: with it off, page splits leave stale copies of rows behind and the
        // tables' interior pages keep keys, which a later purge cannot reach. Debian's SQLite has
        // it on by default; this makes every build alike.
        try connection.execute("PRAGMA secure_delete = ON")
        try Schema.migrate(connection)
        claimCodes = try StoreKeys.claimCodeCipher(on: connection)
        writer = GroupCommitWriter(context: try WriteContext(connection: connection),
                                   maximumBatchSize: configuration.maximumBatchSize)
        var readers: [ReaderConnection] = []
        if !SQLiteSceneStateStore.isInMemory(path) {
            for index in 0..<max(1, configuration.readerCount) {
                readers.append(try ReaderConnection(path: path, index: index,
                                                    busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds))
            }
        }
        self.readers = readers
        sessionCache = Mutex(SessionCache(capacity: configuration.sessionCacheCapacity))
        valueCache = Mutex(ValueCache(capacity: configuration.valueCacheCapacity, byteCapacity: configuration.valueCacheBytes))
    }

    /// True for `:memory:` and memory URIs, whose connections cannot share one database.
    static func isInMemory(_ path: String) -> Bool {
        path == ":memory:" || path.isEmpty || (path.hasPrefix("file:") && path.contains("mode=memory"))
    }

    /// Finishes queued writes, closes the readers, checkpoints the WAL and
    /// closes the writer. Later calls fail with `.closed`. Safe to call twice; blocks, so call
    /// it from shutdown code, never from inside a store callback.
    /// - Throws: `SQLiteError` when the final checkpoint fails (the data is still safe in the WAL).
    public func close() throws(SQLiteError) {
        guard !isClosed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        for reader in readers { reader.close() }
        try writer.close()
    }

    // MARK: Plumbing

    /// Queues a write on the writer; `completion` runs on the writer's answering queue once the
    /// batch carrying the write has committed (or failed), exactly once. `afterCommit` runs first,
    /// on success only, to bring the caches up to date before anyone hears of the write.
    /// `isOneStatement`: `body` runs one SQL statement (no savepoint is needed around it).
    func write<T: Sendable>(
        _ completion: @escaping SceneStateCompletion<T>,
        afterCommit: (@Sendable (T) -> Void)? = nil,
        isOneStatement: Bool = false,
        _ body: @escaping @Sendable (WriteContext) throws -> T
    ) {
        writer.enqueue(PendingWrite(
            run: { context in
                do {
                    let value = try body(context)
                    return PendingWrite.Outcome(succeeded: true) { commitError in
                        if let commitError {
                            completion(.failure(commitError))
                        } else {
                            afterCommit?(value)
                            completion(.success(value))
                        }
                    }
                } catch {
                    let failure = SQLiteSceneStateStore.storeError(error)
                    return PendingWrite.Outcome(succeeded: false) { commitError in
                        completion(.failure(commitError ?? failure))
                    }
                }
            },
            cancel: { error in completion(.failure(error)) }, isOneStatement: isOneStatement))
    }

    /// Runs a read on the next reader (or on the writer for `:memory:`); `completion` runs on
    /// that queue, exactly once.
    func read<T: Sendable>(
        _ completion: @escaping SceneStateCompletion<T>,
        _ body: @escaping @Sendable (ReadStatements) throws(SQLiteError) -> T
    ) {
        guard !isClosed.load(ordering: .relaxed) else { return completion(.failure(.failure(.closed))) }
        let answer: @Sendable (ReadStatements?) -> Void = { statements in
            guard let statements else { return completion(.failure(.failure(.closed))) }
            do throws(SQLiteError) {
                completion(.success(try body(statements)))
            } catch {
                completion(.failure(.failure(.storage(message: error.description))))
            }
        }
        if readers.isEmpty {
            writer.withContext { answer($0?.reads) }
        } else {
            let index = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue
            readers[abs(index % readers.count)].perform(answer)
        }
    }

    static func storeError(_ error: any Error) -> SceneStateStoreError {
        if let error = error as? SceneStateStoreError { return error }
        if let error = error as? SQLiteError { return .failure(.storage(message: error.description)) }
        return .failure(.storage(message: "\(error)"))
    }

    // MARK: SceneStateStore

    public func createSession(_ session: SessionRecord, recording: IdempotencyRecord?,
                              completion: @escaping SceneStateCompletion<Void>) {
        write(completion, afterCommit: { _ in self.sessionCache.withLock { $0.invalidate(session.id) } }) { context in
            try context.createSession(session)
            if let recording { try context.idempotency.record(recording) }
        }
    }

    /// From the session cache when it holds the id (answered at once), else from a reader.
    public func session(id: SessionID, completion: @escaping SceneStateCompletion<SessionRecord?>) {
        let (cached, generation) = sessionCache.withLock { ($0.session(id: id), $0.generation) }
        if let cached { return completion(.success(cached)) }
        read({ result in
            if case .success(let loaded?) = result {
                self.sessionCache.withLock { $0.insert(loaded, readGeneration: generation) }
            }
            completion(result)
        }) { statements throws(SQLiteError) in try statements.session(id: id) }
    }

    public func session(tokenHash: [UInt8], completion: @escaping SceneStateCompletion<SessionRecord?>) {
        read(completion) { statements throws(SQLiteError) in try statements.session(tokenHash: tokenHash) }
    }

    public func refreshSession(id: SessionID, expiresAt: Date, completion: @escaping SceneStateCompletion<Void>) {
        write(completion, afterCommit: { _ in self.sessionCache.withLock { $0.invalidate(id) } }) { context in
            try context.refreshSession(id: id, expiresAt: expiresAt)
        }
    }

    public func deleteSession(id: SessionID, completion: @escaping SceneStateCompletion<Bool>) {
        write(completion, afterCommit: { _ in
            self.sessionCache.withLock { $0.invalidate(id) }
            self.valueCache.withLock { $0.invalidate(session: id) }
        }) { context in try context.deleteSession(id: id) }
    }

    /// From the value cache when it holds the key (answered at once), else from a reader.
    public func value(session: SessionID, scene: SceneID, key: ValueKey,
                      completion: @escaping SceneStateCompletion<StoredValue?>) {
        let (cached, generation) = valueCache.withLock { ($0.value(session: session, scene: scene, key: key), $0.generation) }
        if let cached { return completion(.success(cached)) }
        read({ result in
            if case .success(let loaded?) = result {
                self.valueCache.withLock {
                    $0.fill(loaded, session: session, scene: scene, key: key, readGeneration: generation)
                }
            }
            completion(result)
        }) { statements throws(SQLiteError) in try statements.value(session: session, scene: scene, key: key) }
    }

    public func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                         precondition: Precondition, limits: SceneStateLimits,
                         completion: @escaping SceneStateCompletion<ValueWriteOutcome>) {
        write(completion, afterCommit: { outcome in
            self.valueCache.withLock { $0.written(outcome.value, session: session, scene: scene, key: key) }
        }) { context in
            try context.putValue(content, session: session, scene: scene, key: key, precondition: precondition, limits: limits)
        }
    }

    public func deleteValue(session: SessionID, scene: SceneID, key: ValueKey, precondition: Precondition,
                            completion: @escaping SceneStateCompletion<Bool>) {
        write(completion, afterCommit: { _ in
            self.valueCache.withLock { $0.invalidate(session: session, scene: scene, key: key) }
        }) { context in
            try context.deleteValue(session: session, scene: scene, key: key, precondition: precondition)
        }
    }

    public func scene(session: SessionID, scene: SceneID, completion: @escaping SceneStateCompletion<SceneSnapshot?>) {
        read(completion) { statements throws(SQLiteError) in try statements.scene(session: session, scene: scene) }
    }

    public func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                             precondition: Precondition, limits: SceneStateLimits,
                             completion: @escaping SceneStateCompletion<SceneReplaceOutcome>) {
        write(completion, afterCommit: { _ in self.valueCache.withLock { $0.invalidate(session: session, scene: scene) } }) { context in
            try context.replaceScene(values, session: session, scene: scene, precondition: precondition, limits: limits)
        }
    }

    public func deleteScene(session: SessionID, scene: SceneID, precondition: Precondition,
                            completion: @escaping SceneStateCompletion<Bool>) {
        write(completion, afterCommit: { _ in self.valueCache.withLock { $0.invalidate(session: session, scene: scene) } }) { context in
            try context.deleteScene(session: session, scene: scene, precondition: precondition)
        }
    }

    public func scenes(session: SessionID, completion: @escaping SceneStateCompletion<[SceneSummary]>) {
        read(completion) { statements throws(SQLiteError) in try statements.scenes(session: session) }
    }

    public func deleteExpiredSessions(now: Date, limit: Int, completion: @escaping SceneStateCompletion<Int>) {
        write(completion, afterCommit: { deleted in
            if deleted > 0 {
                self.sessionCache.withLock { $0.invalidateAll() }
                self.valueCache.withLock { $0.invalidateAll() }
            }
        }) { context in try context.deleteExpiredSessions(now: now, limit: limit) }
    }

    /// Runs an empty `BEGIN IMMEDIATE … COMMIT` through the writer: it fails when the store is
    /// closed, the file became read-only, or another process holds the write lock past the busy timeout.
    public func checkWritable(completion: @escaping SceneStateCompletion<Void>) {
        write(completion) { _ in () }
    }

    public func counts(completion: @escaping SceneStateCompletion<SceneStateCounts>) {
        read(completion) { statements throws(SQLiteError) in try statements.counts() }
    }

    public var commitStatistics: SceneStateCommitStatistics { writer.statistics }
}
