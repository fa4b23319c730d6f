import Foundation
import SceneLinkCore
import SceneLinkText
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Webhooks end to end in process: the service on port 0 with SQLite `:memory:`, its delivery
/// worker on a shortened schedule, and an in-process receiver.
@Suite(.serialized) struct WebhookEndpointsTests {
    static let token = ShortLinkEndpointsTests.token
    static let admin = ShortLinkEndpointsTests.admin.merging(["Content-Type": "application/json"]) { a, _ in a }

    static func withService(allowPrivate: Bool = true, adminToken: String? = token,
                            _ body: (LoopbackClient) async throws -> Void) async throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configuration.shortLinks.adminToken = adminToken
        configuration.webhooks.allowPrivate = allowPrivate
        configuration.webhooks.retrySchedule = WebhookRetrySchedule(delays: [.zero, .milliseconds(200), .milliseconds(200)])
        configuration.webhooks.pollInterval = .milliseconds(50)
        configuration.webhooks.timeout = .seconds(2)
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        let port = try application.start(handlingSignals: false)
        do {
            try await body(LoopbackClient(port: port))
        } catch {
            await SceneLinkApplicationTests.stop(application)
            throw error
        }
        await SceneLinkApplicationTests.stop(application)
    }

    static func register(_ client: LoopbackClient, url: String, events: [String]) async throws -> (id: String, secret: WebhookSecret) {
        let body = "{\"url\":\(JSONEscaping.quote(url)),\"events\":[\(events.map(JSONEscaping.quote).joined(separator: ","))]}"
        let response = try await client.send("POST", "/v1/webhooks", headers: admin, body: Array(body.utf8))
        #expect(response.status == 201)
        let document = try JSONParser.parse(response.body)
        let id = try #require(document["id"]?.stringValue)
        let secret = try WebhookSecret(text: try #require(document["secret"]?.stringValue))
        #expect(response.headers["location"] == "/v1/webhooks/\(id)")
        return (id, secret)
    }

    static func deliveries(_ client: LoopbackClient, _ id: String) async throws -> [JSONValue] {
        let response = try await client.send("GET", "/v1/webhooks/\(id)/deliveries", headers: admin)
        return try JSONParser.parse(response.body)["deliveries"]?.arrayValue ?? []
    }

    @Test func theRoutesAnswer403WithoutAnAdminTokenAnd401WithAWrongOne() async throws {
        try await Self.withService(adminToken: nil) { client in
            let response = try await client.send("GET", "/v1/webhooks")
            #expect(response.status == 403)
            #expect(response.text.contains("admin-disabled"))
        }
        try await Self.withService { client in
            let response = try await client.send("POST", "/v1/webhooks", headers: ["Authorization": "Bearer wrong-token-0123456789"],
                                                 body: Array("{}".utf8))
            #expect(response.status == 401)
            #expect(response.text.contains("The bearer token is neither the admin token nor a working API key; send exactly one "
                                           + "'Authorization: Bearer TOKEN' with the token scenelink was started with (--admin-token), "
                                           + "or a key that is not revoked."),
                    "\(response.text)")
            #expect(!response.text.contains("once"))
        }
    }

    @Test func registrationRefusesHTTPAndPrivateTargetsUnlessAllowed() async throws {
        try await Self.withService(allowPrivate: false) { client in
            for url in ["http://hooks.example.com/in", "https://127.0.0.1/in", "https://[::1]/in", "https://10.1.2.3/in",
                        "https://169.254.169.254/latest", "https://localhost/in", "https://[fe80::1]/in", "https://224.0.0.1/in",
                        "https://[::ffff:192.168.0.1]/in"] {
                let body = "{\"url\":\"\(url)\",\"events\":[\"short_link.clicked\"]}"
                let response = try await client.send("POST", "/v1/webhooks", headers: Self.admin, body: Array(body.utf8))
                #expect(response.status == 422, "\(url)")
                #expect(response.text.contains("webhook-target-refused"), "\(url)")
            }
            let credentials = try await client.send("POST", "/v1/webhooks", headers: Self.admin,
                                                    body: Array(#"{"url":"https://u:p@8.8.8.8/in","events":["webhook.test"]}"#.utf8))
            #expect(credentials.status == 422)
            #expect(credentials.text.contains("must not carry a user or password"))
        }
    }

    @Test func aBodyWithoutEventsOrWithAnUnknownOneIs400() async throws {
        try await Self.withService { client in
            let missing = try await client.send("POST", "/v1/webhooks", headers: Self.admin,
                                                body: Array(#"{"url":"http://127.0.0.1:9/hook"}"#.utf8))
            #expect(missing.status == 400)
            #expect(missing.text.contains("The body needs \\\"events\\\""))
            let unknown = try await client.send("POST", "/v1/webhooks", headers: Self.admin,
                                                body: Array(#"{"url":"http://127.0.0.1:9/hook","events":["link.exploded"]}"#.utf8))
            #expect(unknown.status == 400)
            #expect(unknown.text.contains("which is not an event type"))
        }
    }

    @Test func shortLinkEventsArriveSignedWithTheEndpointsSecret() async throws {
        let receiver = try WebhookReceiver()
        defer { Task { await receiver.stop() } }
        try await Self.withService { client in
            let endpoint = try await Self.register(client, url: receiver.url,
                                                   events: ["short_link.created", "short_link.clicked", "short_link.deleted"])
            _ = try await ShortLinkEndpointsTests.create(client, #"{"link":"fuelmoney://settings/account","alias":"hooked"}"#)
            _ = try await client.send("GET", "/s/hooked", headers: ["Accept": "application/json"])
            _ = try await client.send("DELETE", "/v1/short-links/hooked", headers: Self.admin)
            let received = try await receiver.requests(count: 3)
            #expect(received.count == 3)
            #expect(Set(received.map(\.id)).count == 3)
            #expect(received.allSatisfy { WebhookReceiver.verifies($0, secret: endpoint.secret) })
            #expect(received.allSatisfy { !WebhookReceiver.verifies($0, secret: .random()) })
            let types = Set(received.compactMap { try? JSONParser.parse($0.body)["type"]?.stringValue })
            #expect(types == ["short_link.created", "short_link.clicked", "short_link.deleted"])
            let clicked = try #require(received.first { $0.text.contains("short_link.clicked") })
            #expect(try JSONParser.parse(clicked.body)["data"]?["count"] == .number("1"))
            // The route the target resolved to when the link was created.
            #expect(try JSONParser.parse(clicked.body)["data"]?["route"]?.stringValue?.isEmpty == false)
            #expect(!clicked.text.contains("127.0.0.1"))
            for _ in 0..<100 {
                if try await Self.deliveries(client, endpoint.id).allSatisfy({ $0["state"]?.stringValue == "delivered" }) { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            let listed = try await Self.deliveries(client, endpoint.id)
            #expect(listed.count == 3)
            #expect(listed.allSatisfy { $0["state"]?.stringValue == "delivered" && $0["lastStatus"] == .number("204") })
        }
    }

    @Test func duringARotationDeliveriesAreSignedWithBothSecrets() async throws {
        let receiver = try WebhookReceiver()
        defer { Task { await receiver.stop() } }
        try await Self.withService { client in
            let endpoint = try await Self.register(client, url: receiver.url, events: ["short_link.created"])
            let rotated = try await client.send("POST", "/v1/webhooks/\(endpoint.id)/rotate-secret", headers: Self.admin)
            #expect(rotated.status == 200)
            let document = try JSONParser.parse(rotated.body)
            let newSecret = try WebhookSecret(text: try #require(document["secret"]?.stringValue))
            #expect(newSecret != endpoint.secret)
            #expect(document["previousSecretExpiresAt"]?.stringValue != nil)
            let test = try await client.send("POST", "/v1/webhooks/\(endpoint.id)/test", headers: Self.admin)
            #expect(test.status == 202)
            let messageID = try #require(try JSONParser.parse(test.body)["messageId"]?.stringValue)
            let received = try #require(try await receiver.requests(count: 1).first)
            #expect(received.id == messageID)
            #expect(received.signature.split(separator: " ").count == 2)
            #expect(WebhookReceiver.verifies(received, secret: newSecret))
            #expect(WebhookReceiver.verifies(received, secret: endpoint.secret))
            #expect(received.text.contains("\"type\":\"webhook.test\""))
        }
    }

    @Test func failedAttemptsAreRetriedWithTheSameIdAndRetryAfterIsHonoured() async throws {
        let receiver = try WebhookReceiver(answers: [.init(status: 500), .init(status: 429, headers: ["Retry-After": "1"])])
        defer { Task { await receiver.stop() } }
        try await Self.withService { client in
            let endpoint = try await Self.register(client, url: receiver.url, events: ["short_link.created"])
            _ = try await client.send("POST", "/v1/webhooks/\(endpoint.id)/test", headers: Self.admin)
            let started = Date()
            let received = try await receiver.requests(count: 3)
            #expect(received.count == 3)
            #expect(Set(received.map(\.id)).count == 1)
            // The third attempt waited for Retry-After (1 s), not the 0.2 s schedule.
            #expect(Date().timeIntervalSince(started) >= 1)
            var listed: [JSONValue] = []
            for _ in 0..<100 {
                listed = try await Self.deliveries(client, endpoint.id)
                if listed.first?["state"]?.stringValue == "delivered" { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(listed.first?["attempts"] == .number("3"))
            #expect(listed.first?["state"]?.stringValue == "delivered")
        }
    }

    @Test func a410DisablesTheEndpointAndTheLastFailedAttemptToo() async throws {
        let gone = try WebhookReceiver(answers: [.init(status: 410)])
        let failing = try WebhookReceiver(answers: [.init(status: 500), .init(status: 500), .init(status: 500)])
        defer { Task { await gone.stop(); await failing.stop() } }
        try await Self.withService { client in
            let first = try await Self.register(client, url: gone.url, events: ["short_link.created"])
            let second = try await Self.register(client, url: failing.url, events: ["short_link.created"])
            _ = try await client.send("POST", "/v1/webhooks/\(first.id)/test", headers: Self.admin)
            _ = try await client.send("POST", "/v1/webhooks/\(second.id)/test", headers: Self.admin)
            _ = try await gone.requests(count: 1)
            _ = try await failing.requests(count: 3)
            for (id, reason) in [(first.id, "410"), (second.id, "last of 3 attempts")] {
                var shown = JSONValue.null
                for _ in 0..<100 {
                    shown = try JSONParser.parse(try await client.send("GET", "/v1/webhooks/\(id)", headers: Self.admin).body)
                    if shown["enabled"] == .bool(false) { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(shown["enabled"] == .bool(false))
                #expect(shown["disabledReason"]?.stringValue?.contains(reason) == true)
            }
            _ = try await ShortLinkEndpointsTests.create(client, #"{"link":"fuelmoney://settings/account"}"#)
            try await Task.sleep(for: .milliseconds(300))
            #expect(gone.requests.count == 1)
            #expect(failing.requests.count == 3)
        }
    }

    @Test func aDisabledEndpointRefusesTestsAndReplaysLeavesTheQueueMetricsAndComesBackWithPatch() async throws {
        let gone = try WebhookReceiver(answers: [.init(status: 410)])
        defer { Task { await gone.stop() } }
        try await Self.withService { client in
            let endpoint = try await Self.register(client, url: gone.url, events: ["short_link.created"])
            let first = try await client.send("POST", "/v1/webhooks/\(endpoint.id)/test", headers: Self.admin)
            let messageID = try #require(try JSONParser.parse(first.body)["messageId"]?.stringValue)
            _ = try await gone.requests(count: 1)
            var shown = JSONValue.null
            // Polled for up to 30 s: a loaded full run delays the worker's record of the 410.
            for _ in 0..<1_500 {
                shown = try JSONParser.parse(try await client.send("GET", "/v1/webhooks/\(endpoint.id)", headers: Self.admin).body)
                if shown["enabled"] == .bool(false) { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(shown["enabled"] == .bool(false))
            // Nothing is sent to a disabled endpoint: a test or a replay says so instead of waiting forever.
            for path in ["/v1/webhooks/\(endpoint.id)/test", "/v1/webhooks/\(endpoint.id)/deliveries/\(messageID)/replay"] {
                let refused = try await client.send("POST", path, headers: Self.admin)
                #expect(refused.status == 409, "\(path)")
                #expect(refused.text.contains("webhook-disabled") && refused.text.contains("{\\\"enabled\\\": true}"), "\(refused.text)")
            }
            // Events are not queued for it, and nothing of it counts in the queue depth operators alert
            // on (a delivery left pending when it was disabled is left out too: WebhookStoreBehaviourTests).
            _ = try await ShortLinkEndpointsTests.create(client, #"{"link":"fuelmoney://settings/account"}"#)
            let metrics = try await client.send("GET", "/metrics", headers: Self.admin).text
            #expect(metrics.contains("scenelink_webhook_queue_depth 0\n"))

            // Bodies that change nothing or the wrong thing are 400.
            for body in ["{}", #"{"enabled": "yes"}"#, #"{"secret": "x"}"#, #"{"events": []}"#] {
                let refused = try await client.send("PATCH", "/v1/webhooks/\(endpoint.id)", headers: Self.admin, body: Array(body.utf8))
                #expect(refused.status == 400, "\(body)")
            }
            #expect(try await client.send("PATCH", "/v1/webhooks/ep_none", headers: Self.admin,
                                          body: Array(#"{"enabled": true}"#.utf8)).status == 404)
            let patched = try await client.send("PATCH", "/v1/webhooks/\(endpoint.id)", headers: Self.admin,
                                                body: Array(#"{"enabled": true, "events": ["short_link.created", "short_link.deleted"]}"#.utf8))
            #expect(patched.status == 200)
            let document = try JSONParser.parse(patched.body)
            #expect(document["enabled"] == .bool(true))
            #expect(document["disabledReason"] == nil || document["disabledReason"] == .null)
            #expect(document["events"]?.arrayValue?.count == 2)
            #expect(document["secret"] == nil)
            // Re-enabled, a test goes out again (the receiver now answers 204).
            #expect(try await client.send("POST", "/v1/webhooks/\(endpoint.id)/test", headers: Self.admin).status == 202)
            #expect(try await gone.requests(count: 2).count == 2)
        }
    }

    @Test func aRedirectIsNotFollowedAndAReplaySendsTheSameMessageAgain() async throws {
        let receiver = try WebhookReceiver(answers: [.init(status: 307, headers: ["Location": "/elsewhere"])])
        defer { Task { await receiver.stop() } }
        try await Self.withService { client in
            let endpoint = try await Self.register(client, url: receiver.url, events: ["short_link.created"])
            _ = try await client.send("POST", "/v1/webhooks/\(endpoint.id)/test", headers: Self.admin)
            let received = try await receiver.requests(count: 2)
            #expect(!received.contains { $0.id == "redirected" })
            #expect(received.count == 2)
            #expect(received[0].id == received[1].id)
            let replay = try await client.send("POST", "/v1/webhooks/\(endpoint.id)/deliveries/\(received[0].id)/replay",
                                               headers: Self.admin)
            #expect(replay.status == 202)
            let again = try await receiver.requests(count: 3)
            #expect(again.count == 3)
            #expect(again[2].id == received[0].id)
            #expect(again[2].body == received[0].body)
            let missing = try await client.send("POST", "/v1/webhooks/\(endpoint.id)/deliveries/msg_none/replay", headers: Self.admin)
            #expect(missing.status == 404)
        }
    }

    @Test func endpointsAreListedShownAndDeletedWithoutTheirSecret() async throws {
        try await Self.withService { client in
            let endpoint = try await Self.register(client, url: "http://127.0.0.1:9/hook", events: ["short_link.clicked"])
            let listed = try await client.send("GET", "/v1/webhooks", headers: Self.admin)
            #expect(listed.status == 200)
            #expect(listed.text.contains(endpoint.id))
            #expect(!listed.text.contains("whsec_"))
            let shown = try await client.send("GET", "/v1/webhooks/\(endpoint.id)", headers: Self.admin)
            #expect(shown.status == 200)
            #expect(!shown.text.contains("whsec_"))
            #expect(try await client.send("DELETE", "/v1/webhooks/\(endpoint.id)", headers: Self.admin).status == 204)
            #expect(try await client.send("GET", "/v1/webhooks/\(endpoint.id)", headers: Self.admin).status == 404)
            #expect(try await client.send("DELETE", "/v1/webhooks/\(endpoint.id)", headers: Self.admin).status == 404)
            #expect(try await client.send("GET", "/v1/webhooks/\(endpoint.id)/deliveries", headers: Self.admin).status == 404)
        }
    }
}
