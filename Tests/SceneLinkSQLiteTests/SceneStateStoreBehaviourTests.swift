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
        try await store.createSession(session)
        #expect(try await store.session(id: session.id) == session)
        #expect(try await store.session(tokenHash: token.hash)?.id == session.id)
        #expect(try await store.session(tokenHash: SessionToken.random().hash) == nil)
        await #expect(throws: SceneStateStoreError.sessionExists) { try await store.createSession(session) }
        #expect(try await store.deleteSession(id: session.id))
        #expect(try await store.session(id: session.id) == nil)
        #expect(try await store.deleteSession(id: session.id) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshMovesExpiryAndFailsForMissingSession(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await store.createSession(session)
        let later = epoch.addingTimeInterval(7200)
        try await store.refreshSession(id: session.id, expiresAt: later)
        #expect(try await store.session(id: session.id)?.expiresAt == later)
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await store.refreshSession(id: .random(), expiresAt: later)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func putCreatesThenUpdatesWithIncreasingRevisions(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await store.createSession(session)
        let bytes: [UInt8] = [0, 255, 10, 13, 0x80]
        let first = try await store.putValue(ValueContent(bytes: bytes, contentType: "application/octet-stream"),
                                             session: session.id, scene: scene("main"), key: key("path"),
                                             precondition: .none, limits: .default)
        #expect(first.created)
        let read = try await store.value(session: session.id, scene: scene("main"), key: key("path"))
        #expect(read?.bytes == bytes)
        #expect(read?.contentType == "application/octet-stream")
        #expect(read?.etag == first.value.etag)
        let second = try await store.putValue(content("[]"), session: session.id, scene: scene("main"), key: key("path"),
                                              precondition: .none, limits: .default)
        #expect(!second.created)
        #expect(second.value.revision > first.value.revision)
        #expect(try await store.value(session: session.id, scene: scene("main"), key: key("path"))?.bytes == Array("[]".utf8))
        #expect(try await store.value(session: session.id, scene: scene("main"), key: key("other")) == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func emptyValueRoundTripsAsEmptyBytes(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let (session, _) = makeSession()
        try await fixture.store.createSession(session)
        _ = try await fixture.store.putValue(ValueContent(bytes: [], contentType: "text/plain"), session: session.id,
                                             scene: scene("s"), key: key("k"), precondition: .none, limits: .default)
        let read = try await fixture.store.value(session: session.id, scene: scene("s"), key: key("k"))
        #expect(read?.bytes == [])
        #expect(read?.contentType == "text/plain")
    }

    @Test(arguments: StoreKind.allCases)
    func preconditionsDecideWritesAgainstTheCurrentTag(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await store.createSession(session)
        let main = try scene("main"), path = try key("path")
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: nil)) {
            _ = try await store.putValue(content("1"), session: session.id, scene: main, key: path,
                                         precondition: .ifMatch([.value(revision: 1)]), limits: .default)
        }
        let created = try await store.putValue(content("1"), session: session.id, scene: main, key: path,
                                               precondition: .ifNoneMatchAny, limits: .default)
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: created.value.etag)) {
            _ = try await store.putValue(content("2"), session: session.id, scene: main, key: path,
                                         precondition: .ifNoneMatchAny, limits: .default)
        }
        let stale = EntityTag.value(revision: created.value.revision + 100)
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: created.value.etag)) {
            _ = try await store.putValue(content("2"), session: session.id, scene: main, key: path,
                                         precondition: .ifMatch([stale]), limits: .default)
        }
        let updated = try await store.putValue(content("2"), session: session.id, scene: main, key: path,
                                               precondition: .ifMatch([stale, created.value.etag]), limits: .default)
        #expect(try await store.value(session: session.id, scene: main, key: path)?.bytes == Array("2".utf8))
        await #expect(throws: SceneStateStoreError.preconditionFailed(current: updated.value.etag)) {
            _ = try await store.deleteValue(session: session.id, scene: main, key: path,
                                            precondition: .ifMatch([created.value.etag]))
        }
        #expect(try await store.deleteValue(session: session.id, scene: main, key: path,
                                            precondition: .ifMatch([updated.value.etag])))
        // Missing: false (404), even with a precondition (RFC 9110 §13.2.1).
        #expect(try await store.deleteValue(session: session.id, scene: main, key: path,
                                            precondition: .ifMatch([updated.value.etag])) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAndRecreatedValueNeverRepeatsAnOldTag(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await store.createSession(session)
        let first = try await store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                             precondition: .none, limits: .default)
        _ = try await store.deleteValue(session: session.id, scene: scene("m"), key: key("k"), precondition: .none)
        let again = try await store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                             precondition: .none, limits: .default)
        #expect(again.value.etag != first.value.etag)
    }

    @Test(arguments: StoreKind.allCases)
    func limitsOnKeysScenesAndSizeAreEnforced(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let limits = SceneStateStoreBehaviourTests.limits
        let (session, _) = makeSession()
        try await store.createSession(session)
        for name in ["a", "b"] {
            _ = try await store.putValue(content("1"), session: session.id, scene: scene("one"), key: key(name),
                                         precondition: .none, limits: limits)
        }
        await #expect(throws: SceneStateStoreError.tooManyKeys(limit: 2)) {
            _ = try await store.putValue(content("1"), session: session.id, scene: scene("one"), key: key("c"),
                                         precondition: .none, limits: limits)
        }
        // Updating an existing key is not a new key.
        _ = try await store.putValue(content("2"), session: session.id, scene: scene("one"), key: key("a"),
                                     precondition: .none, limits: limits)
        _ = try await store.putValue(content("1"), session: session.id, scene: scene("two"), key: key("a"),
                                     precondition: .none, limits: limits)
        await #expect(throws: SceneStateStoreError.tooManyScenes(limit: 2)) {
            _ = try await store.putValue(content("1"), session: session.id, scene: scene("three"), key: key("a"),
                                         precondition: .none, limits: limits)
        }
        await #expect(throws: SceneStateStoreError.valueTooLarge(bytes: 17, limit: 16)) {
            _ = try await store.putValue(content(String(repeating: "x", count: 17)), session: session.id,
                                         scene: scene("one"), key: key("a"), precondition: .none, limits: limits)
        }
        #expect(try await store.scenes(session: session.id).map(\.scene.rawValue) == ["one", "two"])

        // Deleting frees room: a key in the scene, a scene in the session.
        #expect(try await store.deleteValue(session: session.id, scene: scene("one"), key: key("b"), precondition: .none))
        _ = try await store.putValue(content("1"), session: session.id, scene: scene("one"), key: key("c"),
                                     precondition: .none, limits: limits)
        #expect(try await store.deleteScene(session: session.id, scene: scene("two"), precondition: .none))
        _ = try await store.putValue(content("1"), session: session.id, scene: scene("three"), key: key("a"),
                                     precondition: .none, limits: limits)
        #expect(try await store.scenes(session: session.id).map(\.valueCount) == [2, 1])
        #expect(try await store.counts() == SceneStateCounts(sessions: 1, scenes: 2, values: 3))
    }

    @Test(arguments: StoreKind.allCases)
    func writesToAMissingSessionFail(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            _ = try await fixture.store.putValue(content("1"), session: .random(), scene: scene("m"), key: key("k"),
                                                 precondition: .none, limits: .default)
        }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            _ = try await fixture.store.replaceScene([:], session: .random(), scene: scene("m"),
                                                     precondition: .none, limits: .default)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func scenesAreReadReplacedAndDeletedWhole(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await store.createSession(session)
        let main = try scene("main")
        #expect(try await store.scene(session: session.id, scene: main) == nil)
        _ = try await store.putValue(content("old"), session: session.id, scene: main, key: key("gone"),
                                     precondition: .none, limits: .default)
        let before = try #require(try await store.scene(session: session.id, scene: main))
        #expect(before.values.count == 1)

        let replaced = try await store.replaceScene(
            [try key("path"): content("[1]"), try key("tab"): content("home", type: "text/plain")],
            session: session.id, scene: main, precondition: .ifMatch([before.etag]), limits: .default)
        #expect(!replaced.created)
        let after = try #require(try await store.scene(session: session.id, scene: main))
        #expect(after.etag == replaced.snapshot.etag)
        #expect(after.etag != before.etag)
        #expect(after.values.keys.map(\.rawValue).sorted() == ["path", "tab"])
        #expect(after.values[try key("tab")]?.contentType == "text/plain")
        #expect(after.values[try key("path")]?.bytes == Array("[1]".utf8))

        await #expect(throws: SceneStateStoreError.preconditionFailed(current: after.etag)) {
            _ = try await store.replaceScene([:], session: session.id, scene: main,
                                             precondition: .ifMatch([before.etag]), limits: .default)
        }
        // A value write moves the scene's tag too.
        _ = try await store.putValue(content("x"), session: session.id, scene: main, key: key("tab"),
                                     precondition: .none, limits: .default)
        let moved = try #require(try await store.scene(session: session.id, scene: main))
        #expect(moved.etag != after.etag)
        #expect(try await store.scenes(session: session.id) == [SceneSummary(scene: main, revision: moved.revision, valueCount: 2)])

        await #expect(throws: SceneStateStoreError.preconditionFailed(current: moved.etag)) {
            _ = try await store.deleteScene(session: session.id, scene: main, precondition: .ifMatch([after.etag]))
        }
        #expect(try await store.deleteScene(session: session.id, scene: main, precondition: .ifMatch([moved.etag])))
        #expect(try await store.scene(session: session.id, scene: main) == nil)
        #expect(try await store.value(session: session.id, scene: main, key: key("path")) == nil)
        #expect(try await store.deleteScene(session: session.id, scene: main, precondition: .none) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func replacingAMissingSceneCreatesIt(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let (session, _) = makeSession()
        try await fixture.store.createSession(session)
        let outcome = try await fixture.store.replaceScene([:], session: session.id, scene: scene("new"),
                                                           precondition: .ifNoneMatchAny, limits: .default)
        #expect(outcome.created)
        #expect(try await fixture.store.scene(session: session.id, scene: scene("new"))?.values.isEmpty == true)
    }

    @Test(arguments: StoreKind.allCases)
    func sessionsDoNotSeeEachOthersValues(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (a, _) = makeSession(), (b, _) = makeSession()
        try await store.createSession(a)
        try await store.createSession(b)
        _ = try await store.putValue(content("a"), session: a.id, scene: scene("m"), key: key("k"),
                                     precondition: .none, limits: .default)
        #expect(try await store.value(session: b.id, scene: scene("m"), key: key("k")) == nil)
        #expect(try await store.scenes(session: b.id).isEmpty)
        #expect(try await store.deleteValue(session: b.id, scene: scene("m"), key: key("k"), precondition: .none) == false)
        #expect(try await store.value(session: a.id, scene: scene("m"), key: key("k")) != nil)
    }

    @Test(arguments: StoreKind.allCases)
    func deletingASessionDeletesEverythingInIt(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await store.createSession(session)
        _ = try await store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                     precondition: .none, limits: .default)
        #expect(try await store.counts() == SceneStateCounts(sessions: 1, scenes: 1, values: 1))
        #expect(try await store.deleteSession(id: session.id))
        #expect(try await store.counts() == SceneStateCounts(sessions: 0, scenes: 0, values: 0))
    }

    @Test(arguments: StoreKind.allCases)
    func sweepDeletesOnlyExpiredSessionsInBatches(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        var expired: [SessionRecord] = []
        for index in 0..<5 {
            let (session, _) = makeSession(expiresIn: Double(index + 1))
            try await store.createSession(session)
            _ = try await store.putValue(content("v"), session: session.id, scene: scene("m"), key: key("k"),
                                         precondition: .none, limits: .default)
            expired.append(session)
        }
        let (live, _) = makeSession(expiresIn: 3600)
        try await store.createSession(live)
        let now = epoch.addingTimeInterval(10)
        #expect(try await store.deleteExpiredSessions(now: now, limit: 2) == 2)
        #expect(try await store.deleteExpiredSessions(now: now, limit: 2) == 2)
        #expect(try await store.deleteExpiredSessions(now: now, limit: 2) == 1)
        #expect(try await store.deleteExpiredSessions(now: now, limit: 2) == 0)
        for session in expired { #expect(try await store.session(id: session.id) == nil) }
        #expect(try await store.session(id: live.id) == live)
        #expect(try await store.counts() == SceneStateCounts(sessions: 1, scenes: 0, values: 0))
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedWriteLeavesNothingBehind(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let (session, _) = makeSession()
        try await store.createSession(session)
        // Too many keys for a new scene: neither the scene nor any value may remain.
        let limits = SceneStateStoreBehaviourTests.limits
        await #expect(throws: SceneStateStoreError.tooManyKeys(limit: 2)) {
            _ = try await store.replaceScene([try key("a"): content("1"), try key("b"): content("1"), try key("c"): content("1")],
                                             session: session.id, scene: scene("m"), precondition: .none, limits: limits)
        }
        #expect(try await store.scene(session: session.id, scene: scene("m")) == nil)
        #expect(try await store.counts().scenes == 0)
    }
}
