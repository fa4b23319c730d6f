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
/// **Sessions** read by id are kept in a bounded cache (`SessionCache`), so authenticating a
/// request costs no query; this is sound because this process is the file's only writer and
/// every session change invalidates its entry after commit. Do not let two servers share a file.
///
/// **Expiry.** With a `sweepInterval`, a background task deletes expired sessions in
/// batches of `sweepBatchSize`, each its own short transaction in the writer's queue, so
/// the sweep never holds the writer for long.
///
/// ```swift
/// let store = try SQLiteSceneStateStore(path: "scenelink.sqlite")
/// defer { try? store.close() }
/// try await store.createSession(record)
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
        /// How often the expiry sweep runs; nil turns the background sweep off.
        public var sweepInterval: Duration?
        /// Sessions deleted per sweep transaction.
        public var sweepBatchSize: Int
        /// Sessions kept in the authentication cache.
        public var sessionCacheCapacity: Int
        /// Values kept in the restore cache (0 turns it off), and the bytes they may hold.
        public var valueCacheCapacity: Int
        public var valueCacheBytes: Int
        /// What "now" is for the sweep.
        public var clock: SceneStateClock

        public init(readerCount: Int = 4, busyTimeoutMilliseconds: Int32 = 5_000, maximumBatchSize: Int = 1_024,
                    sweepInterval: Duration? = .seconds(60), sweepBatchSize: Int = 200,
                    sessionCacheCapacity: Int = 100_000, valueCacheCapacity: Int = 100_000,
                    valueCacheBytes: Int = 64 << 20, clock: SceneStateClock = .system) {
            self.readerCount = readerCount
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.maximumBatchSize = maximumBatchSize
            self.sweepInterval = sweepInterval
            self.sweepBatchSize = sweepBatchSize
            self.sessionCacheCapacity = sessionCacheCapacity
            self.valueCacheCapacity = valueCacheCapacity
            self.valueCacheBytes = valueCacheBytes
            self.clock = clock
        }
    }

    /// The path the store was opened with.
    public let path: String
    private let configuration: Configuration
    private let writer: GroupCommitWriter
    private let readers: [ReaderConnection]
    private let nextReader = Atomic<Int>(0)
    private let isClosed = Atomic<Bool>(false)
    private let sessionCache: Mutex<SessionCache>
    private let valueCache: Mutex<ValueCache>
    private let sweepTask = Mutex<Task<Void, Never>?>(nil)

    /// Opens (creating if needed) the store at `path`, or an in-memory store for `:memory:`.
    ///
    /// - Parameters:
    ///   - path: a file path, `:memory:`, or an SQLite `file:` URI.
    ///   - configuration: pool size, batch size, sweep schedule, clock.
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
        try connection.execute("PRAGMA foreign_keys = ON")
        try Schema.migrate(connection)
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
        if let interval = configuration.sweepInterval { startSweeping(every: interval) }
    }

    deinit {
        sweepTask.withLock { $0?.cancel() }
    }

    /// True for `:memory:` and memory URIs, whose connections cannot share one database.
    static func isInMemory(_ path: String) -> Bool {
        path == ":memory:" || path.isEmpty || (path.hasPrefix("file:") && path.contains("mode=memory"))
    }

    /// Stops the sweep, finishes queued writes, closes the readers, checkpoints the WAL and
    /// closes the writer. Later calls fail with `.closed`. Safe to call twice; blocks, so call
    /// it from shutdown code, never from inside a store callback.
    /// - Throws: `SQLiteError` when the final checkpoint fails (the data is still safe in the WAL).
    public func close() throws(SQLiteError) {
        guard !isClosed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        sweepTask.withLock { task in
            task?.cancel()
            task = nil
        }
        for reader in readers { reader.close() }
        try writer.close()
    }

    // MARK: Plumbing

    /// Runs a write on the writer, answering after its batch commits.
    private func write<T: Sendable>(
        _ body: @escaping @Sendable (WriteContext) throws -> T,
        afterCommit: (@Sendable (T) -> Void)? = nil
    ) async throws(SceneStateStoreError) -> T {
        let result: Result<T, SceneStateStoreError> = await withCheckedContinuation { continuation in
            write(body, afterCommit: afterCommit) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Queues a write on the writer; `completion` runs on the writer queue once the batch
    /// carrying the write has committed (or failed), exactly once.
    private func write<T: Sendable>(
        _ body: @escaping @Sendable (WriteContext) throws -> T,
        afterCommit: (@Sendable (T) -> Void)? = nil,
        completion: @escaping @Sendable (Result<T, SceneStateStoreError>) -> Void
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
            cancel: { error in completion(.failure(error)) }))
    }

    /// Runs a read on the next reader (or on the writer for `:memory:`).
    private func read<T: Sendable>(
        _ body: @escaping @Sendable (ReadStatements) throws(SQLiteError) -> T
    ) async throws(SceneStateStoreError) -> T {
        let result: Result<T, SceneStateStoreError> = await withCheckedContinuation { continuation in
            read(body) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Runs a read on the next reader (or on the writer for `:memory:`); `completion` runs on
    /// that queue, exactly once.
    private func read<T: Sendable>(
        _ body: @escaping @Sendable (ReadStatements) throws(SQLiteError) -> T,
        completion: @escaping @Sendable (Result<T, SceneStateStoreError>) -> Void
    ) {
        guard !isClosed.load(ordering: .relaxed) else { return completion(.failure(.closed)) }
        let answer: @Sendable (ReadStatements?) -> Void = { statements in
            guard let statements else { return completion(.failure(.closed)) }
            do throws(SQLiteError) {
                completion(.success(try body(statements)))
            } catch {
                completion(.failure(.storage(message: error.description)))
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
        if let error = error as? SQLiteError { return .storage(message: error.description) }
        return .storage(message: "\(error)")
    }

    private func startSweeping(every interval: Duration) {
        let batchSize = max(1, configuration.sweepBatchSize)
        let clock = configuration.clock
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                // Repeat short transactions until a batch comes back partly empty.
                while !Task.isCancelled,
                      let deleted = try? await self.deleteExpiredSessions(now: clock.now(), limit: batchSize),
                      deleted == batchSize {}
            }
        }
        sweepTask.withLock { $0 = task }
    }

    // MARK: SceneStateStore

    public func createSession(_ session: SessionRecord) async throws(SceneStateStoreError) {
        try await write({ context in try context.createSession(session) },
                        afterCommit: { _ in self.sessionCache.withLock { $0.invalidate(session.id) } })
    }

    public func session(id: SessionID) async throws(SceneStateStoreError) -> SessionRecord? {
        let (cached, generation) = sessionCache.withLock { ($0.session(id: id), $0.generation) }
        if let cached { return cached }
        let loaded = try await read { statements throws(SQLiteError) in try statements.session(id: id) }
        if let loaded { sessionCache.withLock { $0.insert(loaded, readGeneration: generation) } }
        return loaded
    }

    public func cachedSession(id: SessionID) -> SessionRecord? {
        sessionCache.withLock { $0.session(id: id) }
    }

    public func session(tokenHash: [UInt8]) async throws(SceneStateStoreError) -> SessionRecord? {
        try await read { statements throws(SQLiteError) in try statements.session(tokenHash: tokenHash) }
    }

    public func refreshSession(id: SessionID, expiresAt: Date) async throws(SceneStateStoreError) {
        try await write({ context in try context.refreshSession(id: id, expiresAt: expiresAt) },
                        afterCommit: { _ in self.sessionCache.withLock { $0.invalidate(id) } })
    }

    public func deleteSession(id: SessionID) async throws(SceneStateStoreError) -> Bool {
        try await write({ context in try context.deleteSession(id: id) },
                        afterCommit: { _ in
                            self.sessionCache.withLock { $0.invalidate(id) }
                            self.valueCache.withLock { $0.invalidate(session: id) }
                        })
    }

    public func value(session: SessionID, scene: SceneID, key: ValueKey) async throws(SceneStateStoreError) -> StoredValue? {
        let result: Result<StoredValue?, SceneStateStoreError> = await withCheckedContinuation { continuation in
            value(session: session, scene: scene, key: key) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    public func cachedValue(session: SessionID, scene: SceneID, key: ValueKey) -> StoredValue? {
        valueCache.withLock { $0.value(session: session, scene: scene, key: key) }
    }

    public func value(session: SessionID, scene: SceneID, key: ValueKey,
                      completion: @escaping @Sendable (Result<StoredValue?, SceneStateStoreError>) -> Void) {
        let (cached, generation) = valueCache.withLock { ($0.value(session: session, scene: scene, key: key), $0.generation) }
        if let cached { return completion(.success(cached)) }
        read({ statements throws(SQLiteError) in try statements.value(session: session, scene: scene, key: key) },
             completion: { result in
                 if case .success(let loaded?) = result {
                     self.valueCache.withLock {
                         $0.fill(loaded, session: session, scene: scene, key: key, readGeneration: generation)
                     }
                 }
                 completion(result)
             })
    }

    public func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                         precondition: Precondition, limits: SceneStateLimits,
                         completion: @escaping @Sendable (Result<ValueWriteOutcome, SceneStateStoreError>) -> Void) {
        write({ context in
            try context.putValue(content, session: session, scene: scene, key: key,
                                 precondition: precondition, limits: limits)
        }, afterCommit: { outcome in
            self.valueCache.withLock { $0.written(outcome.value, session: session, scene: scene, key: key) }
        }, completion: completion)
    }

    public func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                         precondition: Precondition, limits: SceneStateLimits) async throws(SceneStateStoreError) -> ValueWriteOutcome {
        let result: Result<ValueWriteOutcome, SceneStateStoreError> = await withCheckedContinuation { continuation in
            putValue(content, session: session, scene: scene, key: key, precondition: precondition, limits: limits) {
                continuation.resume(returning: $0)
            }
        }
        return try result.get()
    }

    public func deleteValue(session: SessionID, scene: SceneID, key: ValueKey,
                            precondition: Precondition) async throws(SceneStateStoreError) -> Bool {
        try await write({ context in
            try context.deleteValue(session: session, scene: scene, key: key, precondition: precondition)
        }, afterCommit: { _ in self.valueCache.withLock { $0.invalidate(session: session, scene: scene, key: key) } })
    }

    public func scene(session: SessionID, scene: SceneID) async throws(SceneStateStoreError) -> SceneSnapshot? {
        try await read { statements throws(SQLiteError) in try statements.scene(session: session, scene: scene) }
    }

    public func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                             precondition: Precondition, limits: SceneStateLimits) async throws(SceneStateStoreError) -> SceneReplaceOutcome {
        try await write({ context in
            try context.replaceScene(values, session: session, scene: scene, precondition: precondition, limits: limits)
        }, afterCommit: { _ in self.valueCache.withLock { $0.invalidate(session: session, scene: scene) } })
    }

    public func deleteScene(session: SessionID, scene: SceneID,
                            precondition: Precondition) async throws(SceneStateStoreError) -> Bool {
        try await write({ context in
            try context.deleteScene(session: session, scene: scene, precondition: precondition)
        }, afterCommit: { _ in self.valueCache.withLock { $0.invalidate(session: session, scene: scene) } })
    }

    public func scenes(session: SessionID) async throws(SceneStateStoreError) -> [SceneSummary] {
        try await read { statements throws(SQLiteError) in try statements.scenes(session: session) }
    }

    public func deleteExpiredSessions(now: Date, limit: Int) async throws(SceneStateStoreError) -> Int {
        try await write({ context in try context.deleteExpiredSessions(now: now, limit: limit) },
                        afterCommit: { deleted in
                            if deleted > 0 {
                                self.sessionCache.withLock { $0.invalidateAll() }
                                self.valueCache.withLock { $0.invalidateAll() }
                            }
                        })
    }

    /// Runs an empty `BEGIN IMMEDIATE … COMMIT` through the writer: it fails when the store is
    /// closed, the file became read-only, or another process holds the write lock past the busy timeout.
    public func checkWritable() async throws(SceneStateStoreError) {
        try await write { _ in () }
    }

    public func counts() async throws(SceneStateStoreError) -> SceneStateCounts {
        try await read { statements throws(SQLiteError) in try statements.counts() }
    }

    public var commitStatistics: SceneStateCommitStatistics { writer.statistics }
}
