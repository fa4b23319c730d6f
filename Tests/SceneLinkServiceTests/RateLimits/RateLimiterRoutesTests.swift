import Foundation
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite("Rate limits over HTTP")
struct RateLimiterRoutesTests {
    private func service(_ limits: String, trust: String? = nil, adminToken: String? = nil,
                         _ body: (LoopbackClient, SceneLinkApplication) async throws -> Void) async throws {
        try await SceneLinkApplicationTests.withService({ configuration in
            configuration.rateLimits = (try? RateLimits.parse(limits)) ?? .off
            configuration.shortLinks.adminToken = adminToken
            if let trust { configuration.http.trustedProxies = (try? .init(parsing: trust)) ?? .init() }
        }, body)
    }

    @Test("an API client past its resolve budget gets 429 problem+json with Retry-After and RateLimit fields")
    func resolveProblem() async throws {
        try await service("resolve=2/h") { client, application async throws in
            for _ in 0 ..< 2 {
                #expect(try await client.send("GET", "/v1/resolve?url=fuelmoney://settings/account").status == 200)
            }
            let refused = try await client.send("GET", "/v1/resolve?url=fuelmoney://settings/account")
            #expect(refused.status == 429)
            #expect(refused.headers["content-type"] == "application/problem+json")
            // A token comes back every 30 min (an hour-long window, so a loaded machine cannot refill
            // the bucket between the requests); less when the machine took a while between them.
            let wait = try #require(refused.headers["retry-after"].flatMap { Int($0) })
            #expect((1 ... 1_800).contains(wait))
            #expect(refused.headers["ratelimit-policy"] == #""resolve";q=2;w=3600"#)
            #expect(refused.headers["ratelimit"] == #""resolve";r=0;t=\#(wait)"#)
            #expect(refused.text.contains("This client may make 2 resolve requests per hour; retry in \(wait) second"))
            // Operations are never limited.
            #expect(try await client.send("GET", "/healthz").status == 200)
            let metrics = try await client.send("GET", "/metrics").text
            #expect(metrics.contains(#"scenelink_rate_limited_total{class="resolve"} 1"#))
            #expect(metrics.contains(#"scenelink_rate_limit_clients{class="resolve"} 1"#))
        }
    }

    @Test("a browser past its link budget gets the link page's look and CSP with status 429")
    func linkPage() async throws {
        // Hour-long windows here: a loaded machine must not refill a bucket between two requests.
        try await service("links=1/h") { client, _ async throws in
            #expect(try await client.send("GET", "/settings/account").status == 200)
            let refused = try await client.send("GET", "/settings/account", headers: ["Accept": "text/html"])
            #expect(refused.status == 429)
            #expect(refused.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(refused.headers["content-security-policy"] == LinkPage.contentSecurityPolicy)
            #expect(refused.headers["retry-after"].flatMap { Int($0) }.map { (1 ... 3_600).contains($0) } == true)
            #expect(refused.text.contains("Too many requests"))
            let json = try await client.send("GET", "/s/anything", headers: ["Accept": "application/json"])
            #expect(json.status == 429)
            #expect(json.headers["content-type"] == "application/problem+json")
        }
    }

    @Test("behind a trusted proxy each forwarded client has its own budget, and a spoofed X-Forwarded-For changes nothing")
    func forwardedClients() async throws {
        try await service("sessions=1/h", trust: "127.0.0.1") { client, _ async throws in
            func open(_ forwarded: String) async throws -> Int {
                try await client.send("POST", "/v1/sessions", headers: ["X-Forwarded-For": forwarded]).status
            }
            var statuses: [Int] = []
            for forwarded in ["203.0.113.1", "203.0.113.1", "203.0.113.2",
                              // What the client wrote left of the proxy's entry is never read.
                              "198.51.100.9, 203.0.113.1"] {
                statuses.append(try await open(forwarded))
            }
            #expect(statuses == [201, 429, 201, 429])
        }
        try await service("sessions=1/h") { client, _ async throws in
            // Untrusted peer: the header is ignored, so both requests are the same client.
            #expect(try await client.send("POST", "/v1/sessions", headers: ["X-Forwarded-For": "203.0.113.1"]).status == 201)
            #expect(try await client.send("POST", "/v1/sessions", headers: ["X-Forwarded-For": "203.0.113.2"]).status == 429)
        }
    }

