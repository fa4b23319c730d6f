import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite("EndpointTable")
struct EndpointTableTests {
    private static let anyone = RoutePolicy(rateLimit: .notLimited(because: "a test"))

    @Test("a method and pattern declared twice fail validation with a sentence naming them")
    func duplicates() {
        var endpoints = EndpointTable()
        endpoints.on(.get, "/v1/thing", Self.anyone) { _, responder in responder.respond(.json("{}")) }
        endpoints.on(.post, "/v1/thing", Self.anyone) { _, responder in responder.respond(.json("{}")) }
        endpoints.on(.get, "/v1/thing", Self.anyone) { _, responder in responder.respond(.json("{}")) }
        #expect(throws: EndpointTableError(problems: ["GET /v1/thing is declared twice; declare each method and pattern once."])) {
            try endpoints.validate()
        }
    }

    @Test("a route that takes the admin token must be declared for the admin port")
    func adminTokenOffThePublicPort() {
        var endpoints = EndpointTable()
        let leaky = RoutePolicy(port: .public, caller: .rootOnly, rateLimit: .notLimited(because: "a test"))
        endpoints.on(.delete, "/v1/things/{id}", leaky) { _, responder in responder.respond(.json("{}")) }
        #expect(throws: EndpointTableError(problems: [
            "DELETE /v1/things/{id} is an operator's route (admin-token) but is declared for the public port; declare it for the admin port, "
                + "so that --admin-listen keeps it off the public one.",
        ])) { try endpoints.validate() }
    }

    @Test("each listener gets the routes of its port, in declaration order, the catch-all last")
    func listeners() {
        var endpoints = EndpointTable()
        endpoints.on(.get, "/healthz", RoutePolicy(port: .both, rateLimit: .notLimited(because: "a probe"))) { _, r in r.respond(.json("{}")) }
        endpoints.on(.get, "/v1/admin", .admin(.listShortLinks)) { _, r in r.respond(.json("{}")) }
        endpoints.on(.get, "/v1/public", Self.anyone) { _, r in r.respond(.json("{}")) }
        endpoints.otherwise(.get, "/{path}", accepting: { _ in true }, Self.anyone) { _, r in r.respond(.json("{}")) }
        func names(_ listener: EndpointListener) -> [String] {
            endpoints.router(for: listener) { $0.handler }.routes.map { "\($0.method.rawValue) \($0.pattern)" }
        }
        #expect(names(.only) == ["GET /healthz", "GET /v1/admin", "GET /v1/public", "GET /{path}"])
        #expect(names(.publicBesideAdmin) == ["GET /healthz", "GET /v1/public", "GET /{path}"])
        #expect(names(.admin) == ["GET /healthz", "GET /v1/admin"])
    }

    @Test("the body limit declared is the router's")
    func bodyLimit() {
        var endpoints = EndpointTable()
        endpoints.on(.post, "/v1/upload", Self.anyone.accepting(bodyBytes: 512)) { _, r in r.respond(.json("{}")) }
        #expect(endpoints.unguardedRouter.routes.first?.maxBodyBytes == 512)
    }

    /// The application's own declarations, from a service that is built but not started.
    static func serviceEndpoints() throws -> EndpointTable {
        var configuration = ServiceConfiguration()
        configuration.databasePath = ":memory:"
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        defer { application.closeStore() }
        return application.endpoints
    }

    @Test("openapi.yaml documents each route's caller as its security scheme, its key scope as x-scenelink-scope, and 429 wherever a class applies")
    func specAgreesWithTheDeclarations() throws {
        let spec = try String(contentsOf: SceneLinkApplicationTests.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let operations = OpenAPIOperations(spec)
        for endpoint in try Self.serviceEndpoints().endpoints {
            let operation = try #require(operations.text(method: endpoint.method.rawValue.lowercased(), path: endpoint.pattern),
                                         "\(endpoint.name) is not in openapi.yaml")
            switch endpoint.policy.caller {
            case .anyone: #expect(!operation.contains("security:"), "\(endpoint.name) needs no credentials")
            case .session: #expect(operation.contains("security: [{ bearer: [] }]"), "\(endpoint.name) takes a session token")
            case .admin(let scope):
                #expect(operation.contains("security: [{ adminToken: [] }]"), "\(endpoint.name) takes the admin token")
                #expect(operation.contains("x-scenelink-scope: \(scope.rawValue)\n"), "\(endpoint.name) takes a key with \(scope.rawValue)")
            case .rootOnly:
                #expect(operation.contains("security: [{ adminToken: [] }]"), "\(endpoint.name) takes the admin token")
                #expect(!operation.contains("x-scenelink-scope:"), "\(endpoint.name) takes the admin token only")
            case .console:
                #expect(operation.contains("security: [{ consoleSession: [] }]"), "\(endpoint.name) takes a console session")
            }
            let counted = endpoint.policy.rateLimit.rateLimitClass != nil || endpoint.policy.caller.takesAdminToken
            #expect(operation.contains("\"429\":") == counted,
                    "\(endpoint.name): 429 is documented exactly when a rate-limit class applies")
        }
    }

    @Test("the sample proxy configs keep every admin-port route off the public site")
    func deployKeepsAdminRoutesPrivate() throws {
        let deploy = SceneLinkApplicationTests.repositoryRoot.appendingPathComponent("deploy")
        let nginx = try String(contentsOf: deploy.appendingPathComponent("nginx-scenelink.conf"), encoding: .utf8)
        let caddy = try String(contentsOf: deploy.appendingPathComponent("Caddyfile"), encoding: .utf8)
        var exact: [String] = []
        var prefixes: [String] = []
        for line in nginx.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 3, words[0] == "location", line.contains("return 404") else { continue }
            if words[1] == "=" { exact.append(String(words[2])) }
            if words[1] == "^~" { prefixes.append(String(words[2])) }
        }
        let caddyPaths = caddy.split(separator: "\n").first { $0.contains("@private path") }?
            .split(separator: " ").dropFirst(2).map(String.init) ?? []
        func caddyBlocks(_ path: String) -> Bool {
            caddyPaths.contains { $0.hasSuffix("/*") ? path.hasPrefix(String($0.dropLast())) : path == $0 }
        }
        for endpoint in try Self.serviceEndpoints().endpoints where endpoint.policy.port == .admin {
            let path = endpoint.pattern.replacingOccurrences(of: #"\{[^}]+\}"#, with: "x", options: .regularExpression)
            #expect(exact.contains(path) || prefixes.contains { path.hasPrefix($0) }, "nginx proxies \(endpoint.name)")
            #expect(caddyBlocks(path), "Caddy proxies \(endpoint.name)")
        }
    }

    @Test("the sample proxy configs clear a client's own country header, so only the proxy's GeoIP value can reach --country-header")
    func deployClearsTheClientsCountry() throws {
        let deploy = SceneLinkApplicationTests.repositoryRoot.appendingPathComponent("deploy")
        let nginx = try String(contentsOf: deploy.appendingPathComponent("nginx-scenelink.conf"), encoding: .utf8)
        let caddy = try String(contentsOf: deploy.appendingPathComponent("Caddyfile"), encoding: .utf8)
        for header in ["X-Country-Code", "CF-IPCountry"] {
            #expect(nginx.split(separator: "\n").contains {
                $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["proxy_set_header", header, "\"\";"]
            }, "nginx passes a client's \(header)")
            #expect(caddy.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "header_up -\(header)" },
                    "Caddy passes a client's \(header)")
        }
    }
}

