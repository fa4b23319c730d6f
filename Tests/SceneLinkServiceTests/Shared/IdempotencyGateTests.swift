import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkPostgres
@testable import SceneLinkService

/// `Idempotency-Key` on the three creates, over HTTP, on SQLite, across a restart, and across two
/// instances sharing PostgreSQL when `SCENELINK_TEST_POSTGRES` is set.
@Suite struct IdempotencyGateTests {
    static let token = ShortLinkEndpointsTests.token
    static let admin = ShortLinkEndpointsTests.admin.merging(["Content-Type": "application/json"]) { a, _ in a }

    static func configure(_ configuration: inout ServiceConfiguration) {
        configuration.shortLinks.adminToken = token
        configuration.webhooks.allowPrivate = true
    }

    static func post(_ client: LoopbackClient, _ path: String, key: String?, body: String,
                     headers: [String: String] = admin) async throws -> LoopbackClient.Response {
        var fields = headers
        if let key { fields["Idempotency-Key"] = key }
        return try await client.send("POST", path, headers: fields, body: Array(body.utf8))
    }

    @Test func aRetriedShortLinkCreateAnswersTheFirstAnswerAndMakesOneLink() async throws {
        try await SceneLinkApplicationTests.withService(Self.configure) { client, _ in
            let body = #"{"link":"fuelmoney://settings/account"}"#
            let first = try await Self.post(client, "/v1/short-links", key: "retry-1", body: body)
            #expect(first.status == 201)
            #expect(first.headers["idempotent-replayed"] == nil)
            let again = try await Self.post(client, "/v1/short-links", key: "retry-1", body: body)
            #expect(again.status == 201)
            #expect(again.headers["idempotent-replayed"] == "true")
            #expect(again.body == first.body)
            #expect(again.headers["location"] == first.headers["location"])
            let listed = try JSONParser.parse(try await client.send("GET", "/v1/short-links", headers: Self.admin).body)
            #expect(listed["shortLinks"]?.arrayValue?.count == 1)
            // Without a key every create is a new link.
            #expect(try await Self.post(client, "/v1/short-links", key: nil, body: body).body != first.body)
        }
    }

