import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

@Suite struct ValueCacheTests {
    let session = SessionID.random()
    let scene: SceneID
    let key: ValueKey
    init() throws {
        scene = try SceneID("main")
        key = try ValueKey("path")
    }

    func stored(_ text: String, _ revision: Int64) -> StoredValue {
        StoredValue(content: content(text), revision: revision)
    }

    @Test func aValueReadBeforeAWriteIsNotCached() {
        var cache = ValueCache(capacity: 10, byteCapacity: 1 << 20)
        let readStarted = cache.generation
        cache.written(stored("[2]", 2), session: session, scene: scene, key: key) // a commit during the read
        cache.fill(stored("[1]", 1), session: session, scene: scene, key: key, readGeneration: readStarted)
        #expect(cache.value(session: session, scene: scene, key: key) == nil)
        cache.fill(stored("[2]", 2), session: session, scene: scene, key: key, readGeneration: cache.generation)
        #expect(cache.value(session: session, scene: scene, key: key) == stored("[2]", 2))
    }

    @Test func writesReplaceOnlyCachedValues() throws {
        var cache = ValueCache(capacity: 10, byteCapacity: 1 << 20)
        let other = try ValueKey("other")
        cache.written(stored("[1]", 1), session: session, scene: scene, key: other)
        #expect(cache.value(session: session, scene: scene, key: other) == nil)
        cache.fill(stored("[1]", 1), session: session, scene: scene, key: key, readGeneration: cache.generation)
        cache.written(stored("[22]", 3), session: session, scene: scene, key: key)
        #expect(cache.value(session: session, scene: scene, key: key) == stored("[22]", 3))
        #expect(cache.count == 1)
        #expect(cache.bytes == 4)
    }

    @Test func invalidationDropsAKeyASceneOrASession() throws {
        var cache = ValueCache(capacity: 10, byteCapacity: 1 << 20)
        let second = try SceneID("second"), otherSession = SessionID.random()
        for (s, c) in [(session, scene), (session, second), (otherSession, scene)] {
            cache.fill(stored("[1]", 1), session: s, scene: c, key: key, readGeneration: cache.generation)
        }
        cache.invalidate(session: session, scene: scene, key: key)
        #expect(cache.value(session: session, scene: scene, key: key) == nil)
        #expect(cache.count == 2)
        cache.invalidate(session: session, scene: second)
        #expect(cache.value(session: session, scene: second, key: key) == nil)
        cache.invalidate(session: otherSession)
        #expect(cache.value(session: otherSession, scene: scene, key: key) == nil)
        #expect(cache.count == 0)
        #expect(cache.bytes == 0)
    }

    @Test func aFullCacheStartsOverInsteadOfGrowing() throws {
        var cache = ValueCache(capacity: 2, byteCapacity: 1 << 20)
        for index in 0..<3 {
            cache.fill(stored("[1]", 1), session: session, scene: scene, key: try ValueKey("k\(index)"),
                       readGeneration: cache.generation)
        }
        #expect(cache.count == 1)
        #expect(cache.value(session: session, scene: scene, key: try ValueKey("k2")) != nil)
    }

    /// The store keeps the cache in step with every kind of write.
    @Test func theStoreKeepsCachedValuesCurrent() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let (record, _) = makeSession()
        try await awaiting { store.createSession(record, completion: $0) }
        let limits = SceneStateLimits()
        _ = try await awaiting { store.putValue(content("[1]"), session: record.id, scene: scene, key: key,
                                                precondition: Precondition(), limits: limits, completion: $0) }
        #expect(store.cachedValue(session: record.id, scene: scene, key: key) == nil) // saves do not fill
        let first = try await awaiting { store.value(session: record.id, scene: scene, key: key, completion: $0) }
        #expect(store.cachedValue(session: record.id, scene: scene, key: key) == first)

        let second = try await awaiting { store.putValue(content("[2]"), session: record.id, scene: scene, key: key,
                                                         precondition: Precondition(), limits: limits, completion: $0) }
        #expect(store.cachedValue(session: record.id, scene: scene, key: key) == second.value)

        _ = try await awaiting { store.replaceScene([key: content("[3]")], session: record.id, scene: scene,
                                                    precondition: Precondition(), limits: limits, completion: $0) }
        #expect(store.cachedValue(session: record.id, scene: scene, key: key) == nil)
        #expect(try await awaiting { store.value(session: record.id, scene: scene, key: key, completion: $0) }?.bytes == Array("[3]".utf8))

        #expect(try await awaiting { store.deleteValue(session: record.id, scene: scene, key: key, precondition: Precondition(), completion: $0) })
        #expect(store.cachedValue(session: record.id, scene: scene, key: key) == nil)
        #expect(try await awaiting { store.value(session: record.id, scene: scene, key: key, completion: $0) } == nil)

        _ = try await awaiting { store.putValue(content("[4]"), session: record.id, scene: scene, key: key,
                                                precondition: Precondition(), limits: limits, completion: $0) }
        _ = try await awaiting { store.value(session: record.id, scene: scene, key: key, completion: $0) }
        _ = try await awaiting { store.deleteScene(session: record.id, scene: scene, precondition: Precondition(), completion: $0) }
        #expect(store.cachedValue(session: record.id, scene: scene, key: key) == nil)

        _ = try await awaiting { store.putValue(content("[5]"), session: record.id, scene: scene, key: key,
                                                precondition: Precondition(), limits: limits, completion: $0) }
        _ = try await awaiting { store.value(session: record.id, scene: scene, key: key, completion: $0) }
        #expect(try await awaiting { store.deleteSession(id: record.id, completion: $0) })
        #expect(store.cachedValue(session: record.id, scene: scene, key: key) == nil)
    }
}

extension SQLiteSceneStateStore {
    /// What the restore cache holds for a key (nil: a lookup would go to a reader).
    func cachedValue(session: SessionID, scene: SceneID, key: ValueKey) -> StoredValue? {
        valueCache.withLock { $0.value(session: session, scene: scene, key: key) }
    }
}
