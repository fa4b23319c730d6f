import Foundation
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite("--admin-listen")
struct AdminListenTests {
    @Test("metrics and the short-link admin API move to the admin port; the probes answer on both")
    func split() async throws {
        try await SceneLinkApplicationTests.withService({ configuration in
            configuration.adminListen = ListenAddress(host: "127.0.0.1", port: 0)
            configuration.shortLinks.adminToken = "ov05cy3ZJa7-rjIJWewew_H8LYTrcOitNXC_chIrf1s"
        }) { client, application async throws in
            let admin = LoopbackClient(port: try #require(application.adminPort))
            #expect(try await client.send("GET", "/metrics").status == 404)
            #expect(try await client.send("GET", "/v1/short-links", headers: ["Authorization": "Bearer ov05cy3ZJa7-rjIJWewew_H8LYTrcOitNXC_chIrf1s"]).status == 404)
            #expect(try await client.send("GET", "/healthz").status == 200)
            #expect(try await client.send("GET", "/readyz").status == 200)
            #expect(try await client.send("GET", "/v1/resolve?url=fuelmoney://settings/account").status == 200)
            #expect(try await admin.send("GET", "/healthz").status == 200)
            #expect(try await admin.send("GET", "/readyz").status == 200)
            #expect(try await admin.send("GET", "/v1/short-links", headers: ["Authorization": "Bearer ov05cy3ZJa7-rjIJWewew_H8LYTrcOitNXC_chIrf1s"]).status == 200)
            #expect(try await admin.send("GET", "/v1/resolve?url=fuelmoney://settings/account").status == 404)
            let page = try await admin.send("GET", "/metrics")
            #expect(page.status == 200)
            // Both ports' requests are counted under the same route labels.
            #expect(page.text.contains(#"scenelink_http_requests_total{route="/healthz",method="GET",status="200"} 2"#))
            #expect(page.text.contains(#"scenelink_http_requests_total{route="/v1/resolve",method="GET",status="200"} 1"#))
        }
    }

    @Test("with an admin port, every route declared for it is 404 on the public port and served on the admin port, from the declarations")
    func everyDeclaredRouteOnItsPort() async throws {
        let token = "ov05cy3ZJa7-rjIJWewew_H8LYTrcOitNXC_chIrf1s"
        try await SceneLinkApplicationTests.withService({ configuration in
            configuration.adminListen = ListenAddress(host: "127.0.0.1", port: 0)
            configuration.shortLinks.adminToken = token
        }) { client, application async throws in
            let admin = LoopbackClient(port: try #require(application.adminPort))
            /// Whether the router found no route (its own 404), as opposed to the route's answer.
            func unrouted(_ response: LoopbackClient.Response) -> Bool {
                response.status == 404 && response.text.contains("problems/not-found\"") && response.text.contains("Nothing is served at")
            }
            var checked: [String] = []
            for endpoint in application.endpoints.endpoints where endpoint.policy.port != .public {
                let path = endpoint.pattern.replacingOccurrences(of: #"\{[^}]+\}"#, with: "x", options: .regularExpression)
                let headers = ["Authorization": "Bearer \(token)"]
                let body = Array("{}".utf8)
                let onPublic = try await client.send(endpoint.method.rawValue, path, headers: headers, body: body)
                let onAdmin = try await admin.send(endpoint.method.rawValue, path, headers: headers, body: body)
                #expect(unrouted(onPublic) == (endpoint.policy.port == .admin), "\(endpoint.name) on the public port: \(onPublic.status)")
                #expect(!unrouted(onAdmin), "\(endpoint.name) on the admin port: \(onAdmin.status)")
                checked.append(endpoint.name)
            }
            // Among them the operator routes the issue found on the public port, and the probes.
            for name in ["GET /metrics", "POST /v1/webhooks", "PATCH /v1/webhooks/{id}", "POST /v1/webhooks/{id}/rotate-secret",
                         "DELETE /v1/short-links/{code}", "GET /healthz", "GET /readyz"] {
                #expect(checked.contains(name), "\(name) was not checked")
            }
            let resolve = try await admin.send("GET", "/v1/resolve?url=fuelmoney://settings/account")
            #expect(unrouted(resolve))
        }
    }

    @Test("HOST:PORT is parsed, IPv6 in brackets, and mistakes name the flag")
    func parsing() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:9090", flag: "admin-listen") == ListenAddress(host: "127.0.0.1", port: 9090))
        #expect(try ListenAddress(parsing: "[::1]:9090", flag: "admin-listen").description == "[::1]:9090")
        #expect(throws: ConfigurationError("--admin-listen takes HOST:PORT such as 127.0.0.1:9090 or [::1]:9090, not '9090'.")) {
            try ListenAddress(parsing: "9090", flag: "admin-listen")
        }
    }
}