    @Test("scene-state requests are limited per session token, not per address")
    func statePerSession() async throws {
        try await service("state=2/h") { client, _ async throws in
            var tokens: [(String, String)] = []
            for _ in 0 ..< 2 {
                let created = try await client.send("POST", "/v1/sessions")
                let document = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any]
                tokens.append((document?["id"] as? String ?? "", document?["token"] as? String ?? ""))
            }
            let (id, token) = tokens[0]
            let path = "/v1/sessions/\(id)/scenes"
            for _ in 0 ..< 2 {
                #expect(try await client.send("GET", path, headers: ["Authorization": "Bearer \(token)"]).status == 200)
            }
            #expect(try await client.send("GET", path, headers: ["Authorization": "Bearer \(token)"]).status == 429)
            let (otherID, otherToken) = tokens[1]
            #expect(try await client.send("GET", "/v1/sessions/\(otherID)/scenes",
                                          headers: ["Authorization": "Bearer \(otherToken)"]).status == 200)
        }
    }

    @Test("wrong admin tokens spend the address's admin-auth budget; once spent, even the right token is 429 until it refills")
    func adminAuthBudget() async throws {
        let token = "ov05cy3ZJa7-rjIJWewew_H8LYTrcOitNXC_chIrf1s"
        try await service("admin-auth=3/h", adminToken: token) { client, _ async throws in
            // A missing token is told how to send one and spends nothing.
            #expect(try await client.send("GET", "/v1/short-links").status == 401)
            #expect(try await client.send("GET", "/v1/short-links", headers: ["Authorization": "Bearer \(token)"]).status == 200)
            for _ in 0 ..< 3 {
                #expect(try await client.send("GET", "/v1/webhooks", headers: ["Authorization": "Bearer wrong-token-0123456789"]).status == 401)
            }
            let refused = try await client.send("GET", "/v1/short-links", headers: ["Authorization": "Bearer \(token)"])
            #expect(refused.status == 429)
            #expect(refused.headers["ratelimit-policy"] == #""admin-auth";q=3;w=3600"#)
            #expect(refused.text.contains("This client may make 3 requests with a wrong admin token per hour"))
            let metrics = try await client.send("GET", "/metrics").text
            #expect(metrics.contains(#"scenelink_rate_limited_total{class="admin-auth"} 1"#))
        }
    }

    @Test("QR codes count against a class of their own")
    func qrClass() async throws {
        try await service("qr=2/h") { client, _ async throws in
            let path = "/v1/qr?url=https%3A%2F%2Ffuelmoney.example.com%2Fsettings%2Faccount"
            for _ in 0 ..< 2 { #expect(try await client.send("GET", path).status == 200) }
            let refused = try await client.send("GET", path)
            #expect(refused.status == 429)
            #expect(refused.headers["ratelimit-policy"] == #""qr";q=2;w=3600"#)
            // Other classes are untouched.
            #expect(try await client.send("GET", "/v1/resolve?url=fuelmoney://settings/account").status == 200)
        }
    }

    @Test("a route's class with only an instance ceiling is still limited: 429 that names the whole server")
    func instanceCeilingAlone() async throws {
        try await SceneLinkApplicationTests.withService({ configuration in
            configuration.rateLimits = RateLimits(policies: [:], instancePolicies: [.qr: RateLimitPolicy(count: 2, periodSeconds: 3_600)])
        }) { client, _ async throws in
            let path = "/v1/qr?url=https%3A%2F%2Ffuelmoney.example.com%2Fsettings%2Faccount"
            for _ in 0 ..< 2 { #expect(try await client.send("GET", path).status == 200) }
            let refused = try await client.send("GET", path)
            #expect(refused.status == 429)
            #expect(refused.text.contains("This server takes at most 2 QR codes per hour from all clients together"))
            let metrics = try await client.send("GET", "/metrics").text
            #expect(metrics.contains(#"scenelink_instance_limited_total{class="qr"} 1"#))
        }
    }

    @Test("--rate-limit off serves every request")
    func off() async throws {
        try await service("off") { client, _ async throws in
            for _ in 0 ..< 50 { #expect(try await client.send("POST", "/v1/sessions").status == 201) }
            #expect(!(try await client.send("GET", "/metrics").text.contains("scenelink_rate_limited_total")))
        }
    }
}
