import Foundation
import Synchronization

/// A `SceneStateStore` in a dictionary behind a lock: the same rules as the SQLite store,
/// no durability. Endpoint tests use it; each write counts as a commit of one. Every
/// operation answers at once, on the caller's thread.
public final class InMemorySceneStateStore: SceneStateStore {
    private struct Scene {
        var revision: Int64
        var values: [ValueKey: StoredValue]
    }

    private struct State {
        var sessions: [SessionID: SessionRecord] = [:]
        var scenes: [SessionID: [SceneID: Scene]] = [:]
        var lastRevision: Int64 = 0
        var statistics = SceneStateCommitStatistics()

        mutating func nextRevision() -> Int64 {
            lastRevision += 1
            return lastRevision
        }
    }

    private let state = Mutex(State())
    /// Where a create's `Idempotency-Key` record goes, if anywhere.
    private let idempotency: InMemoryIdempotencyStore?

    public init(idempotency: InMemoryIdempotencyStore? = nil) {
        self.idempotency = idempotency
    }

    /// Runs one write under the lock, counts it as one commit, and answers `completion` after unlocking.
    private func write<T: Sendable>(_ completion: SceneStateCompletion<T>,
                          _ body: (inout State) throws(SceneStateStoreError) -> T) {
        let result: Result<T, SceneStateStoreError> = state.withLock { state in
            state.statistics.record(batchSize: 1)
            // Work on a copy so a failing write leaves nothing behind, like a rolled-back savepoint.
            var draft = state
            do throws(SceneStateStoreError) {
                let value = try body(&draft)
                state = draft
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        completion(result)
    }

    /// Answers `completion` with what `body` reads under the lock.
    private func read<T: Sendable>(_ completion: SceneStateCompletion<T>, _ body: (State) -> T) {
        let value = state.withLock { body($0) }
        completion(.success(value))
    }

    public func createSession(_ session: SessionRecord, recording: IdempotencyRecord?,
                              completion: @escaping SceneStateCompletion<Void>) {
        write(completion) { [idempotency] (state: inout State) throws(SceneStateStoreError) in
            guard state.sessions[session.id] == nil else { throw .sessionExists }
            state.sessions[session.id] = session
            if let recording { idempotency?.record(recording) }
        }
    }

    public func session(id: SessionID, completion: @escaping SceneStateCompletion<SessionRecord?>) {
        read(completion) { $0.sessions[id] }
    }

    public func session(tokenHash: [UInt8], completion: @escaping SceneStateCompletion<SessionRecord?>) {
        read(completion) { state in
            state.sessions.values.first { SessionToken.constantTimeEqual($0.tokenHash, tokenHash) }
        }
    }

    public func refreshSession(id: SessionID, expiresAt: Date, completion: @escaping SceneStateCompletion<Void>) {
        write(completion) { (state: inout State) throws(SceneStateStoreError) in
            guard state.sessions[id] != nil else { throw .sessionNotFound }
            state.sessions[id]?.expiresAt = expiresAt
        }
    }

    public func deleteSession(id: SessionID, completion: @escaping SceneStateCompletion<Bool>) {
        write(completion) { (state: inout State) throws(SceneStateStoreError) in
            state.scenes[id] = nil
            return state.sessions.removeValue(forKey: id) != nil
        }
    }

    public func value(session: SessionID, scene: SceneID, key: ValueKey,
                      completion: @escaping SceneStateCompletion<StoredValue?>) {
        read(completion) { $0.scenes[session]?[scene]?.values[key] }
    }

    public func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                         precondition: Precondition, limits: SceneStateLimits,
                         completion: @escaping SceneStateCompletion<ValueWriteOutcome>) {
        write(completion) { (state: inout State) throws(SceneStateStoreError) in
            guard state.sessions[session] != nil else { throw .sessionNotFound }
            guard content.bytes.count <= limits.maximumValueBytes else {
                throw .valueTooLarge(bytes: content.bytes.count, limit: limits.maximumValueBytes)
            }
            var scenes = state.scenes[session] ?? [:]
            let existing = scenes[scene]?.values[key]
            guard precondition.isSatisfied(by: existing?.etag) else { throw .preconditionFailed(current: existing?.etag) }
            if scenes[scene] == nil, scenes.count >= limits.maximumScenesPerSession {
                throw .tooManyScenes(limit: limits.maximumScenesPerSession)
            }
            var entry = scenes[scene] ?? Scene(revision: 0, values: [:])
            if existing == nil, entry.values.count >= limits.maximumKeysPerScene {
                throw .tooManyKeys(limit: limits.maximumKeysPerScene)
            }
            let current = Self.bytes(of: scenes)
            let proposed = current - (existing?.content.bytes.count ?? 0) + content.bytes.count
            guard limits.allowsSession(bytes: proposed, from: current) else {
                throw .sessionTooLarge(bytes: proposed, limit: limits.maximumSessionBytes)
            }
            let stored = StoredValue(content: content, revision: state.nextRevision())
            entry.values[key] = stored
            entry.revision = stored.revision
            scenes[scene] = entry
            state.scenes[session] = scenes
            return ValueWriteOutcome(created: existing == nil, value: stored)
        }
    }

    public func deleteValue(session: SessionID, scene: SceneID, key: ValueKey, precondition: Precondition,
                            completion: @escaping SceneStateCompletion<Bool>) {
        write(completion) { (state: inout State) throws(SceneStateStoreError) in
            guard var entry = state.scenes[session]?[scene], let existing = entry.values[key] else { return false }
            guard precondition.isSatisfied(by: existing.etag) else { throw .preconditionFailed(current: existing.etag) }
            entry.values[key] = nil
            entry.revision = state.nextRevision()
            state.scenes[session]?[scene] = entry
            return true
        }
    }

    public func scene(session: SessionID, scene: SceneID, completion: @escaping SceneStateCompletion<SceneSnapshot?>) {
        read(completion) { state in
            state.scenes[session]?[scene].map { SceneSnapshot(scene: scene, revision: $0.revision, values: $0.values) }
        }
    }

    public func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                             precondition: Precondition, limits: SceneStateLimits,
                             completion: @escaping SceneStateCompletion<SceneReplaceOutcome>) {
        write(completion) { (state: inout State) throws(SceneStateStoreError) in
            guard state.sessions[session] != nil else { throw .sessionNotFound }
            var scenes = state.scenes[session] ?? [:]
            let existing = scenes[scene]
            let currentTag = existing.map { EntityTag.scene(revision: $0.revision) }
            guard precondition.isSatisfied(by: currentTag) else { throw .preconditionFailed(current: currentTag) }
            if let large = values.values.first(where: { $0.bytes.count > limits.maximumValueBytes }) {
                throw .valueTooLarge(bytes: large.bytes.count, limit: limits.maximumValueBytes)
            }
            guard values.count <= limits.maximumKeysPerScene else { throw .tooManyKeys(limit: limits.maximumKeysPerScene) }
            if existing == nil, scenes.count >= limits.maximumScenesPerSession {
                throw .tooManyScenes(limit: limits.maximumScenesPerSession)
            }
            let current = Self.bytes(of: scenes)
            let proposed = current - (existing.map { Self.bytes(of: [scene: $0]) } ?? 0)
                + values.values.reduce(0) { $0 + $1.bytes.count }
            guard limits.allowsSession(bytes: proposed, from: current) else {
                throw .sessionTooLarge(bytes: proposed, limit: limits.maximumSessionBytes)
            }
            let revision = state.nextRevision()
            let stored = values.mapValues { StoredValue(content: $0, revision: revision) }
            scenes[scene] = Scene(revision: revision, values: stored)
            state.scenes[session] = scenes
            return SceneReplaceOutcome(created: existing == nil,
                                       snapshot: SceneSnapshot(scene: scene, revision: revision, values: stored))
        }
    }

