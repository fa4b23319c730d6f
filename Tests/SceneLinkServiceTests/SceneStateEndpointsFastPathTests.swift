import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkSQLite
import Synchronization
import Testing
@testable import SceneLinkService

/// The callback path of value GET and PUT (sessions found in the store's cache) answers
/// exactly as the async path does, and the ASCII parsers agree with the general ones.
@Suite struct SceneStateEndpointsFastPathTests {
    typealias Harness = SceneStateEndpointsTests.Harness

    /// A store that counts calls of the callback forms, so a test can tell which path ran.
    final class CountingStore: SceneStateStore {
        let base: SQLiteSceneStateStore
        let callbackReads = Atomic<Int>(0)
        let callbackWrites = Atomic<Int>(0)
        let forwardCachedValues: Bool
        init(_ base: SQLiteSceneStateStore, forwardCachedValues: Bool = false) {
            self.base = base
            self.forwardCachedValues = forwardCachedValues
        }

        func cachedValue(session: SessionID, scene: SceneID, key: ValueKey) -> StoredValue? {
            forwardCachedValues ? base.cachedValue(session: session, scene: scene, key: key) : nil
        }

        func cachedSession(id: SessionID) -> SessionRecord? { base.cachedSession(id: id) }
        func value(session: SessionID, scene: SceneID, key: ValueKey,
                   completion: @escaping @Sendable (Result<StoredValue?, SceneStateStoreError>) -> Void) {
            callbackReads.add(1, ordering: .relaxed)
            base.value(session: session, scene: scene, key: key, completion: completion)
        }
        func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                      precondition: Precondition, limits: SceneStateLimits,
                      completion: @escaping @Sendable (Result<ValueWriteOutcome, SceneStateStoreError>) -> Void) {
            callbackWrites.add(1, ordering: .relaxed)
            base.putValue(content, session: session, scene: scene, key: key, precondition: precondition, limits: limits,
                          completion: completion)
        }
        func createSession(_ session: SessionRecord) async throws(SceneStateStoreError) { try await base.createSession(session) }
        func session(id: SessionID) async throws(SceneStateStoreError) -> SessionRecord? { try await base.session(id: id) }
        func session(tokenHash: [UInt8]) async throws(SceneStateStoreError) -> SessionRecord? {
            try await base.session(tokenHash: tokenHash)
        }
        func refreshSession(id: SessionID, expiresAt: Date) async throws(SceneStateStoreError) {
            try await base.refreshSession(id: id, expiresAt: expiresAt)
        }
        func deleteSession(id: SessionID) async throws(SceneStateStoreError) -> Bool { try await base.deleteSession(id: id) }
        func value(session: SessionID, scene: SceneID, key: ValueKey) async throws(SceneStateStoreError) -> StoredValue? {
            try await base.value(session: session, scene: scene, key: key)
        }
        func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                      precondition: Precondition, limits: SceneStateLimits) async throws(SceneStateStoreError) -> ValueWriteOutcome {
            try await base.putValue(content, session: session, scene: scene, key: key, precondition: precondition, limits: limits)
        }
        func deleteValue(session: SessionID, scene: SceneID, key: ValueKey,
                         precondition: Precondition) async throws(SceneStateStoreError) -> Bool {
            try await base.deleteValue(session: session, scene: scene, key: key, precondition: precondition)
        }
        func scene(session: SessionID, scene: SceneID) async throws(SceneStateStoreError) -> SceneSnapshot? {
            try await base.scene(session: session, scene: scene)
        }
        func replaceScene(_ values: [ValueKey: ValueContent], session: SessionID, scene: SceneID,
                          precondition: Precondition, limits: SceneStateLimits) async throws(SceneStateStoreError) -> SceneReplaceOutcome {
            try await base.replaceScene(values, session: session, scene: scene, precondition: precondition, limits: limits)
        }
        func deleteScene(session: SessionID, scene: SceneID, precondition: Precondition) async throws(SceneStateStoreError) -> Bool {
            try await base.deleteScene(session: session, scene: scene, precondition: precondition)
        }
        func scenes(session: SessionID) async throws(SceneStateStoreError) -> [SceneSummary] { try await base.scenes(session: session) }
        func deleteExpiredSessions(now: Date, limit: Int) async throws(SceneStateStoreError) -> Int {
            try await base.deleteExpiredSessions(now: now, limit: limit)
        }
        func checkWritable() async throws(SceneStateStoreError) { try await base.checkWritable() }
        func counts() async throws(SceneStateStoreError) -> SceneStateCounts { try await base.counts() }
        var commitStatistics: SceneStateCommitStatistics { base.commitStatistics }
    }

    /// A file store (so reads use the reader pool, as in `serve`), removed afterwards.
    static func withFileStore(forwardCachedValues: Bool = false,
                              _ body: (CountingStore) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-fast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = try SQLiteSceneStateStore(path: folder.appendingPathComponent("s.sqlite").path,
                                               configuration: .init(sweepInterval: nil))
        defer { try? sqlite.close() }
        try await body(CountingStore(sqlite, forwardCachedValues: forwardCachedValues))
    }

    @Test func cachedSessionsAreServedThroughTheCallbacksWithTheSameAnswers() async throws {
        try await Self.withFileStore { store in
            let harness = Harness(store: store)
            let (id, token) = try await harness.openSession()
            let url = "/v1/sessions/\(id)/scenes/main/values/path"
            let created = await harness.send(.put, url, token: token, headers: [("Content-Type", " application/json ")], body: "[1]")
            #expect(created.status == .created)
            #expect(created.headers["Location"] == url)
            let updated = await harness.send(.put, url, token: token, headers: [("Content-Type", "application/json")], body: "[2]")
            #expect(updated.status == .noContent)
            let tag = try #require(updated.headers["ETag"])
            #expect(tag != created.headers["ETag"])
            #expect(store.callbackWrites.load(ordering: .relaxed) >= 1)

            let restored = await harness.send(.get, url, token: token)
            #expect(restored.status == .ok)
            #expect(SceneStateEndpointsTests.text(restored) == "[2]")
            #expect(restored.headers["Content-Type"] == "application/json")
            #expect(restored.headers["ETag"] == tag)
            #expect(store.callbackReads.load(ordering: .relaxed) == 1)

            #expect(await harness.send(.get, url, token: token, headers: [("If-None-Match", tag)]).status == .notModified)
            let stale = await harness.send(.put, url, token: token, headers: [("If-Match", "\"v1\"")], body: "[3]")
            #expect(stale.status == .preconditionFailed)
            #expect(stale.headers["ETag"] == tag)
            let missing = await harness.send(.get, "/v1/sessions/\(id)/scenes/main/values/other", token: token)
            #expect(missing.status == .notFound)
            #expect(SceneStateEndpointsTests.problemType(missing) == "value-not-found")
            let badType = await harness.send(.put, url, token: token, headers: [("Content-Type", "json")], body: "[4]")
            #expect(badType.status == .badRequest)
            #expect(store.callbackReads.load(ordering: .relaxed) == 3)
        }
    }

    @Test func aCachedValueIsAnsweredWithoutTheReaderAndStaysCurrent() async throws {
        try await Self.withFileStore(forwardCachedValues: true) { store in
            let harness = Harness(store: store)
            let (id, token) = try await harness.openSession()
            let url = "/v1/sessions/\(id)/scenes/main/values/path"
            #expect(await harness.send(.put, url, token: token, body: "[1]").status == .created)
            #expect(SceneStateEndpointsTests.text(await harness.send(.get, url, token: token)) == "[1]")
            let reads = store.callbackReads.load(ordering: .relaxed)
            let cached = await harness.send(.get, url, token: token)
            #expect(SceneStateEndpointsTests.text(cached) == "[1]")
            #expect(store.callbackReads.load(ordering: .relaxed) == reads) // from memory, no reader
            let tag = try #require(cached.headers["ETag"])
            #expect(await harness.send(.get, url, token: token, headers: [("If-None-Match", tag)]).status == .notModified)
            #expect(await harness.send(.get, url, token: token, headers: [("If-Match", "\"v999\"")]).status == .preconditionFailed)

            let updated = await harness.send(.put, url, token: token, body: "[2]")
            let again = await harness.send(.get, url, token: token)
            #expect(SceneStateEndpointsTests.text(again) == "[2]")
            #expect(again.headers["ETag"] == updated.headers["ETag"])
            #expect(await harness.send(.delete, url, token: token).status == .noContent)
            #expect(await harness.send(.get, url, token: token).status == .notFound)
            // Another session's token never reaches the cached value.
            let other = try await harness.openSession()
            #expect(await harness.send(.put, "/v1/sessions/\(other.id)/scenes/main/values/path", token: other.token,
                                       body: "[3]").status == .created)
            #expect(await harness.send(.get, url, token: other.token).status == .notFound)
        }
    }

    @Test func cachedSessionsStayApartAndExpire() async throws {
        try await Self.withFileStore { store in
            let harness = Harness(store: store)
            let first = try await harness.openSession(), second = try await harness.openSession()
            let firstURL = "/v1/sessions/\(first.id)/scenes/main/values/path"
            let secondURL = "/v1/sessions/\(second.id)/scenes/main/values/path"
            #expect(await harness.send(.put, firstURL, token: first.token, body: "[1]").status == .created)
            #expect(await harness.send(.put, secondURL, token: second.token, body: "[2]").status == .created)
            // Both sessions are cached now; another session's token is still 404, a made-up one 401.
            #expect(await harness.send(.get, secondURL, token: first.token).status == .notFound)
            #expect(await harness.send(.put, secondURL, token: first.token, body: "[9]").status == .notFound)
            #expect(await harness.send(.get, secondURL, token: SessionToken.random().text).status == .unauthorized)
            #expect(SceneStateEndpointsTests.text(await harness.send(.get, secondURL, token: second.token)) == "[2]")

            // A use after the refresh granularity moves the expiry forward (through the async path).
            let before = try #require(try await store.session(id: SessionID(first.id))).expiresAt
            harness.clock.advance(by: 120)
            #expect(await harness.send(.get, firstURL, token: first.token).status == .ok)
            let after = try #require(try await store.session(id: SessionID(first.id))).expiresAt
            #expect(after.timeIntervalSince(before) == 120)

            harness.clock.advance(by: 3_601)
            #expect(await harness.send(.get, firstURL, token: first.token).status == .notFound)
            #expect(await harness.send(.put, firstURL, token: first.token, body: "[3]").status == .notFound)
        }
    }

    @Test func theASCIIBearerParseAgreesWithTheGeneralOne() throws {
        let token = SessionToken.random().text
        let accepted = ["Bearer \(token)", "bearer \(token)", "BEARER   \(token)  ", "  Bearer \(token)", "Bearer abc==",
                        "Bearer a.b-c_d~e+f/g="]
        for field in accepted {
            let fast = try #require(SceneStateEndpoints.asciiBearerToken(field), "\(field)")
            #expect(fast == (try SceneStateEndpoints.generalBearerToken(field)))
        }
        // Fields the ASCII parse leaves to the general one; whatever it answers stands.
        let deferred = ["Bearer", "Bearer ", "Basic \(token)", "Bearerx \(token)", "Bearer a=b", "Bearer \ttok",
                        "Bearer to ken", "Bearer tok\u{00A0}", "Bearer " + String(repeating: "a", count: 513), "Bear€r tok"]
        for field in deferred {
            #expect(SceneStateEndpoints.asciiBearerToken(field) == nil, "\(field)")
        }
        #expect(throws: SceneStateEndpoints.Rejection.self) { try SceneStateEndpoints.generalBearerToken("Bearer a=b") }
        #expect(try SceneStateEndpoints.generalBearerToken("Bearer tok\u{00A0}") == SessionToken(text: "tok"))
    }

    @Test func theASCIIContentTypeCheckAgreesWithTheGeneralOne() throws {
        for raw in ["application/json", " text/plain; charset=utf-8\t", "a/b"] {
            let fast = try #require(SceneStateEndpoints.asciiContentType(raw), "\(raw)")
            #expect(fast == (try SceneStateEndpoints.generalContentType(raw)))
        }
        for raw in ["", "   ", "json", "text/\u{7F}", "t\u{00E9}xt/plain", String(repeating: "a", count: 254) + "/b"] {
            #expect(SceneStateEndpoints.asciiContentType(raw) == nil, "\(raw)")
            #expect(throws: SceneStateEndpoints.Rejection.self) { try SceneStateEndpoints.generalContentType(raw) }
        }
    }
}
