import Foundation
import Testing
@testable import SceneLinkHTTP
@testable import SceneLinkService

@Suite("SceneLinkApplication")
struct SceneLinkApplicationTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `body` against a service on a free port with an in-memory database, then drains it.
    static func withService(_ configure: (inout ServiceConfiguration) -> Void = { _ in },
                            _ body: (LoopbackClient, SceneLinkApplication) async throws -> Void) async throws {
        var configuration = ServiceConfiguration()
        configuration.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configure(&configuration)
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        let port = try application.start(handlingSignals: false)
        do {
            try await body(LoopbackClient(port: port), application)
        } catch {
            await stop(application)
            throw error
        }
        await stop(application)
    }

    /// Drains the service without blocking a concurrency thread.
    static func stop(_ application: SceneLinkApplication) async {
        application.shutdown(reason: "test")
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                application.waitUntilStopped()
                continuation.resume()
            }
        }
    }

    @Test("healthz answers ok over a real socket")
    func healthz() async throws {
        try await Self.withService { client, _ in
            let response = try await client.send("GET", "/healthz")
            #expect(response.status == 200)
            #expect(response.text == #"{"status":"ok"}"#)
            #expect(response.headers["content-type"] == "application/json")
        }
    }

    @Test("the served OpenAPI document is openapi.yaml byte for byte")
    func openAPIServed() async throws {
        let file = try Data(contentsOf: Self.repositoryRoot.appendingPathComponent("openapi.yaml"))
        try await Self.withService { client, _ in
            let response = try await client.send("GET", "/openapi.yaml")
            #expect(response.status == 200)
            #expect(response.body == Array(file), "run scripts/embed-openapi.sh after editing openapi.yaml")
        }
    }

    @Test("every route in code is in openapi.yaml, and every operation in openapi.yaml is served")
    func routesMatchTheSpec() async throws {
        let spec = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        var documented = Set<String>()
        var path: String?
        var inPaths = false
        for line in spec.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.isEmpty, !line.hasPrefix(" ") { break }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                      let method = ["get", "put", "post", "delete", "patch"].first(where: { line == "    \($0):" }) {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        try await Self.withService { _, application in
            let served = Set(application.router.routes.map { "\($0.method.rawValue) \($0.pattern)" })
            #expect(!served.isEmpty)
            #expect(served.subtracting(documented).sorted() == [], "routes served but not in openapi.yaml")
            #expect(documented.subtracting(served).sorted() == [], "operations in openapi.yaml that no route serves")
        }
    }

    @Test("metrics count the requests sent, by route pattern")
    func metricsCountRequests() async throws {
        try await Self.withService { client, _ in
            for _ in 0..<3 { _ = try await client.send("GET", "/healthz") }
            _ = try await client.send("GET", "/no-such-thing")
            let page = try await client.send("GET", "/metrics")
            #expect(page.status == 200)
            #expect(page.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            let samples = MetricsTests.samples(page.text)
            #expect(samples[#"scenelink_http_requests_total{route="/healthz",method="GET",status="200"}"#] == 3)
            #expect(samples[#"scenelink_http_requests_total{route="unrouted",method="GET",status="404"}"#] == 1)
            #expect(samples["scenelink_http_open_connections"] == 1)
        }
    }

    @Test("a taken port is a one-line startup error")
    func takenPort() async throws {
        try await Self.withService { client, _ in
            var configuration = ServiceConfiguration()
            configuration.port = client.port
            configuration.databasePath = ":memory:"
            let second = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
            #expect(throws: StartupError.self) { try second.start(handlingSignals: false) }
            second.shutdown(reason: "test")
        }
    }
}
