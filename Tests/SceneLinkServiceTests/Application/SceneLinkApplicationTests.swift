import Foundation
import SceneLinkCore
import Synchronization
import Testing
@testable import SceneLinkHTTP
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite("SceneLinkApplication")
struct SceneLinkApplicationTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `body` against a service on a free port with an in-memory database, then drains it.
    /// - Parameter clock: "now" for the service; tests that count by day pass a fixed one.
    static func withService(clock: SceneStateClock = .system, _ configure: (inout ServiceConfiguration) -> Void = { _ in },
                            _ body: (LoopbackClient, SceneLinkApplication) async throws -> Void) async throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configure(&configuration)
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in },
                                                   clock: clock)
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
            // A thread of its own: a blocking wait must not take one of Dispatch's shared threads,
            // which the servers of other tests running at the same time need.
            Thread {
                application.waitUntilStopped()
                continuation.resume()
            }.start()
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
        let documented = OpenAPIOperations(spec).names
        try await Self.withService { _, application in
            let served = Set(application.router.routes.map { "\($0.method.rawValue) \($0.pattern)" })
            #expect(!served.isEmpty)
            #expect(served.subtracting(documented).sorted() == [], "routes served but not in openapi.yaml")
            #expect(documented.subtracting(served).sorted() == [], "operations in openapi.yaml that no route serves")
        }
    }

    @Test("the access log writes the pattern, not the path, of a route whose path carries a secret")
    func secretPathsAreNotLogged() async throws {
        let lines = Mutex<[UInt8]>([])
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = true
        let application = try SceneLinkApplication(configuration: configuration,
                                                   logger: Logger(level: .error) { bytes in lines.withLock { $0 += bytes } })
        let client = LoopbackClient(port: try application.start(handlingSignals: false))
        let token = "k7Qx2mZp9Rt4Wv8Ys1Bn3Cd6Fg"
        _ = try await client.send("GET", "/c/\(token)", headers: ["Accept": "application/json"])
        _ = try await client.send("GET", "/v1/resolve?url=fuelmoney://settings/account")
        await Self.stop(application)
        let log = String(decoding: lines.withLock { $0 }, as: UTF8.self)
        #expect(log.contains(#""path":"/c/{token}""#))
        #expect(!log.contains(token))
        #expect(log.contains(#""path":"/v1/resolve""#))
    }

    @Test("metrics count the requests sent, by route pattern")
    func metricsCountRequests() async throws {
        try await Self.withService { client, _ in
            for _ in 0..<3 { _ = try await client.send("GET", "/healthz") }
            _ = try await client.send("GET", "/v1/no-such-thing")
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
            configuration.http.port = client.port
            configuration.databasePath = ":memory:"
            let second = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
            #expect(throws: StartupError.self) { try second.start(handlingSignals: false) }
            second.shutdown(reason: "test")
        }
    }

    @Test("a route-file reload swaps the table; a bad file keeps the old one and counts a failure")
    func reload() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-reload-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let examples = Self.repositoryRoot.appendingPathComponent("examples")
        try Data(contentsOf: examples.appendingPathComponent("fuelmoney.json")).write(to: file)
        try await Self.withService({ $0.routesPath = file.path }) { client, application in
            #expect(try await client.send("GET", "/v1/resolve?url=fuelmoney://explain&format=navigationPath").text
                == #"["FuelMoney.HomePath","6"]"#)
            try Data(contentsOf: examples.appendingPathComponent("drilldown.json")).write(to: file)
            #expect(await application.reloadRoutes())
            #expect(try await client.send("GET", "/v1/resolve?url=fuelmoney://explain").status == 404)
            try Data("{ not json".utf8).write(to: file)
            #expect(!(await application.reloadRoutes()))
            #expect(application.routes.value.appName != "FuelMoney")
            let samples = MetricsTests.samples(try await client.send("GET", "/metrics").text)
            #expect(samples[#"scenelink_route_reloads_total{result="ok"}"#] == 1)
            #expect(samples[#"scenelink_route_reloads_total{result="failed"}"#] == 1)
        }
    }

    @Test("a reload that would break or move a short link visited in the last 30 days is refused and logged, unless --reload-breaking allow")
    func reloadThatBreaksLiveLinks() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-reload-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let fuelMoney = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("examples/fuelmoney.json"), encoding: .utf8)
        let renamed = fuelMoney.replacingOccurrences(of: #""name": "account", "path": "account""#, with: #""name": "account", "path": "profile""#)
        #expect(renamed != fuelMoney)
        for allowed in [false, true] {
            try Data(fuelMoney.utf8).write(to: file)
            let lines = LoggerTests.Capture()
            let application = try Self.logging(into: lines) { configuration in
                configuration.routesPath = file.path
                configuration.reloadMayBreakLinks = allowed
            }
            let now = Date()
            for (code, visits) in [("acct", Int64(4)), ("quiet", 0)] {
                let link = ShortLink(code: try ShortCode(code), link: "https://fuelmoney.example.com/settings/account", createdAt: now, expiresAt: nil)
                _ = try await awaiting { application.store.createShortLink(link, recording: nil, completion: $0) }
                if visits > 0 {
                    let row = AnalyticsBatch.Visits(scope: "link:" + code, bucket: AnalyticsBucket.index(of: now), counts: AnalyticsCounts(human: visits))
                    try await awaiting { application.store.recordAnalytics(AnalyticsBatch(visits: [row]), completion: $0) }
                }
            }
            try Data(renamed.utf8).write(to: file)
            #expect(await application.reloadRoutes() == allowed)
            let resolvesOldPath = (try? application.routes.value.resolve("https://fuelmoney.example.com/settings/account")) != nil
            #expect(resolvesOldPath == !allowed)
            if !allowed {
                #expect(lines.text.contains(#""event":"routes-reload-refused""#), "\(lines.text)")
                #expect(lines.text.contains(#""links":1"#))
                #expect(lines.text.contains("short link acct: https://fuelmoney.example.com/settings/account (broken, 4 visits)"))
                #expect(!lines.text.contains("short link quiet"))
                // An alias keeps the link, so the same rename with one is taken.
                let aliased = renamed.replacingOccurrences(of: #""path": "profile""#, with: #""path": "profile", "aliases": ["/settings/account"]"#)
                try Data(aliased.utf8).write(to: file)
                #expect(await application.reloadRoutes())
            }
            application.shutdown(reason: "test")
        }
    }

    @Test("a bad route file at startup is a configuration error naming every problem")
    func badRouteFileAtStartup() throws {
        var configuration = ServiceConfiguration()
        configuration.routesPath = "/nonexistent/routes.json"
        configuration.databasePath = ":memory:"
        #expect(throws: StartupError("Cannot read the route file /nonexistent/routes.json: there is no such file.",
                                     isConfigurationError: true)) {
            _ = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        }
    }

    /// A server on a free port and an in-memory store, without an access log, logging into `lines`.
    static func logging(into lines: LoggerTests.Capture, _ adjust: (inout ServiceConfiguration) -> Void = { _ in },
                        clock: SceneStateClock = .system) throws -> SceneLinkApplication {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        adjust(&configuration)
        return try SceneLinkApplication(configuration: configuration, logger: Logger(level: .info) { lines.sink($0) }, clock: clock)
    }

    @Test("the startup and routes-reloaded lines say how long each stage took")
    func stageTimings() async throws {
        let lines = LoggerTests.Capture()
        let application = try Self.logging(into: lines)
        _ = try application.start(handlingSignals: false)
        #expect(await application.reloadRoutes())
        let events = lines.text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        for event in ["startup", "routes-reloaded"] {
            let line = try #require(events.first { $0["event"] as? String == event }, "no \(event) line in \(lines.text)")
            let stages = event == "startup" ? StartupTimings.Stage.allCases : [.routeFile, .associationFiles, .linkPages]
            for stage in stages {
                let milliseconds = try #require(line[stage.rawValue] as? Double, "\(event) has no \(stage.rawValue): \(line)")
                #expect(milliseconds >= 0 && milliseconds < 60_000)
            }
        }
        await Self.stop(application)
    }

    @Test("the expiry sweep deletes expired sessions and logs how many")
    func sweep() async throws {
        let lines = LoggerTests.Capture()
        let application = try Self.logging(into: lines) { configuration in
            // An hour, not a minute: a loaded CI machine once took more than a minute between the two POSTs.
            configuration.sceneState.sessionTimeToLive = .seconds(3_600)
        }
        let client = LoopbackClient(port: try application.start(handlingSignals: false))
        #expect(try await client.send("POST", "/v1/sessions").status == 201)
        #expect(try await client.send("POST", "/v1/sessions").status == 201)
        #expect(await application.sweepExpiredSessions(now: Date()) == 0)
        #expect(await application.sweepExpiredSessions(now: Date().addingTimeInterval(7_200)) == 2)
        #expect(lines.text.contains(#""event":"sweep","expired_sessions_deleted":2"#))
        await Self.stop(application)
    }

    @Test("the sweep timer deletes expired sessions by itself, every sweep interval")
    func sweepTimer() async throws {
        let lines = LoggerTests.Capture()
        // Sessions are made by a clock two hours behind, so by the wall clock (the timer's) the
        // session below expired an hour ago, while its own POST still sees it live.
        let behind = SceneStateClock { Date().addingTimeInterval(-7_200) }
        let application = try Self.logging(into: lines, { configuration in
            configuration.sweepInterval = .milliseconds(200)
            configuration.sceneState.sessionTimeToLive = .seconds(3_600)
        }, clock: behind)
        let client = LoopbackClient(port: try application.start(handlingSignals: false))
        #expect(try await client.send("POST", "/v1/sessions").status == 201)
        let swept = #""event":"sweep","expired_sessions_deleted":1"#
        let deadline = Date(timeIntervalSinceNow: 20)
        while !lines.text.contains(swept) && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(lines.text.contains(swept), "no sweep deleted the expired session: \(lines.text)")
        await Self.stop(application)
    }
}