    /// The bytes of every value in `scenes`.
    private static func bytes(of scenes: [SceneID: Scene]) -> Int {
        scenes.values.reduce(0) { total, scene in scene.values.values.reduce(total) { $0 + $1.content.bytes.count } }
    }

    public func deleteScene(session: SessionID, scene: SceneID, precondition: Precondition,
                            completion: @escaping SceneStateCompletion<Bool>) {
        write(completion) { (state: inout State) throws(SceneStateStoreError) in
            guard let existing = state.scenes[session]?[scene] else { return false }
            let currentTag = EntityTag.scene(revision: existing.revision)
            guard precondition.isSatisfied(by: currentTag) else { throw .preconditionFailed(current: currentTag) }
            state.scenes[session]?[scene] = nil
            return true
        }
    }

    public func scenes(session: SessionID, completion: @escaping SceneStateCompletion<[SceneSummary]>) {
        read(completion) { state in
            (state.scenes[session] ?? [:])
                .map { SceneSummary(scene: $0.key, revision: $0.value.revision, valueCount: $0.value.values.count) }
                .sorted { $0.scene < $1.scene }
        }
    }

    public func deleteExpiredSessions(now: Date, limit: Int, completion: @escaping SceneStateCompletion<Int>) {
        write(completion) { (state: inout State) throws(SceneStateStoreError) in
            let expired = state.sessions.values.filter { $0.isExpired(at: now) }
                .sorted { $0.expiresAt < $1.expiresAt }.prefix(max(0, limit))
            for session in expired {
                state.sessions[session.id] = nil
                state.scenes[session.id] = nil
            }
            return expired.count
        }
    }

    /// Always writable.
    public func checkWritable(completion: @escaping SceneStateCompletion<Void>) {
        completion(.success(()))
    }

    public func counts(completion: @escaping SceneStateCompletion<SceneStateCounts>) {
        read(completion) { state in
            let scenes = state.scenes.values.reduce(0) { $0 + $1.count }
            let values = state.scenes.values.reduce(0) { total, scenes in
                total + scenes.values.reduce(0) { $0 + $1.values.count }
            }
            return SceneStateCounts(sessions: state.sessions.count, scenes: scenes, values: values)
        }
    }

    public var commitStatistics: SceneStateCommitStatistics { state.withLock { $0.statistics } }
}
