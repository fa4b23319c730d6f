import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkPostgres
import SceneLinkSQLite
import SceneLinkText
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The stores every endpoint test runs on: the fake, SQLite (`:memory:`; a file store's
/// reader pool and caches are `SceneStateEndpointsSQLiteTests`'), and PostgreSQL when
/// `SCENELINK_TEST_POSTGRES` names a test database (left out of the arguments otherwise).
enum EndpointStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemoryFake
    case sqlite
    case postgres

    static var allCases: [EndpointStore] {
        [.inMemoryFake, .sqlite] + (EndpointStore.postgresURL == nil ? [] : [.postgres])
    }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["SCENELINK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var testDescription: String { rawValue }

    /// A new store; a PostgreSQL one gets a schema of its own in the test database (left
    /// there: the database is a throwaway) and closes its connections when released.
    func make() throws -> any SceneStateStore {
        switch self {
        case .inMemoryFake: InMemorySceneStateStore()
        case .sqlite: try SQLiteSceneStateStore(path: ":memory:")
        case .postgres:
            try PostgresSceneStateStore(url: try #require(EndpointStore.postgresURL), configuration: .init(
                connectionCount: 2, schema: "endpoint_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")))
        }
    }
}

/// Drives `SceneStateEndpoints` through `HTTPRouter.handle`, in process, on every store.
@Suite struct SceneStateEndpointsTests {
    /// A clock tests move by hand.
    final class ManualClock: Sendable {
        private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var clock: SceneStateClock { SceneStateClock { self.now.withLock { $0 } } }
        func advance(by seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
        var date: Date { now.withLock { $0 } }
    }

    /// A stand-in for the route table's repair: keeps, from the root side, the elements whose
    /// tag is in `knownTags`, like a route table that lost some types in an app update.
    final class FakeRouteTable: Sendable {
        private let known: Mutex<Set<String>>
        init(_ tags: Set<String>) { known = Mutex(tags) }
        func replace(_ tags: Set<String>) { known.withLock { $0 = tags } }

        func repair(_ bytes: [UInt8]) -> SceneStateEndpoints.RepairOutcome {
            guard let array = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String],
                  array.count.isMultiple(of: 2) else { return .notNavigationPath }
            let tags = known.withLock { $0 }
            // Pairs are top first; walk from the root (the end) and stop at the first unknown tag.
            let pairs = stride(from: 0, to: array.count, by: 2).map { (array[$0], array[$0 + 1]) }
            var kept: [(String, String)] = []
            for pair in pairs.reversed() {
                guard tags.contains(pair.0) else { break }
                kept.append(pair)
            }
            let out = kept.reversed().flatMap { [$0.0, $0.1] }
            let data = (try? JSONSerialization.data(withJSONObject: out, options: [.withoutEscapingSlashes])) ?? Data()
            return .repaired([UInt8](data), dropped: pairs.count - kept.count)
        }
    }

    struct Harness {
        let router: HTTPRouter
        let store: any SceneStateStore
        let clock = ManualClock()
        let routeTable = FakeRouteTable(["Swift.Int", "FuelMoney.HomePath"])
        let configuration: SceneStateEndpoints.Configuration

        init(store: any SceneStateStore = InMemorySceneStateStore(),
             limits: SceneStateLimits = SceneStateLimits(maximumValueBytes: 64, maximumKeysPerScene: 3, maximumScenesPerSession: 2),
             ttl: Duration = .seconds(3_600)) {
            self.store = store
            configuration = SceneStateEndpoints.Configuration(sessionTimeToLive: ttl, limits: limits)
            let table = routeTable
            let endpoints = SceneStateEndpoints(store: store, configuration: configuration, clock: clock.clock,
                                                repair: { table.repair($0) })
            var declared = EndpointTable()
            endpoints.register(on: &declared)
            router = declared.unguardedRouter
        }

