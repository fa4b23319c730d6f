import Foundation

/// Where sessions, scenes and values live. `SQLiteSceneStateStore` is the real one;
/// `InMemorySceneStateStore` is the fake endpoint tests use. Both keep the same rules:
///
/// - Every write is atomic, and is acknowledged (returns) only once it is durable in the
///   store's sense. The methods are `async` so that a store can park a caller until a group
///   commit that carries its write has returned, and answer many callers with one fsync.
/// - Revisions come from one store-wide counter that never goes back; a value's `ETag` is
///   `"v<revision>"`, a scene's `"s<revision>"` (the last write to any of its values).
/// - Preconditions are checked inside the write's transaction against the current tag.
///   A delete of something missing returns false even when a precondition was given, since
///   the answer without the precondition would be 404 (RFC 9110 §13.2.1).
/// - Limits are checked inside the transaction too: a new key beyond
///   `maximumKeysPerScene` or a new scene beyond `maximumScenesPerSession` throws.
/// - Reads never see a write half done.
///
/// The store knows nothing of clocks or tokens: callers pass instants and token hashes,
/// and decide themselves what "expired" means at the moment of a request.
public protocol SceneStateStore: Sendable {
    /// Stores a new session. Throws `.sessionExists` when the id is taken.
    func createSession(_ session: SessionRecord) async throws(SceneStateStoreError)

    /// The session with this id, expired or not; nil when none is stored.
    func session(id: SessionID) async throws(SceneStateStoreError) -> SessionRecord?

    /// The session with this id when the store can answer at once from memory, without I/O
    /// (a cache hit); nil when it cannot, and then `session(id:)` is the way to ask. Lets a
    /// caller authorize a request on its own thread. The default answers nil.
    func cachedSession(id: SessionID) -> SessionRecord?

    /// The session whose token hashes to `tokenHash`, expired or not; nil when none.
    /// Endpoints use it only to tell "a valid token for another session" (404) from a
    /// wrong token (401).
    func session(tokenHash: [UInt8]) async throws(SceneStateStoreError) -> SessionRecord?

    /// Moves a session's expiry to `expiresAt`. Throws `.sessionNotFound` when it is gone.
    func refreshSession(id: SessionID, expiresAt: Date) async throws(SceneStateStoreError)

    /// Deletes a session and everything in it. Returns false when there was none.
    func deleteSession(id: SessionID) async throws(SceneStateStoreError) -> Bool

    /// One value, or nil when nothing is stored under the key.
    func value(session: SessionID, scene: SceneID, key: ValueKey) async throws(SceneStateStoreError) -> StoredValue?

    /// The value under the key when the store can answer at once from memory, without I/O
    /// (a cache hit); nil when it cannot, which says nothing about whether a value exists.
    /// The default answers nil.
    func cachedValue(session: SessionID, scene: SceneID, key: ValueKey) -> StoredValue?

    /// `value(session:scene:key:)` with a callback instead of `await`, for callers that answer
    /// many small requests and should not pay for a task per request. `completion` runs exactly
    /// once, on a thread of the store's choosing (the SQLite store calls it on a reader queue).
    func value(session: SessionID, scene: SceneID, key: ValueKey,
               completion: @escaping @Sendable (Result<StoredValue?, SceneStateStoreError>) -> Void)

    /// Creates or replaces one value, creating its scene when needed.
    /// - Throws: `.preconditionFailed`, `.tooManyKeys`, `.tooManyScenes`, `.valueTooLarge`, `.sessionNotFound`.
    func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                  precondition: Precondition, limits: SceneStateLimits) async throws(SceneStateStoreError) -> ValueWriteOutcome

    /// `putValue(_:session:scene:key:precondition:limits:)` with a callback instead of `await`.
    /// `completion` runs exactly once, only after the write is durable (the SQLite store calls
    /// it on the writer queue, after the commit that carried the write has returned).
    func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                  precondition: Precondition, limits: SceneStateLimits,
                  completion: @escaping @Sendable (Result<ValueWriteOutcome, SceneStateStoreError>) -> Void)

    /// Deletes one value (the scene stays, with a new revision). Returns false when it was missing.
    /// - Throws: `.preconditionFailed` when the value exists and the precondition does not hold.
    func deleteValue(session: SessionID, scene: SceneID, key: ValueKey,
                     precondition: Precondition) async throws(SceneStateStoreError) -> Bool

    /// Every value of a scene, or nil when the scene does not exist.
    func scene(session: SessionID, scene: SceneID) async throws(SceneStateStoreError) -> SceneSnapshot?

    /// Replaces all values of a scene at once (keys not given are deleted); the precondition
    /// is on the scene's tag.
    /// - Throws: `.preconditionFailed`, `.tooManyKeys`, `.tooManyScenes`, `.valueTooLarge`, `.sessionNotFound`.
    func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                      precondition: Precondition, limits: SceneStateLimits) async throws(SceneStateStoreError) -> SceneReplaceOutcome

    /// Deletes a scene and its values. Returns false when it was missing.
    /// - Throws: `.preconditionFailed` when the scene exists and the precondition does not hold.
    func deleteScene(session: SessionID, scene: SceneID,
                     precondition: Precondition) async throws(SceneStateStoreError) -> Bool

    /// The session's scenes, ordered by id.
    func scenes(session: SessionID) async throws(SceneStateStoreError) -> [SceneSummary]

    /// Deletes at most `limit` sessions that expired at or before `now`, with their data,
    /// in one short transaction. Returns how many; call again while it returns `limit`.
    func deleteExpiredSessions(now: Date, limit: Int) async throws(SceneStateStoreError) -> Int

    /// Throws unless the store can take writes now (for `/readyz`): the SQLite store runs
    /// an empty write transaction through its writer.
    func checkWritable() async throws(SceneStateStoreError)

    /// How many sessions, scenes and values are stored.
    func counts() async throws(SceneStateStoreError) -> SceneStateCounts

    /// How writes were grouped into commits so far.
    var commitStatistics: SceneStateCommitStatistics { get }
}
