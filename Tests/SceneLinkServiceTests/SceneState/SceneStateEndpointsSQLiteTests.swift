import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkSQLite
import Testing
@testable import SceneLinkService

/// The value routes on the SQLite store as `serve` runs it (a file, the reader pool, the
/// session and value caches): the answers do not depend on what the caches hold.
@Suite struct SceneStateEndpointsSQLiteTests {
    typealias Harness = SceneStateEndpointsTests.Harness

    /// A file store (so reads use the reader pool, as in `serve`), removed afterwards.
    static func withFileStore(_ body: (SQLiteSceneStateStore) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-endpoints-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = try SQLiteSceneStateStore(path: folder.appendingPathComponent("s.sqlite").path,
                                               configuration: .init())
        defer { try? sqlite.close() }
        try await body(sqlite)
    }

    @Test func valuesAreSavedAndRestoredWithTheirTagsAndConditions() async throws {
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

            let restored = await harness.send(.get, url, token: token)
            #expect(restored.status == .ok)
            #expect(SceneStateEndpointsTests.text(restored) == "[2]")
            #expect(restored.headers["Content-Type"] == "application/json")
            #expect(restored.headers["ETag"] == tag)

            #expect(await harness.send(.get, url, token: token, headers: [("If-None-Match", tag)]).status == .notModified)
            let stale = await harness.send(.put, url, token: token, headers: [("If-Match", "\"v1\"")], body: "[3]")
            #expect(stale.status == .preconditionFailed)
            #expect(stale.headers["ETag"] == tag)
            let missing = await harness.send(.get, "/v1/sessions/\(id)/scenes/main/values/other", token: token)
            #expect(missing.status == .notFound)
            #expect(SceneStateEndpointsTests.problemType(missing) == "value-not-found")
            let badType = await harness.send(.put, url, token: token, headers: [("Content-Type", "json")], body: "[4]")
            #expect(badType.status == .badRequest)
        }
    }

    @Test func aCachedValueStaysCurrent() async throws {
        try await Self.withFileStore { store in
            let harness = Harness(store: store)
            let (id, token) = try await harness.openSession()
            let url = "/v1/sessions/\(id)/scenes/main/values/path"
            #expect(await harness.send(.put, url, token: token, body: "[1]").status == .created)
            #expect(SceneStateEndpointsTests.text(await harness.send(.get, url, token: token)) == "[1]")
            let cached = await harness.send(.get, url, token: token) // from the value cache now
            #expect(SceneStateEndpointsTests.text(cached) == "[1]")
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

            // A use after the refresh granularity moves the expiry forward.
            let before = try #require(try await awaiting { try store.session(id: SessionID(first.id), completion: $0) }).expiresAt
            harness.clock.advance(by: 120)
            #expect(await harness.send(.get, firstURL, token: first.token).status == .ok)
            let after = try #require(try await awaiting { try store.session(id: SessionID(first.id), completion: $0) }).expiresAt
            #expect(after.timeIntervalSince(before) == 120)

            harness.clock.advance(by: 3_601)
            #expect(await harness.send(.get, firstURL, token: first.token).status == .notFound)
            #expect(await harness.send(.put, firstURL, token: first.token, body: "[3]").status == .notFound)
        }
    }
}
