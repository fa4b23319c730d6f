import Foundation

/// How a store answers an operation: once, with the result or the failure.
public typealias SceneStateCompletion<Value> = @Sendable (Result<Value, SceneStateStoreError>) -> Void

/// Where sessions, scenes and values live. `SQLiteSceneStateStore` is the embedded one,
/// `PostgresSceneStateStore` the one several instances share; `InMemorySceneStateStore` is the
/// fake endpoint tests use. All keep the same rules:
///
/// - Every operation answers through its `completion`, exactly once: at once, on the caller's
///   thread, when the store can answer from memory (a cache hit), or later on a thread of the
///   store's choosing (the SQLite store answers on its reader or writer queue). So a caller
///   never holds a lock that the completion takes, and keeps completions short. Callbacks
///   rather than `async`: the HTTP endpoints answer a request without a `Task` per request,
///   which costs 39% more instructions per restore (see `SceneStateEndpoints`).
/// - Every write is atomic, and is acknowledged (answered) only once it is durable in the
///   store's sense, so a store can hold callers until a group commit carrying their writes
///   has returned, and answer many of them with one fsync.
/// - Revisions come from one store-wide counter that never goes back; a value's `ETag` is
///   `"v<revision>"`, a scene's `"s<revision>"` (the last write to any of its values).
/// - Preconditions are checked inside the write's transaction against the current tag.
///   A delete of something missing answers false even when a precondition was given, since
///   the answer without the precondition would be 404 (RFC 9110 §13.2.1).
/// - Limits are checked inside the transaction too: a new key beyond
///   `maximumKeysPerScene` or a new scene beyond `maximumScenesPerSession` fails.
/// - Reads never see a write half done.
/// - A store that several instances share may answer `session(id:)` from a cache, so a session
///   another instance deleted can still be found; every later read or write of that session
///   then fails with `.sessionNotFound`, so the request is answered as if it had not been found.
///
/// The store knows nothing of clocks or tokens: callers pass instants and token hashes,
/// and decide themselves what "expired" means at the moment of a request. Async code
/// waits for an answer with `awaiting(_:)`.
public protocol SceneStateStore: Sendable {
    /// Stores a new session, and with it `recording` (an `Idempotency-Key`'s first answer) in the
    /// same transaction. Fails with `.sessionExists` when the id is taken.
    func createSession(_ session: SessionRecord, recording: IdempotencyRecord?, completion: @escaping SceneStateCompletion<Void>)

    /// The session with this id, expired or not; nil when none is stored.
    func session(id: SessionID, completion: @escaping SceneStateCompletion<SessionRecord?>)

    /// The session whose token hashes to `tokenHash`, expired or not; nil when none.
    /// Endpoints use it only to tell "a valid token for another session" (404) from a
    /// wrong token (401).
    func session(tokenHash: [UInt8], completion: @escaping SceneStateCompletion<SessionRecord?>)

    /// Moves a session's expiry to `expiresAt`. Fails with `.sessionNotFound` when it is gone.
    func refreshSession(id: SessionID, expiresAt: Date, completion: @escaping SceneStateCompletion<Void>)

    /// Deletes a session and everything in it. Answers false when there was none.
    func deleteSession(id: SessionID, completion: @escaping SceneStateCompletion<Bool>)

    /// One value, or nil when nothing is stored under the key.
    func value(session: SessionID, scene: SceneID, key: ValueKey, completion: @escaping SceneStateCompletion<StoredValue?>)

    /// Creates or replaces one value, creating its scene when needed.
    /// Fails with `.preconditionFailed`, `.tooManyKeys`, `.tooManyScenes`, `.valueTooLarge`, `.sessionNotFound`.
    func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                  precondition: Precondition, limits: SceneStateLimits,
                  completion: @escaping SceneStateCompletion<ValueWriteOutcome>)

    /// Deletes one value (the scene stays, with a new revision). Answers false when it was missing.
    /// Fails with `.preconditionFailed` when the value exists and the precondition does not hold.
    func deleteValue(session: SessionID, scene: SceneID, key: ValueKey, precondition: Precondition,
                     completion: @escaping SceneStateCompletion<Bool>)

    /// Every value of a scene, or nil when the scene does not exist.
    func scene(session: SessionID, scene: SceneID, completion: @escaping SceneStateCompletion<SceneSnapshot?>)

    /// Replaces all values of a scene at once (keys not given are deleted); the precondition
    /// is on the scene's tag.
    /// Fails with `.preconditionFailed`, `.tooManyKeys`, `.tooManyScenes`, `.valueTooLarge`, `.sessionNotFound`.
    func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                      precondition: Precondition, limits: SceneStateLimits,
                      completion: @escaping SceneStateCompletion<SceneReplaceOutcome>)

    /// Deletes a scene and its values. Answers false when it was missing.
    /// Fails with `.preconditionFailed` when the scene exists and the precondition does not hold.
    func deleteScene(session: SessionID, scene: SceneID, precondition: Precondition,
                     completion: @escaping SceneStateCompletion<Bool>)

    /// The session's scenes, ordered by id.
    func scenes(session: SessionID, completion: @escaping SceneStateCompletion<[SceneSummary]>)

    /// Deletes at most `limit` sessions that expired at or before `now`, with their data,
    /// in one short transaction. Answers how many; call again while it answers `limit`.
    func deleteExpiredSessions(now: Date, limit: Int, completion: @escaping SceneStateCompletion<Int>)

    /// Fails unless the store can take writes now (for `/readyz`): the SQLite store runs
    /// an empty write transaction through its writer.
    func checkWritable(completion: @escaping SceneStateCompletion<Void>)

    /// How many sessions, scenes and values are stored.
    func counts(completion: @escaping SceneStateCompletion<SceneStateCounts>)

    /// How writes were grouped into commits so far.
    var commitStatistics: SceneStateCommitStatistics { get }
}

extension SceneStateStore {
    /// Stores a new session without an `Idempotency-Key` record.
    public func createSession(_ session: SessionRecord, completion: @escaping SceneStateCompletion<Void>) {
        createSession(session, recording: nil, completion: completion)
    }
}

/// Waits for one store operation, for async callers (tests; the service itself calls back), of
/// any store that answers through a completion (`SceneStateStore`, `ShortLinkStore`).
/// Throws the store's error (`SceneStateStoreError`, `ShortLinkStoreError`), or what
/// `operation` itself throws before it calls the store (a test's identifier, say).
///
/// ```swift
/// let counts = try await awaiting { store.counts(completion: $0) }
/// ```
public func awaiting<Value: Sendable, Failure: Error>(
    _ operation: (@escaping @Sendable (Result<Value, Failure>) -> Void) throws -> Void
) async throws -> Value {
    let result: Result<Value, any Error> = await withCheckedContinuation { continuation in
        do {
            try operation { continuation.resume(returning: $0.mapError { $0 }) }
        } catch {
            continuation.resume(returning: .failure(error))
        }
    }
    return try result.get()
}