/// openapi.yaml's operations as text blocks, by method and path: enough to check what each
/// operation declares without a YAML parser.
struct OpenAPIOperations {
    private var blocks: [String: String] = [:]

    init(_ spec: String) {
        var path: String?
        var key: String?
        var inPaths = false
        for line in spec.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.isEmpty, !line.hasPrefix(" ") { break }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
                key = nil
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                key = "\(line.dropFirst(4).dropLast()) \(path)"
            } else if let key {
                blocks[key, default: ""] += line + "\n"
            }
        }
    }

    /// The operation's lines, or nil when it is not documented.
    func text(method: String, path: String) -> String? { blocks["\(method) \(path)"] }

    /// `GET /v1/resolve` for every operation: the methods of paths, not the path-level parameters.
    var names: Set<String> {
        let methods = ["get", "put", "post", "delete", "patch"]
        return Set(blocks.keys.compactMap { key in
            let parts = key.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, methods.contains(String(parts[0])) else { return nil }
            return "\(parts[0].uppercased()) \(parts[1])"
        })
    }
}

extension EndpointTableTests {
    private struct Unexpected: Error {}

    /// Routes `method path` through `table`'s unguarded router and answers the response.
    private func answer(_ table: EndpointTable, _ method: HTTPMethod, _ path: String) async -> HTTPResponse {
        await withCheckedContinuation { continuation in
            table.unguardedRouter.handle(HTTPRequest(method: method, target: path),
                                         responder: HTTPResponder { continuation.resume(returning: $0) })
        }
    }

    @Test("a handler may throw an error that knows its answer; anything else is a 500 that names no internals")
    func thrownErrorsAreAnsweredOnce() async {
        var endpoints = EndpointTable()
        endpoints.on(.get, "/problem", Self.anyone) { _, _ in
            throw HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "example", title: "Example", detail: "Fix it.")
        }
        endpoints.on(.get, "/store", Self.anyone) { _, _ in throw StoreFailure.commitInDoubt(message: "no answer") }
        endpoints.on(.get, "/other", Self.anyone) { _, _ in throw Unexpected() }
        let problem = await answer(endpoints, .get, "/problem")
        #expect(problem.status == .unprocessableContent)
        #expect(String(decoding: problem.body, as: UTF8.self).contains("Fix it."))
        let store = await answer(endpoints, .get, "/store")
        #expect(store.status == .serviceUnavailable && store.headers["Retry-After"] == "1")
        let other = await answer(endpoints, .get, "/other")
        #expect(other.status == .internalServerError)
        #expect(String(decoding: other.body, as: UTF8.self).contains("internal-error"))
        #expect(!String(decoding: other.body, as: UTF8.self).contains("Unexpected"))
    }
}