        func send(_ method: HTTPMethod, _ target: String, token: String? = nil,
                  headers: [(String, String)] = [], body: String = "") async -> HTTPResponse {
            await send(method, target, token: token, headers: headers, bytes: Array(body.utf8))
        }

        func send(_ method: HTTPMethod, _ target: String, token: String? = nil,
                  headers: [(String, String)] = [], bytes: [UInt8]) async -> HTTPResponse {
            var fields = HTTPHeaders(headers.map { (name: $0.0, value: $0.1) })
            if let token { fields.add("Authorization", "Bearer \(token)") }
            let request = HTTPRequest(method: method, target: target, headers: fields, body: bytes)
            return await withCheckedContinuation { continuation in
                router.handle(request, responder: HTTPResponder { continuation.resume(returning: $0) })
            }
        }

        /// Opens a session; returns its id and token.
        func openSession() async throws -> (id: String, token: String) {
            let response = await send(.post, "/v1/sessions")
            #expect(response.status == .created)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
            return (try #require(object["id"]), try #require(object["token"]))
        }
    }

    static func problemType(_ response: HTTPResponse) -> String? {
        guard response.headers["Content-Type"] == "application/problem+json",
              let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else { return nil }
        return (object["type"] as? String).map { $0.replacingOccurrences(of: "https://scenelink.dev/problems/", with: "") }
    }

    static func problemDetail(_ response: HTTPResponse) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return object?["detail"] as? String ?? ""
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    // MARK: Sessions

    @Test(arguments: EndpointStore.allCases)
    func creatingASessionAnswersIdTokenAndExpiry(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let response = await harness.send(.post, "/v1/sessions")
        #expect(response.status == .created)
        #expect(response.headers["Cache-Control"] == "no-store")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
        let id = try #require(object["id"]), token = try #require(object["token"])
        #expect(response.headers["Location"] == "/v1/sessions/\(id)")
        #expect(token.count == 43)
        // 1_800_000_000 s is 2027-01-15T08:00:00Z; one hour later:
        #expect(object["expiresAt"] == "2027-01-15T09:00:00Z")
        let stored = try #require(try await awaiting { try harness.store.session(id: SessionID(id), completion: $0) })
        #expect(stored.tokenHash == SHA256.hash(Array(token.utf8)))
        #expect(stored.tokenHash != Array(token.utf8))
    }

    @Test(arguments: EndpointStore.allCases)
    func deletingASessionForgetsItAndItsToken(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        #expect(await harness.send(.put, "/v1/sessions/\(id)/scenes/main/values/path", token: token, body: "[]").status == .created)
        #expect(await harness.send(.delete, "/v1/sessions/\(id)", token: token).status == .noContent)
        let after = await harness.send(.get, "/v1/sessions/\(id)/scenes/main/values/path", token: token)
        #expect(after.status == .unauthorized)
        #expect(Self.problemType(after) == "session-ended")
        #expect(try await awaiting { harness.store.counts(completion: $0) } == SceneStateCounts(sessions: 0, scenes: 0, values: 0))
    }

    // MARK: Values

    @Test(arguments: [false, true])
    func aValueIsSavedAndRestoredByteForByte(useSQLite: Bool) async throws {
        let sqlite = useSQLite ? try SQLiteSceneStateStore(path: ":memory:") : nil
        defer { try? sqlite?.close() }
        let harness = sqlite.map { Harness(store: $0) } ?? Harness()
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main/values/path"
        let bytes: [UInt8] = [0x5B, 0x00, 0xFF, 0x0D, 0x0A, 0x5D]
        let created = await harness.send(.put, url, token: token, headers: [("Content-Type", "application/x-thing")], bytes: bytes)
        #expect(created.status == .created)
        let firstTag = try #require(created.headers["ETag"])
        #expect(created.headers["Location"] == url)

        let restored = await harness.send(.get, url, token: token)
        #expect(restored.status == .ok)
        #expect(restored.body == bytes)
        #expect(restored.headers["Content-Type"] == "application/x-thing")
        #expect(restored.headers["ETag"] == firstTag)

        let updated = await harness.send(.put, url, token: token, body: "[]")
        #expect(updated.status == .noContent)
        let secondTag = try #require(updated.headers["ETag"])
        #expect(secondTag != firstTag)
        let again = await harness.send(.get, url, token: token)
        #expect(again.headers["Content-Type"] == "application/octet-stream")
        #expect(Self.text(again) == "[]")
    }

