import Foundation
import SceneLinkCore
import Testing

/// One behaviour list, run against the SQLite store (file and `:memory:`) and the fake.
@Suite struct SceneStateStoreBehaviourTests {
    static let limits = SceneStateLimits(maximumValueBytes: 16, maximumKeysPerScene: 2, maximumScenesPerSession: 2)

    @Test(arguments: StoreKind.allCases)
    func sessionsAreStoredFoundByIdAndTokenHashAndDeleted(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, token) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        #expect(try await awaiting { store.session(id: session.id, completion: $0) } == session)
        #expect(try await awaiting { store.session(tokenHash: token.hash, completion: $0) }?.id == session.id)
        #expect(try await awaiting { store.session(tokenHash: SessionToken.random().hash, completion: $0) } == nil)
        await #expect(throws: SceneStateStoreError.sessionExists) { try await awaiting { store.createSession(session, completion: $0) } }
        #expect(try await awaiting { store.deleteSession(id: session.id, completion: $0) })
        #expect(try await awaiting { store.session(id: session.id, completion: $0) } == nil)
        #expect(try await awaiting { store.deleteSession(id: session.id, completion: $0) } == false)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshMovesExpiryAndFailsForMissingSession(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        let later = epoch.addingTimeInterval(7200)
        try await awaiting { store.refreshSession(id: session.id, expiresAt: later, completion: $0) }
        #expect(try await awaiting { store.session(id: session.id, completion: $0) }?.expiresAt == later)
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await awaiting { store.refreshSession(id: .random(), expiresAt: later, completion: $0) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func putCreatesThenUpdatesWithIncreasingRevisions(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        let bytes: [UInt8] = [0, 255, 10, 13, 0x80]
        let first = try await awaiting { try store.putValue(ValueContent(bytes: bytes, contentType: "application/octet-stream"),
                                                            session: session.id, scene: scene("main"), key: key("path"),
                                                            precondition: .none, limits: .default, completion: $0) }
        #expect(first.created)
        let read = try await awaiting { try store.value(session: session.id, scene: scene("main"), key: key("path"), completion: $0) }
        #expect(read?.bytes == bytes)
        #expect(read?.contentType == "application/octet-stream")
        #expect(read?.etag == first.value.etag)
        let second = try await awaiting { try store.putValue(content("[]"), session: session.id, scene: scene("main"), key: key("path"),
                                                             precondition: .none, limits: .default, completion: $0) }
        #expect(!second.created)
        #expect(second.value.revision > first.value.revision)
        #expect(try await awaiting { try store.value(session: session.id, scene: scene("main"), key: key("path"), completion: $0) }?.bytes == Array("[]".utf8))
        #expect(try await awaiting { try store.value(session: session.id, scene: scene("main"), key: key("other"), completion: $0) } == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func emptyValueRoundTripsAsEmptyBytes(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let (session, _) = makeSession()
        try await awaiting { fixture.store.createSession(session, completion: $0) }
        _ = try await awaiting { try fixture.store.putValue(ValueContent(bytes: [], contentType: "text/plain"), session: session.id,
                                                            scene: scene("s"), key: key("k"), precondition: .none, limits: .default, completion: $0) }
        let read = try await awaiting { try fixture.store.value(session: session.id, scene: scene("s"), key: key("k"), completion: $0) }
        #expect(read?.bytes == [])
        #expect(read?.contentType == "text/plain")
    }

    @Test(arguments: StoreKind.allCases)
    func preconditionsDecideWritesAgainstTheCurrentTag(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        let main = try scene("main"), path = try key("path")
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: nil)) {
            _ = try await awaiting { store.putValue(content("1"), session: session.id, scene: main, key: path,
                                                    precondition: .ifMatch([.value(revision: 1)]), limits: .default, completion: $0) }
        }
        let created = try await awaiting { store.putValue(content("1"), session: session.id, scene: main, key: path,
                                                          precondition: .ifNoneMatchAny, limits: .default, completion: $0) }
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: created.value.etag)) {
            _ = try await awaiting { store.putValue(content("2"), session: session.id, scene: main, key: path,
                                                    precondition: .ifNoneMatchAny, limits: .default, completion: $0) }
        }
        let stale = EntityTag.value(revision: created.value.revision + 100)
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: created.value.etag)) {
            _ = try await awaiting { store.putValue(content("2"), session: session.id, scene: main, key: path,
                                                    precondition: .ifMatch([stale]), limits: .default, completion: $0) }
        }
        let updated = try await awaiting { store.putValue(content("2"), session: session.id, scene: main, key: path,
                                                          precondition: .ifMatch([stale, created.value.etag]), limits: .default, completion: $0) }
        #expect(try await awaiting { store.value(session: session.id, scene: main, key: path, completion: $0) }?.bytes == Array("2".utf8))
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: updated.value.etag)) {
            _ = try await awaiting { store.deleteValue(session: session.id, scene: main, key: path,
                                                       precondition: .ifMatch([created.value.etag]), completion: $0) }
        }
        #expect(try await awaiting { store.deleteValue(session: session.id, scene: main, key: path,
                                                       precondition: .ifMatch([updated.value.etag]), completion: $0) })
        // Missing: false (404), even with a precondition (RFC 9110 §13.2.1).
        #expect(try await awaiting { store.deleteValue(session: session.id, scene: main, key: path,
                                                       precondition: .ifMatch([updated.value.etag]), completion: $0) } == false)
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAndRecreatedValueNeverRepeatsAnOldTag(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        let first = try await awaiting { try store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                                            precondition: .none, limits: .default, completion: $0) }
        _ = try await awaiting { try store.deleteValue(session: session.id, scene: scene("m"), key: key("k"), precondition: .none, completion: $0) }
        let again = try await awaiting { try store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                                            precondition: .none, limits: .default, completion: $0) }
        #expect(again.value.etag != first.value.etag)
    }

    @Test(arguments: StoreKind.allCases)
    func limitsOnKeysScenesAndSizeAreEnforced(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let limits = SceneStateStoreBehaviourTests.limits
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        for name in ["a", "b"] {
            _ = try await awaiting { try store.putValue(content("1"), session: session.id, scene: scene("one"), key: key(name),
                                                        precondition: .none, limits: limits, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.tooManyKeys(limit: 2)) {
            _ = try await awaiting { try store.putValue(content("1"), session: session.id, scene: scene("one"), key: key("c"),
                                                        precondition: .none, limits: limits, completion: $0) }
        }
        // Updating an existing key is not a new key.
        _ = try await awaiting { try store.putValue(content("2"), session: session.id, scene: scene("one"), key: key("a"),
                                                    precondition: .none, limits: limits, completion: $0) }
        _ = try await awaiting { try store.putValue(content("1"), session: session.id, scene: scene("two"), key: key("a"),
                                                    precondition: .none, limits: limits, completion: $0) }
        await #expect(throws: SceneStateStoreError.tooManyScenes(limit: 2)) {
            _ = try await awaiting { try store.putValue(content("1"), session: session.id, scene: scene("three"), key: key("a"),
                                                        precondition: .none, limits: limits, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.valueTooLarge(bytes: 17, limit: 16)) {
            _ = try await awaiting { try store.putValue(content(String(repeating: "x", count: 17)), session: session.id,
                                                        scene: scene("one"), key: key("a"), precondition: .none, limits: limits, completion: $0) }
        }
        #expect(try await awaiting { store.scenes(session: session.id, completion: $0) }.map(\.scene.rawValue) == ["one", "two"])

        // Deleting frees room: a key in the scene, a scene in the session.
        #expect(try await awaiting { try store.deleteValue(session: session.id, scene: scene("one"), key: key("b"), precondition: .none, completion: $0) })
        _ = try await awaiting { try store.putValue(content("1"), session: session.id, scene: scene("one"), key: key("c"),
                                                    precondition: .none, limits: limits, completion: $0) }
        #expect(try await awaiting { try store.deleteScene(session: session.id, scene: scene("two"), precondition: .none, completion: $0) })
        _ = try await awaiting { try store.putValue(content("1"), session: session.id, scene: scene("three"), key: key("a"),
                                                    precondition: .none, limits: limits, completion: $0) }
        #expect(try await awaiting { store.scenes(session: session.id, completion: $0) }.map(\.valueCount) == [2, 1])
        #expect(try await awaiting { store.counts(completion: $0) } == SceneStateCounts(sessions: 1, scenes: 2, values: 3))
    }

    @Test(arguments: StoreKind.allCases)
    func writesToAMissingSessionFail(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            _ = try await awaiting { try fixture.store.putValue(content("1"), session: .random(), scene: scene("m"), key: key("k"),
                                                                precondition: .none, limits: .default, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            _ = try await awaiting { try fixture.store.replaceScene([:], session: .random(), scene: scene("m"),
                                                                    precondition: .none, limits: .default, completion: $0) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func scenesAreReadReplacedAndDeletedWhole(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        let main = try scene("main")
        #expect(try await awaiting { store.scene(session: session.id, scene: main, completion: $0) } == nil)
        _ = try await awaiting { try store.putValue(content("old"), session: session.id, scene: main, key: key("gone"),
                                                    precondition: .none, limits: .default, completion: $0) }
        let before = try #require(try await awaiting { store.scene(session: session.id, scene: main, completion: $0) })
        #expect(before.values.count == 1)

        let replaced = try await awaiting { store.replaceScene(
            [try key("path"): content("[1]"), try key("tab"): content("home", type: "text/plain")],
            session: session.id, scene: main, precondition: .ifMatch([before.etag]), limits: .default, completion: $0) }
        #expect(!replaced.created)
        let after = try #require(try await awaiting { store.scene(session: session.id, scene: main, completion: $0) })
        #expect(after.etag == replaced.snapshot.etag)
        #expect(after.etag != before.etag)
        #expect(after.values.keys.map(\.rawValue).sorted() == ["path", "tab"])
        #expect(after.values[try key("tab")]?.contentType == "text/plain")
        #expect(after.values[try key("path")]?.bytes == Array("[1]".utf8))

        await #expect(throws: SceneStateStoreError.preconditionFailed(current: after.etag)) {
            _ = try await awaiting { store.replaceScene([:], session: session.id, scene: main,
                                                        precondition: .ifMatch([before.etag]), limits: .default, completion: $0) }
        }
        // A value write moves the scene's tag too.
        _ = try await awaiting { try store.putValue(content("x"), session: session.id, scene: main, key: key("tab"),
                                                    precondition: .none, limits: .default, completion: $0) }
        let moved = try #require(try await awaiting { store.scene(session: session.id, scene: main, completion: $0) })
        #expect(moved.etag != after.etag)
        #expect(try await awaiting { store.scenes(session: session.id, completion: $0) } == [SceneSummary(scene: main, revision: moved.revision, valueCount: 2)])

        await #expect(throws: SceneStateStoreError.preconditionFailed(current: moved.etag)) {
            _ = try await awaiting { store.deleteScene(session: session.id, scene: main, precondition: .ifMatch([after.etag]), completion: $0) }
        }
        #expect(try await awaiting { store.deleteScene(session: session.id, scene: main, precondition: .ifMatch([moved.etag]), completion: $0) })
        #expect(try await awaiting { store.scene(session: session.id, scene: main, completion: $0) } == nil)
        #expect(try await awaiting { try store.value(session: session.id, scene: main, key: key("path"), completion: $0) } == nil)
        #expect(try await awaiting { store.deleteScene(session: session.id, scene: main, precondition: .none, completion: $0) } == false)
    }

    @Test(arguments: StoreKind.allCases)
    func replacingAMissingSceneCreatesIt(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let (session, _) = makeSession()
        try await awaiting { fixture.store.createSession(session, completion: $0) }
        let outcome = try await awaiting { try fixture.store.replaceScene([:], session: session.id, scene: scene("new"),
                                                                          precondition: .ifNoneMatchAny, limits: .default, completion: $0) }
        #expect(outcome.created)
        #expect(try await awaiting { try fixture.store.scene(session: session.id, scene: scene("new"), completion: $0) }?.values.isEmpty == true)
    }

    @Test(arguments: StoreKind.allCases)
    func sessionsDoNotSeeEachOthersValues(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (a, _) = makeSession(), (b, _) = makeSession()
        try await awaiting { store.createSession(a, completion: $0) }
        try await awaiting { store.createSession(b, completion: $0) }
        _ = try await awaiting { try store.putValue(content("a"), session: a.id, scene: scene("m"), key: key("k"),
                                                    precondition: .none, limits: .default, completion: $0) }
        #expect(try await awaiting { try store.value(session: b.id, scene: scene("m"), key: key("k"), completion: $0) } == nil)
        #expect(try await awaiting { store.scenes(session: b.id, completion: $0) }.isEmpty)
        #expect(try await awaiting { try store.deleteValue(session: b.id, scene: scene("m"), key: key("k"), precondition: .none, completion: $0) } == false)
        #expect(try await awaiting { try store.value(session: a.id, scene: scene("m"), key: key("k"), completion: $0) } != nil)
    }

    @Test(arguments: StoreKind.allCases)
    func deletingASessionDeletesEverythingInIt(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        _ = try await awaiting { try store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                                    precondition: .none, limits: .default, completion: $0) }
        #expect(try await awaiting { store.counts(completion: $0) } == SceneStateCounts(sessions: 1, scenes: 1, values: 1))
        #expect(try await awaiting { store.deleteSession(id: session.id, completion: $0) })
        #expect(try await awaiting { store.counts(completion: $0) } == SceneStateCounts(sessions: 0, scenes: 0, values: 0))
    }

    @Test(arguments: StoreKind.allCases)
    func sweepDeletesOnlyExpiredSessionsInBatches(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        var expired: [SessionRecord] = []
        for index in 0..<5 {
            let (session, _) = makeSession(expiresIn: Double(index + 1))
            try await awaiting { store.createSession(session, completion: $0) }
            _ = try await awaiting { try store.putValue(content("v"), session: session.id, scene: scene("m"), key: key("k"),
                                                        precondition: .none, limits: .default, completion: $0) }
            expired.append(session)
        }
        let (live, _) = makeSession(expiresIn: 3600)
        try await awaiting { store.createSession(live, completion: $0) }
        let now = epoch.addingTimeInterval(10)
        #expect(try await awaiting { store.deleteExpiredSessions(now: now, limit: 2, completion: $0) } == 2)
        #expect(try await awaiting { store.deleteExpiredSessions(now: now, limit: 2, completion: $0) } == 2)
        #expect(try await awaiting { store.deleteExpiredSessions(now: now, limit: 2, completion: $0) } == 1)
        #expect(try await awaiting { store.deleteExpiredSessions(now: now, limit: 2, completion: $0) } == 0)
        for session in expired { #expect(try await awaiting { store.session(id: session.id, completion: $0) } == nil) }
        #expect(try await awaiting { store.session(id: live.id, completion: $0) } == live)
        #expect(try await awaiting { store.counts(completion: $0) } == SceneStateCounts(sessions: 1, scenes: 0, values: 0))
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedWriteLeavesNothingBehind(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        // Too many keys for a new scene: neither the scene nor any value may remain.
        let limits = SceneStateStoreBehaviourTests.limits
        await #expect(throws: SceneStateStoreError.tooManyKeys(limit: 2)) {
            _ = try await awaiting { try store.replaceScene([try key("a"): content("1"), try key("b"): content("1"), try key("c"): content("1")],
                                                            session: session.id, scene: scene("m"), precondition: .none, limits: limits, completion: $0) }
        }
        #expect(try await awaiting { try store.scene(session: session.id, scene: scene("m"), completion: $0) } == nil)
        #expect(try await awaiting { store.counts(completion: $0) }.scenes == 0)
    }
}

/// The session quota (`maximumSessionBytes`), on every store.
@Suite struct SessionQuotaBehaviourTests {
    /// 20 bytes a session, values up to 16.
    static let limits = SceneStateLimits(maximumValueBytes: 16, maximumKeysPerScene: 4, maximumScenesPerSession: 4,
                                         maximumSessionBytes: 20)

    private func bytes(_ count: Int) -> ValueContent {
        ValueContent(bytes: Array(repeating: UInt8(ascii: "x"), count: count), contentType: "application/octet-stream")
    }

    @Test(arguments: StoreKind.allCases)
    func aSaveUpToExactlyTheQuotaIsStoredAndOneByteOverIsRefusedWithNothingChanged(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let limits = Self.limits
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        _ = try await awaiting { try store.putValue(bytes(12), session: session.id, scene: scene("one"), key: key("a"),
                                                    precondition: .none, limits: limits, completion: $0) }
        // 12 + 8 = 20: exactly the quota.
        _ = try await awaiting { try store.putValue(bytes(8), session: session.id, scene: scene("two"), key: key("b"),
                                                    precondition: .none, limits: limits, completion: $0) }
        // One byte more, in a new scene, a new key and by growing a stored value: all refused.
        await #expect(throws: SceneStateStoreError.sessionTooLarge(bytes: 21, limit: 20)) {
            _ = try await awaiting { try store.putValue(bytes(1), session: session.id, scene: scene("three"), key: key("c"),
                                                        precondition: .none, limits: limits, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionTooLarge(bytes: 21, limit: 20)) {
            _ = try await awaiting { try store.putValue(bytes(1), session: session.id, scene: scene("one"), key: key("c"),
                                                        precondition: .none, limits: limits, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionTooLarge(bytes: 21, limit: 20)) {
            _ = try await awaiting { try store.putValue(bytes(9), session: session.id, scene: scene("two"), key: key("b"),
                                                        precondition: .none, limits: limits, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionTooLarge(bytes: 21, limit: 20)) {
            _ = try await awaiting { try store.replaceScene([try key("b"): bytes(5), try key("d"): bytes(4)], session: session.id,
                                                            scene: scene("two"), precondition: .none, limits: limits, completion: $0) }
        }
        // Nothing changed: the two values, two scenes, as before.
        #expect(try await awaiting { try store.value(session: session.id, scene: scene("two"), key: key("b"), completion: $0) }?
            .content.bytes.count == 8)
        #expect(try await awaiting { store.counts(completion: $0) } == SceneStateCounts(sessions: 1, scenes: 2, values: 2))
        // Replacing a value with one of the same size, or a scene with as many bytes, stays within it.
        _ = try await awaiting { try store.putValue(bytes(8), session: session.id, scene: scene("two"), key: key("b"),
                                                    precondition: .none, limits: limits, completion: $0) }
        _ = try await awaiting { try store.replaceScene([try key("b"): bytes(4), try key("d"): bytes(4)], session: session.id,
                                                        scene: scene("two"), precondition: .none, limits: limits, completion: $0) }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingValuesAndScenesFreesTheirBytes(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let limits = Self.limits
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        func put(_ count: Int, _ sceneName: String, _ keyName: String) async throws {
            _ = try await awaiting { try store.putValue(bytes(count), session: session.id, scene: scene(sceneName), key: key(keyName),
                                                        precondition: .none, limits: limits, completion: $0) }
        }
        try await put(12, "one", "a")
        try await put(8, "two", "b")
        #expect(try await awaiting { try store.deleteScene(session: session.id, scene: scene("two"), precondition: .none, completion: $0) })
        try await put(8, "three", "c")  // the deleted scene's 8 bytes are free again
        #expect(try await awaiting { try store.deleteValue(session: session.id, scene: scene("one"), key: key("a"),
                                                           precondition: .none, completion: $0) })
        try await put(12, "one", "d")  // and the deleted value's 12
        // Replacing a scene counts its new values instead of its old ones.
        _ = try await awaiting { try store.replaceScene([try key("e"): bytes(4)], session: session.id, scene: scene("three"),
                                                        precondition: .none, limits: limits, completion: $0) }
        try await put(4, "one", "f")
        await #expect(throws: SceneStateStoreError.sessionTooLarge(bytes: 21, limit: 20)) {
            try await put(1, "one", "g")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aSessionPastALoweredQuotaMayStillShrink(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        _ = try await awaiting { try store.putValue(bytes(16), session: session.id, scene: scene("one"), key: key("a"),
                                                    precondition: .none, limits: Self.limits, completion: $0) }
        var lowered = Self.limits
        lowered.maximumSessionBytes = 10
        _ = try await awaiting { try store.putValue(bytes(12), session: session.id, scene: scene("one"), key: key("a"),
                                                    precondition: .none, limits: lowered, completion: $0) }
        await #expect(throws: SceneStateStoreError.sessionTooLarge(bytes: 13, limit: 10)) {
            _ = try await awaiting { try store.putValue(bytes(13), session: session.id, scene: scene("one"), key: key("a"),
                                                        precondition: .none, limits: lowered, completion: $0) }
        }
    }
}