    @Test func theSameKeyWithAnotherBodyIs422AndAMalformedKeyIs400() async throws {
        try await SceneLinkApplicationTests.withService(Self.configure) { client, _ in
            #expect(try await Self.post(client, "/v1/short-links", key: "k", body: #"{"link":"fuelmoney://settings"}"#).status == 201)
            let reused = try await Self.post(client, "/v1/short-links", key: "k", body: #"{"link":"fuelmoney://explain"}"#)
            #expect(reused.status == 422)
            #expect(reused.text.contains("idempotency-key-reused"))
            for key in ["", "has space", String(repeating: "x", count: 256), "ключ"] {
                let refused = try await Self.post(client, "/v1/short-links", key: key, body: #"{"link":"fuelmoney://settings"}"#)
                #expect(refused.status == 400, "\(key)")
                #expect(refused.text.contains("invalid-idempotency-key"), "\(key)")
            }
        }
    }

    @Test func aKeyStillInFlightIs409WithRetryAfter() async throws {
        try await SceneLinkApplicationTests.withService(Self.configure) { client, application in
            let body = #"{"link":"fuelmoney://settings"}"#
            // Another instance began this request and holds its key for an hour: long past any
            // delay a loaded test run puts between this and the request below.
            let request = HTTPRequest(method: .post, target: "/v1/short-links",
                                      headers: HTTPHeaders(["Authorization": "Bearer \(Self.token)"].map { (name: $0.key, value: $0.value) }))
            let idempotent = IdempotentRequest(key: try IdempotencyKey("busy"), scope: IdempotencyGate.adminScope(request),
                                               route: "POST /v1/short-links", body: Array(body.utf8))
            let now = Date()
            _ = try await awaiting { completion in
                application.store.beginIdempotentRequest(keyHash: idempotent.keyHash, fingerprint: idempotent.fingerprint, now: now,
                                                         leaseUntil: now.addingTimeInterval(3_600), expiredBefore: now.addingTimeInterval(-86_400)) {
                    completion($0.mapError { $0 as any Error })
                }
            }
            let busy = try await Self.post(client, "/v1/short-links", key: "busy", body: body)
            #expect(busy.status == 409)
            #expect(busy.text.contains("idempotency-key-in-flight"))
            #expect(busy.headers["retry-after"].flatMap(Int.init).map { (1...3_600).contains($0) } == true)
        }
    }

    @Test func aRetriedSessionOrWebhookCreateAnswersTheSameTokenOrSecret() async throws {
        try await SceneLinkApplicationTests.withService(Self.configure) { client, _ in
            let session = try await Self.post(client, "/v1/sessions", key: "launch-1", body: "", headers: [:])
            let sessionAgain = try await Self.post(client, "/v1/sessions", key: "launch-1", body: "", headers: [:])
            #expect(session.status == 201 && sessionAgain.status == 201)
            #expect(sessionAgain.body == session.body)
            #expect(sessionAgain.headers["idempotent-replayed"] == "true")
            // The replayed token works: it is the session's.
            let document = try JSONParser.parse(sessionAgain.body)
            let id = try #require(document["id"]?.stringValue), token = try #require(document["token"]?.stringValue)
            #expect(try await client.send("GET", "/v1/sessions/\(id)/scenes", headers: ["Authorization": "Bearer \(token)"]).status == 200)

            let hook = #"{"url":"https://hooks.example.com/in","events":["short_link.created"]}"#
            let webhook = try await Self.post(client, "/v1/webhooks", key: "hook-1", body: hook)
            let webhookAgain = try await Self.post(client, "/v1/webhooks", key: "hook-1", body: hook)
            #expect(webhook.status == 201 && webhookAgain.body == webhook.body)
            let listed = try JSONParser.parse(try await client.send("GET", "/v1/webhooks", headers: Self.admin).body)
            #expect(listed["webhooks"]?.arrayValue?.count == 1)
        }
    }

    @Test func aKeyOutlivesARestart() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-idempotency-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let body = #"{"link":"fuelmoney://settings"}"#
        var first: LoopbackClient.Response?
        try await SceneLinkApplicationTests.withService({ Self.configure(&$0); $0.databasePath = path }) { client, _ in
            first = try await Self.post(client, "/v1/short-links", key: "across-restart", body: body)
        }
        try await SceneLinkApplicationTests.withService({ Self.configure(&$0); $0.databasePath = path }) { client, _ in
            let again = try await Self.post(client, "/v1/short-links", key: "across-restart", body: body)
            #expect(again.headers["idempotent-replayed"] == "true")
            #expect(again.body == first?.body)
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SCENELINK_TEST_POSTGRES"].map { !$0.isEmpty } == true,
                   "needs SCENELINK_TEST_POSTGRES"))
    func twoInstancesSharingPostgreSQLAnswerOneCreate() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["SCENELINK_TEST_POSTGRES"])
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        defer { try? PostgresSceneStateStore.dropSchema(schema, url: url) }
        let shared: (inout ServiceConfiguration) -> Void = {
            Self.configure(&$0)
            $0.storeURL = url
            $0.postgres.schema = schema
        }
        let body = #"{"link":"fuelmoney://settings"}"#
        try await SceneLinkApplicationTests.withService(shared) { one, _ in
            try await SceneLinkApplicationTests.withService(shared) { two, _ in
                let first = try await Self.post(one, "/v1/short-links", key: "two-instances", body: body)
                let second = try await Self.post(two, "/v1/short-links", key: "two-instances", body: body)
                #expect(first.status == 201)
                #expect(second.headers["idempotent-replayed"] == "true" && second.body == first.body)
                let listed = try JSONParser.parse(try await two.send("GET", "/v1/short-links", headers: Self.admin).body)
                #expect(listed["shortLinks"]?.arrayValue?.count == 1)
            }
        }
    }
}