    @Test(arguments: EndpointStore.allCases)
    func aMissingValueIs404(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let response = await harness.send(.get, "/v1/sessions/\(id)/scenes/main/values/path", token: token)
        #expect(response.status == .notFound)
        #expect(Self.problemType(response) == "value-not-found")
    }

    @Test(arguments: EndpointStore.allCases)
    func ifNoneMatchOnGetAnswers304(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main/values/path"
        let tag = try #require(await harness.send(.put, url, token: token, body: "[1]").headers["ETag"])
        let notModified = await harness.send(.get, url, token: token, headers: [("If-None-Match", tag)])
        #expect(notModified.status == .notModified)
        #expect(notModified.headers["ETag"] == tag)
        #expect(notModified.body.isEmpty)
        let stale = await harness.send(.get, url, token: token, headers: [("If-None-Match", "\"v0\", W/\"v999\"")])
        #expect(stale.status == .ok)
        #expect(await harness.send(.get, url, token: token, headers: [("If-None-Match", "*")]).status == .notModified)
    }

    @Test(arguments: EndpointStore.allCases)
    func ifMatchProtectsAgainstLostUpdates(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main/values/count"
        let first = try #require(await harness.send(.put, url, token: token, body: "1").headers["ETag"])
        // Two devices read `first`; one saves, the other's save must fail.
        let winner = await harness.send(.put, url, token: token, headers: [("If-Match", first)], body: "2")
        #expect(winner.status == .noContent)
        let loser = await harness.send(.put, url, token: token, headers: [("If-Match", first)], body: "2")
        #expect(loser.status == .preconditionFailed)
        #expect(Self.problemType(loser) == "precondition-failed")
        #expect(loser.headers["ETag"] == winner.headers["ETag"])
        #expect(Self.text(await harness.send(.get, url, token: token)) == "2")
        // A stale DELETE fails the same way; a current one works.
        #expect(await harness.send(.delete, url, token: token, headers: [("If-Match", first)]).status == .preconditionFailed)
        let current = try #require(winner.headers["ETag"])
        #expect(await harness.send(.delete, url, token: token, headers: [("If-Match", current)]).status == .noContent)
        #expect(await harness.send(.delete, url, token: token).status == .notFound)
        // If-Match on a value that does not exist is 412 for PUT (RFC 9110 §13.1.1).
        #expect(await harness.send(.put, url, token: token, headers: [("If-Match", current)], body: "3").status == .preconditionFailed)
    }

    @Test(arguments: EndpointStore.allCases)
    func ifNoneMatchStarMakesAPutCreateOnly(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main/values/path"
        #expect(await harness.send(.put, url, token: token, headers: [("If-None-Match", "*")], body: "a").status == .created)
        let second = await harness.send(.put, url, token: token, headers: [("If-None-Match", "*")], body: "b")
        #expect(second.status == .preconditionFailed)
        #expect(Self.text(await harness.send(.get, url, token: token)) == "a")
    }

    @Test(arguments: EndpointStore.allCases)
    func aMalformedConditionalHeaderIs400(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let response = await harness.send(.put, "/v1/sessions/\(id)/scenes/main/values/path", token: token,
                                          headers: [("If-Match", "v1")], body: "a")
        #expect(response.status == .badRequest)
        #expect(Self.problemType(response) == "invalid-precondition")
    }

