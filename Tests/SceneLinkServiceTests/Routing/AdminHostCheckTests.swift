import Foundation
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The admin port's Host check against DNS rebinding: its own names, the route file's hosts, 421 for the rest.
@Suite struct AdminHostCheckTests {
    static let token = "Z0w3xZLZucxbdyiowmyvwdbw5OEng19YJ79TBrAXs8Q"

    @Test("a rebinding request (Host: evil.example) to an admin route is 421 problem+json naming the accepted hosts and the flag")
    func rebindingIsMisdirected() async throws {
        try await SceneLinkApplicationTests.withService { client, _ async throws in
            let response = try await client.send("GET", "/metrics", headers: ["Host": "evil.example:8080"])
            #expect(response.status == 421)
            #expect(response.headers["content-type"] == "application/problem+json")
            let problem = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(problem?["type"] as? String == HTTPProblem.typeBase + "misdirected-request")
            #expect(problem?["detail"] as? String
                == "The admin port answers only requests for its own names (127.0.0.1, ::1, localhost, fuelmoney.example.com), "
                + "not 'evil.example:8080'; reach it by one of those, or add the name to --admin-hosts.")
        }
    }

    @Test("loopback names with or without a port, and the route file's hosts, are served; public routes answer any Host")
    func ownNamesAreServed() async throws {
        try await SceneLinkApplicationTests.withService { client, _ async throws in
            for host in ["localhost", "127.0.0.1:8080", "[::1]:8080", "LOCALHOST.", "fuelmoney.example.com"] {
                #expect(try await client.send("GET", "/metrics", headers: ["Host": host]).status == 200, "\(host)")
            }
            // A public route and the probes (both ports) do not look at the Host.
            #expect(try await client.send("GET", "/healthz", headers: ["Host": "evil.example"]).status == 200)
            #expect(try await client.send("GET", "/v1/resolve?url=fuelmoney://settings/account", headers: ["Host": "evil.example"]).status == 200)
        }
    }

    @Test("on a separate admin port the check applies before the token, and a trusted proxy's X-Forwarded-Host is the host asked for")
    func separateAdminPort() async throws {
        try await SceneLinkApplicationTests.withService({ configuration in
            configuration.adminListen = ListenAddress(host: "127.0.0.1", port: 0)
            configuration.shortLinks.adminToken = Self.token
            configuration.http.trustedProxies = try! HTTPTrustedProxies(parsing: "127.0.0.1/32")
        }) { _, application async throws in
            let admin = LoopbackClient(port: try #require(application.adminPort))
            let bearer = ["Authorization": "Bearer \(Self.token)"]
            #expect(try await admin.send("GET", "/v1/short-links", headers: bearer.merging(["Host": "127.0.0.1:9090"]) { $1 }).status == 200)
            #expect(try await admin.send("GET", "/v1/short-links", headers: bearer.merging(["Host": "evil.example"]) { $1 }).status == 421)
            #expect(try await admin.send("GET", "/v1/short-links", headers: bearer.merging(["X-Forwarded-Host": "evil.example"]) { $1 }).status == 421)
            // A wrong token from a rebinding page spends no admin-auth budget: it never reaches the token check.
            for _ in 0..<12 {
                #expect(try await admin.send("GET", "/v1/short-links", headers: ["Host": "evil.example", "Authorization": "Bearer wrong"]).status == 421)
            }
            #expect(try await admin.send("GET", "/v1/short-links", headers: bearer).status == 200)
            #expect(try await admin.send("GET", "/console/", headers: ["Host": "evil.example"]).status == 421)
            #expect(try await admin.send("POST", "/console/sign-in", headers: ["Host": "evil.example"], body: Array("token=x".utf8)).status == 421)
        }
    }

    @Test("--admin-hosts replaces the loopback names; the listen address stays accepted unless it is every interface")
    func configuredNames() async throws {
        try await SceneLinkApplicationTests.withService({ configuration in
            configuration.adminHosts = try! AdminHostCheck.parse("admin.internal, ::1", flag: "admin-hosts")
            configuration.adminListen = ListenAddress(host: "127.0.0.1", port: 0)
        }) { _, application async throws in
            let admin = LoopbackClient(port: try #require(application.adminPort))
            #expect(try await admin.send("GET", "/metrics", headers: ["Host": "admin.internal:9090"]).status == 200)
            #expect(try await admin.send("GET", "/metrics", headers: ["Host": "[::1]"]).status == 200)
            #expect(try await admin.send("GET", "/metrics", headers: ["Host": "127.0.0.1"]).status == 200)
            #expect(try await admin.send("GET", "/metrics", headers: ["Host": "localhost"]).status == 421)
        }
        let routes = Current(try RouteTableLoader.load(path: nil))
        #expect(!AdminHostCheck(configured: [], listenHost: "0.0.0.0", routes: routes).accepts("0.0.0.0"))
        #expect(!AdminHostCheck(configured: [], listenHost: "::", routes: routes).accepts("[::]"))
        #expect(AdminHostCheck(configured: [], listenHost: "fd00::5", routes: routes).accepts("[fd00::5]:9090"))
    }

    @Test("a Host value is read as name[:port] or [IPv6][:port]; anything else names no host", arguments: [
        ("Example.COM.:9090", "example.com"), ("[::1]:9090", "::1"), ("[::1]", "::1"), ("localhost", "localhost"),
        ("evil.example:", "evil.example"),
    ])
    func hostNames(host: String, name: String) {
        #expect(AdminHostCheck.name(inHost: host) == name)
    }

    @Test("malformed Host values name no host", arguments: ["", ":9090", "a:b", "[::1", "[::1]x", "a b", "a/b", "::1"])
    func malformedHosts(host: String) {
        #expect(AdminHostCheck.name(inHost: host) == nil)
    }

    @Test("--admin-hosts takes names without a port")
    func parsing() throws {
        #expect(try AdminHostCheck.parse("localhost,[::1],::1, admin.internal", flag: "admin-hosts")
            == ["localhost", "[::1]", "::1", "admin.internal"])
        #expect(throws: ConfigurationError("--admin-hosts takes host names without a port, separated by commas, such as "
                                           + "localhost,admin.internal,::1, not 'admin.internal:9090'.")) {
            try ServiceConfiguration.parse(arguments: ["--admin-hosts", "localhost,admin.internal:9090"], environment: [:])
        }
        #expect(throws: ConfigurationError.self) { try AdminHostCheck.parse("localhost,,x", flag: "admin-hosts") }
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["SCENELINK_ADMIN_HOSTS": "a.internal"]).adminHosts == ["a.internal"])
    }
}