    @Test(arguments: [
        ("/scenes/main/values/a%20b", "value key"),
        ("/scenes/main/values/" + String(repeating: "k", count: 129), "value key"),
        ("/scenes/%C3%A9/values/path", "scene id"),
        ("/scenes/../values/path", "scene id"),
    ])
    func invalidIdentifiersAre400(suffix: String, kind: String) async throws {
        let harness = Harness()
        let (id, token) = try await harness.openSession()
        let response = await harness.send(.put, "/v1/sessions/\(id)" + suffix, token: token,
                                          headers: [("If-Match", "\"v1\"")], body: "a")
        #expect(response.status == .badRequest)
        #expect(Self.problemType(response) == "invalid-identifier")
        #expect(Self.text(response).contains("The \(kind)"))
    }

    @Test(arguments: EndpointStore.allCases)
    func anInvalidSessionIdIs400(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let response = await harness.send(.get, "/v1/sessions/bad.id/scenes", token: SessionToken.random().text)
        #expect(response.status == .badRequest)
        #expect(Self.problemType(response) == "invalid-identifier")
    }

    @Test(arguments: EndpointStore.allCases)
    func aValueOverTheLimitIs413EvenWithAFailingPrecondition(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let response = await harness.send(.put, "/v1/sessions/\(id)/scenes/main/values/path", token: token,
                                          headers: [("If-Match", "\"v999\"")], body: String(repeating: "x", count: 65))
        #expect(response.status == .contentTooLarge)
        #expect(Self.problemType(response) == "value-too-large")
        #expect(Self.text(response).contains("limit of 64 bytes"))
        #expect(await harness.send(.put, "/v1/sessions/\(id)/scenes/main/values/path", token: token,
                                   body: String(repeating: "x", count: 64)).status == .created)
    }

    @Test func valueRoutesDeclareTheSizeLimitToTheRouter() {
        let harness = Harness()
        guard case .found(let route, _) = harness.router.match(method: .put, path: "/v1/sessions/a/scenes/b/values/c") else {
            Issue.record("value PUT route not registered")
            return
        }
        #expect(route.maxBodyBytes == 64)
    }

    @Test(arguments: EndpointStore.allCases)
    func limitsOnKeysAndScenesAre409(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        for key in ["a", "b", "c"] {
            #expect(await harness.send(.put, "/v1/sessions/\(id)/scenes/one/values/\(key)", token: token, body: "1").status == .created)
        }
        let keys = await harness.send(.put, "/v1/sessions/\(id)/scenes/one/values/d", token: token, body: "1")
        #expect(keys.status == .conflict)
        #expect(Self.problemType(keys) == "too-many-keys")
        #expect(await harness.send(.put, "/v1/sessions/\(id)/scenes/two/values/a", token: token, body: "1").status == .created)
        let scenes = await harness.send(.put, "/v1/sessions/\(id)/scenes/three/values/a", token: token, body: "1")
        #expect(scenes.status == .conflict)
        #expect(Self.problemType(scenes) == "too-many-scenes")
    }

    // MARK: Authorization

    @Test(arguments: EndpointStore.allCases)
    func aMissingTokenIs401WithAChallenge(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, _) = try await harness.openSession()
        let response = await harness.send(.get, "/v1/sessions/\(id)/scenes/main/values/path",
                                          headers: [("If-Match", "\"v1\"")])
        #expect(response.status == .unauthorized)
        #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        #expect(Self.problemType(response) == "unauthorized")
    }

    @Test(arguments: EndpointStore.allCases, ["Basic dXNlcjpwYXNz", "Bearer", "Bearer a b", "Bearer tok=en", "Bearer \u{7F}"])
    func aMalformedAuthorizationIs401(store: EndpointStore, field: String) async throws {
        let harness = Harness(store: try store.make())
        let (id, _) = try await harness.openSession()
        let response = await harness.send(.get, "/v1/sessions/\(id)/scenes", headers: [("Authorization", field)])
        #expect(response.status == .unauthorized)
        #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
    }

    @Test(arguments: EndpointStore.allCases)
    func anUnknownTokenOnALiveSessionIs401UnknownToken(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, _) = try await harness.openSession()
        let response = await harness.send(.get, "/v1/sessions/\(id)/scenes", token: SessionToken.random().text)
        #expect(response.status == .unauthorized)
        #expect(response.headers["WWW-Authenticate"]?.contains("invalid_token") == true)
        #expect(Self.problemType(response) == "unknown-token")
        #expect(Self.problemDetail(response).hasPrefix("The session with this id is live, but the bearer token is not its token"))
    }

    @Test(arguments: EndpointStore.allCases)
    func anUnknownTokenOnAnExpiredOrUnknownIdIs401SessionEnded(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make(), ttl: .seconds(3_600))
        let (id, _) = try await harness.openSession()
        harness.clock.advance(by: 3_601)
        for path in ["/v1/sessions/\(id)/scenes", "/v1/sessions/\(SessionID.random())/scenes"] {
            let response = await harness.send(.get, path, token: SessionToken.random().text)
            #expect(response.status == .unauthorized)
            #expect(response.headers["WWW-Authenticate"]?.contains("invalid_token") == true)
            #expect(Self.problemType(response) == "session-ended")
            #expect(Self.problemDetail(response).hasSuffix("open a new one with POST /v1/sessions."))
        }
    }

    @Test(arguments: EndpointStore.allCases)
    func bearerSchemeIsCaseInsensitive(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let response = await harness.send(.get, "/v1/sessions/\(id)/scenes", headers: [("Authorization", "bearer \(token)")])
        #expect(response.status == .ok)
    }

    @Test(arguments: EndpointStore.allCases)
    func oneSessionNeverSeesAnother(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let a = try await harness.openSession(), b = try await harness.openSession()
        #expect(await harness.send(.put, "/v1/sessions/\(a.id)/scenes/main/values/path", token: a.token, body: "A").status == .created)
        // B's token on A's id: 404 for every route, as if A did not exist.
        for (method, suffix) in [(HTTPMethod.get, "/scenes/main/values/path"), (.put, "/scenes/main/values/path"),
                                 (.delete, "/scenes/main/values/path"), (.get, "/scenes/main"), (.get, "/scenes"),
                                 (.delete, "/scenes/main"), (.delete, "")] {
            let response = await harness.send(method, "/v1/sessions/\(a.id)\(suffix)", token: b.token, body: "B")
            #expect(response.status == .notFound, "\(method) \(suffix)")
            #expect(Self.problemType(response) == "session-not-found")
        }
        // B's own scene of the same name is empty, and A's value is untouched.
        #expect(await harness.send(.get, "/v1/sessions/\(b.id)/scenes/main/values/path", token: b.token).status == .notFound)
        #expect(Self.text(await harness.send(.get, "/v1/sessions/\(a.id)/scenes/main/values/path", token: a.token)) == "A")
        // A valid token on an id that does not exist answers the same 404.
        let ghost = await harness.send(.get, "/v1/sessions/\(SessionID.random())/scenes", token: b.token)
        #expect(ghost.status == .notFound)
    }

    // MARK: Expiry

    @Test(arguments: EndpointStore.allCases)
    func anExpiredSessionIs404(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make(), ttl: .seconds(3_600))
        let (id, token) = try await harness.openSession()
        harness.clock.advance(by: 3_601)
        let response = await harness.send(.get, "/v1/sessions/\(id)/scenes", token: token)
        #expect(response.status == .notFound)
        #expect(Self.problemType(response) == "session-not-found")
    }

    @Test(arguments: EndpointStore.allCases)
    func useRefreshesTheExpiryAtMostOncePerGranule(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make(), ttl: .seconds(3_600)) // granule: min(60 s, 1% of 3600 s) = 36 s
        let (id, token) = try await harness.openSession()
        let created = try #require(try await awaiting { try harness.store.session(id: SessionID(id), completion: $0) }).expiresAt

        harness.clock.advance(by: 10)
        #expect(await harness.send(.get, "/v1/sessions/\(id)/scenes", token: token).status == .ok)
        #expect(try await awaiting { try harness.store.session(id: SessionID(id), completion: $0) }?.expiresAt == created, "refreshed within the granule")

        harness.clock.advance(by: 1_800)
        #expect(await harness.send(.get, "/v1/sessions/\(id)/scenes", token: token).status == .ok)
        #expect(try await awaiting { try harness.store.session(id: SessionID(id), completion: $0) }?.expiresAt == harness.clock.date.addingTimeInterval(3_600))

        // Past the original expiry, the refreshed session still lives.
        harness.clock.advance(by: 2_000)
        #expect(await harness.send(.get, "/v1/sessions/\(id)/scenes", token: token).status == .ok)
    }

    @Test(arguments: EndpointStore.allCases)
    func aValueDeclaredJSONThatDoesNotParseIs422AndNothingIsStored(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main/values/path"
        for type in ["application/json", "application/vnd.example+json; charset=utf-8", "Application/JSON"] {
            let refused = await harness.send(.put, url, token: token, headers: [("Content-Type", type)], body: "[broken")
            #expect(refused.status == .unprocessableContent, "\(type)")
            #expect(Self.text(refused).contains("invalid-json-value"))
            #expect(Self.text(refused).contains("is malformed JSON at line 1, column 2: expected a value"))
        }
        #expect(await harness.send(.get, url, token: token).status == .notFound)
        // Other types are stored byte for byte, and JSON that parses is stored as sent.
        #expect(await harness.send(.put, url, token: token, headers: [("Content-Type", "text/plain")], body: "[broken").status == .created)
        #expect(await harness.send(.put, url, token: token, headers: [("Content-Type", "application/json")], body: " [1, 2] ").status == .noContent)
        #expect(Self.text(await harness.send(.get, url, token: token)) == " [1, 2] ")
    }

    @Test(arguments: EndpointStore.allCases)
    func aSceneDocumentIsReadStrictlyAndItsJSONValuesMustBeJSON(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main"
        let broken = #"{"values":{"path":{"contentType":"application/json","text":"[broken"}}}"#
        let refused = await harness.send(.put, url, token: token, body: broken)
        #expect(refused.status == .unprocessableContent)
        #expect(Self.text(refused).contains("invalid-json-value"))
        for (body, detail) in [
            (#"{"values":{"tab":{"text":"a"},"tab":{"text":"b"}}}"#, "The value \\\"tab\\\" is given more than once"),
            (#"{"values":{"tab":{"text":"a"},}}"#, "The body is not JSON (malformed JSON at line 1"),
        ] {
            let answer = await harness.send(.put, url, token: token, body: body)
            #expect(answer.status == .badRequest, "\(body)")
            #expect(Self.text(answer).contains(detail), "\(Self.text(answer))")
        }
        #expect(await harness.send(.get, url, token: token).status == .notFound)
        let good = #"{"values":{"path":{"contentType":"application/json","text":"[1]"},"tab":{"text":"home"}}}"#
        #expect(await harness.send(.put, url, token: token, body: good).status == .created)
    }

    // MARK: Repair

    @Test(arguments: EndpointStore.allCases)
    func repairCutsAStalePathAndSaysHowManyElementsWereDropped(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make(), limits: SceneStateLimits(maximumValueBytes: 1_024))
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main/values/path"
        // Top first: detail (Int 7) on top of account (2) on top of setting (1).
        let stored = #"["Swift.Int","7","FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#
        let tag = try #require(await harness.send(.put, url, token: token, headers: [("Content-Type", "application/json")],
                                                  body: stored).headers["ETag"])

        let fresh = await harness.send(.get, url + "?repair=navigationPath", token: token)
        #expect(fresh.status == .ok)
        #expect(fresh.headers["SceneLink-Repaired-Elements"] == "0")

        // An app update removed the Int screens from the route table.
        harness.routeTable.replace(["FuelMoney.HomePath"])
        let repaired = await harness.send(.get, url + "?repair=navigationPath", token: token)
        #expect(repaired.status == .ok)
        #expect(repaired.headers["SceneLink-Repaired-Elements"] == "1")
        #expect(Self.text(repaired) == #"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#)
        #expect(repaired.headers["ETag"] == tag)
        #expect(repaired.headers["Content-Type"] == "application/json")
        // Without repair the stored bytes are unchanged.
        #expect(Self.text(await harness.send(.get, url, token: token)) == stored)
    }

    @Test(arguments: EndpointStore.allCases)
    func repairOfSomethingThatIsNotAPathIs422(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let url = "/v1/sessions/\(id)/scenes/main/values/tab"
        _ = await harness.send(.put, url, token: token, body: "{\"tab\":1}")
        let response = await harness.send(.get, url + "?repair=navigationPath", token: token)
        #expect(response.status == .unprocessableContent)
        #expect(Self.problemType(response) == "not-a-navigation-path")
        let unknown = await harness.send(.get, url + "?repair=everything", token: token)
        #expect(unknown.status == .badRequest)
        #expect(Self.problemType(unknown) == "invalid-repair")
    }

    // MARK: Scenes

    @Test(arguments: EndpointStore.allCases)
    func aSceneIsReadAsOneDocument(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let base = "/v1/sessions/\(id)/scenes/main"
        _ = await harness.send(.put, base + "/values/path", token: token, headers: [("Content-Type", "application/json")],
                               body: #"["Swift.Int","1"]"#)
        _ = await harness.send(.put, base + "/values/tab", token: token, headers: [("Content-Type", "text/plain")], body: "home")
        _ = await harness.send(.put, base + "/values/blob", token: token, bytes: [0xFF, 0x00])
        let response = await harness.send(.get, base, token: token)
        #expect(response.status == .ok)
        let tag = try #require(response.headers["ETag"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["scene"] as? String == "main")
        #expect(object["etag"] as? String == tag)
        let values = try #require(object["values"] as? [String: [String: Any]])
        #expect(values["path"]?["json"] as? [String] == ["Swift.Int", "1"])
        #expect(values["path"]?["base64"] as? String == Data(#"["Swift.Int","1"]"#.utf8).base64EncodedString())
        #expect(values["tab"]?["text"] as? String == "home")
        #expect(values["tab"]?["contentType"] as? String == "text/plain")
        #expect(values["blob"]?["base64"] as? String == "/wA=")
        #expect(values["blob"]?["text"] == nil && values["blob"]?["json"] == nil)

        #expect(await harness.send(.get, base, token: token, headers: [("If-None-Match", tag)]).status == .notModified)
        #expect(await harness.send(.get, "/v1/sessions/\(id)/scenes/other", token: token).status == .notFound)

        let list = await harness.send(.get, "/v1/sessions/\(id)/scenes", token: token)
        #expect(Self.text(list) == "{\"scenes\":[{\"scene\":\"main\",\"etag\":\(JSONEscaping.quote(tag)),\"values\":3}]}")
    }

    @Test(arguments: EndpointStore.allCases)
    func aSceneIsReplacedAtomicallyWithItsOwnETag(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let base = "/v1/sessions/\(id)/scenes/main"
        let document = #"{"values":{"path":{"contentType":"application/json","base64":"WyJTd2lmdC5JbnQiLCIxIl0="},"tab":{"text":"home"}}}"#
        let created = await harness.send(.put, base, token: token, headers: [("If-None-Match", "*")], body: document)
        #expect(created.status == .created)
        let tag = try #require(created.headers["ETag"])
        #expect(Self.text(await harness.send(.get, base + "/values/path", token: token)) == #"["Swift.Int","1"]"#)
        let tab = await harness.send(.get, base + "/values/tab", token: token)
        #expect(tab.headers["Content-Type"] == "text/plain; charset=utf-8")

        let replaced = await harness.send(.put, base, token: token, headers: [("If-Match", tag)],
                                          body: #"{"values":{"tab":{"text":"settings"}}}"#)
        #expect(replaced.status == .ok)
        #expect(await harness.send(.get, base + "/values/path", token: token).status == .notFound)
        #expect(Self.text(await harness.send(.get, base + "/values/tab", token: token)) == "settings")

        let stale = await harness.send(.put, base, token: token, headers: [("If-Match", tag)], body: #"{"values":{}}"#)
        #expect(stale.status == .preconditionFailed)
        #expect(stale.headers["ETag"] == replaced.headers["ETag"])
    }

    @Test(arguments: EndpointStore.allCases, ["not json", "[]", #"{"value":{}}"#, #"{"values":{"k":{"base64":"***"}}}"#,
                      #"{"values":{"k":{"text":"a","base64":"YQ=="}}}"#, #"{"values":{"a b":{"text":"a"}}}"#])
    func anInvalidSceneDocumentIs400(store: EndpointStore, body: String) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let response = await harness.send(.put, "/v1/sessions/\(id)/scenes/main", token: token, body: body)
        #expect(response.status == .badRequest)
        let type = Self.problemType(response)
        #expect(type == "invalid-scene-document", "\(Self.text(response))")
    }

    @Test(arguments: EndpointStore.allCases)
    func aSceneWithATooLargeValueIs413AndTooManyKeys409(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let big = Data(repeating: 1, count: 65).base64EncodedString()
        let large = await harness.send(.put, "/v1/sessions/\(id)/scenes/main", token: token,
                                       headers: [("If-Match", "\"s1\"")], body: "{\"values\":{\"k\":{\"base64\":\"\(big)\"}}}")
        #expect(large.status == .contentTooLarge)
        let many = await harness.send(.put, "/v1/sessions/\(id)/scenes/main", token: token,
                                      body: #"{"values":{"a":{"text":"1"},"b":{"text":"1"},"c":{"text":"1"},"d":{"text":"1"}}}"#)
        #expect(many.status == .conflict)
        #expect(Self.problemType(many) == "too-many-keys")
    }

    @Test(arguments: EndpointStore.allCases)
    func deletingASceneForgetsItsValues(store: EndpointStore) async throws {
        let harness = Harness(store: try store.make())
        let (id, token) = try await harness.openSession()
        let base = "/v1/sessions/\(id)/scenes/main"
        _ = await harness.send(.put, base + "/values/path", token: token, body: "[]")
        #expect(await harness.send(.delete, base, token: token, headers: [("If-Match", "\"s0\"")]).status == .preconditionFailed)
        #expect(await harness.send(.delete, base, token: token).status == .noContent)
        #expect(await harness.send(.get, base + "/values/path", token: token).status == .notFound)
        #expect(await harness.send(.delete, base, token: token).status == .notFound)
        #expect(Self.text(await harness.send(.get, "/v1/sessions/\(id)/scenes", token: token)) == "{\"scenes\":[]}")
    }

    @Test func storeFailuresBecomeProblemsWithoutInternals() async throws {
        let store = try SQLiteSceneStateStore(path: ":memory:")
        let harness = Harness(store: store)
        let (id, token) = try await harness.openSession()
        try store.close()
        let response = await harness.send(.put, "/v1/sessions/\(id)/scenes/main/values/path", token: token, body: "[]")
        #expect(response.status == .serviceUnavailable)
        #expect(Self.problemType(response) == "unavailable")
    }
}
