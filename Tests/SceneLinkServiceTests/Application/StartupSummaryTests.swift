import Foundation
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The block `scenelink serve` writes to standard error once it listens.
@Suite struct StartupSummaryTests {
    static func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-startup-\(UUID().uuidString).sqlite").path
    }

    /// Starts a service on port 0 with `configure` applied and returns its start-up block.
    static func summary(_ configure: (inout ServiceConfiguration) -> Void) async throws -> (text: String, port: Int) {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.accessLog = false
        configure(&configuration)
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        let port = try application.start(handlingSignals: false)
        let text = application.startupSummary(port: port)
        await SceneLinkApplicationTests.stop(application)
        return (text, port)
    }

    @Test("names the URL, the SQLite file's absolute path, the routes, and admin routes and console off without a token")
    func withoutAnAdminToken() async throws {
        let database = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: database) }
        let (text, port) = try await Self.summary { $0.databasePath = database }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "scenelink \(SceneLinkVersion.current) serving FuelMoney (7 routes)")
        #expect(lines.contains("  listening on  http://127.0.0.1:\(port)/"), "\(text)")
        #expect(lines.contains("  store         SQLite \(URL(fileURLWithPath: database).standardizedFileURL.path)"), "\(text)")
        #expect(lines.contains("  routes        built-in example \"fuelmoney\" (a route file or --example NAME to change)"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("  admin routes  off: no --admin-token (or SCENELINK_ADMIN_TOKEN)") }, "\(text)")
        #expect(lines.contains("  console       off: it signs in through the admin routes, which are off"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("  rate limits   default: sessions=60/min,") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("  analytics     on, written every 5s") }, "\(text)")
    }

    @Test("with an admin token the admin routes and the console are on; other settings are named as set")
    func withAnAdminToken() async throws {
        let database = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: database) }
        let (text, port) = try await Self.summary {
            $0.databasePath = database
            $0.shortLinks.adminToken = "startup-summary-admin-token"
            $0.routesExample = "recipes"
            $0.rateLimits = .off
            $0.analytics.isOn = false
        }
        #expect(text.contains("\n  admin routes  on: the admin token or an API key with the route's scope"), "\(text)")
        #expect(text.contains("\n  console       on: http://127.0.0.1:\(port)/console/"), "\(text)")
        #expect(text.contains("\n  routes        built-in example \"recipes\""), "\(text)")
        #expect(text.contains("\n  rate limits   off: --rate-limit off and --instance-limit off"), "\(text)")
        #expect(text.contains("\n  analytics     off: --analytics off"), "\(text)")
        #expect(!text.contains("startup-summary-admin-token"))
    }

    @Test("a relative --db and route file are shown as absolute paths; PostgreSQL by host and database only")
    func paths() {
        var configuration = ServiceConfiguration()
        configuration.routesPath = "routes/app.json"
        var summary = StartupSummary(configuration: configuration, port: 8080, adminPort: nil, postgresAddress: nil,
                                     appName: "App", routeCount: 1, workingDirectory: "/srv/links")
        #expect(summary.text.contains("\n  store         SQLite /srv/links/scenelink.sqlite\n"), "\(summary.text)")
        #expect(summary.text.contains("\n  routes        /srv/links/routes/app.json (SIGHUP reloads it)\n"))
        #expect(summary.text.hasPrefix("scenelink \(SceneLinkVersion.current) serving App (1 route)\n"))
        summary = StartupSummary(configuration: configuration, port: 8080, adminPort: nil,
                                 postgresAddress: "postgres://db.internal:5432/scenelink", appName: "App", routeCount: 1,
                                 workingDirectory: "/srv/links")
        #expect(summary.text.contains("\n  store         PostgreSQL postgres://db.internal:5432/scenelink\n"))
    }

    @Test("a port in use says which, and how to pick another with --port or SCENELINK_PORT")
    func portInUse() async throws {
        var first = ServiceConfiguration()
        first.http.port = 0
        first.databasePath = ":memory:"
        first.accessLog = false
        let running = try SceneLinkApplication(configuration: first, logger: Logger(level: .error) { _ in })
        let port = try running.start(handlingSignals: false)
        var second = first
        second.http.port = port
        let blocked = try SceneLinkApplication(configuration: second, logger: Logger(level: .error) { _ in })
        do {
            try blocked.start(handlingSignals: false)
            Issue.record("a second server listened on port \(port)")
        } catch {
            #expect(error.message.hasPrefix("Port \(port) on 127.0.0.1 is already in use (another scenelink serve, or another program); "
                                            + "stop that one, or pick another with --port PORT (or SCENELINK_PORT; --port 0 takes any free one)."),
                    "\(error.message)")
            #expect(!error.isConfigurationError)
        }
        await SceneLinkApplicationTests.stop(running)
    }

    @Test("--quiet is a switch (its variable takes on or off) and drops nothing else")
    func quiet() throws {
        #expect(try ServiceConfiguration.parse(arguments: ["--quiet"], environment: [:]).quiet)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["SCENELINK_QUIET": "on"]).quiet)
        #expect(try !ServiceConfiguration.parse(arguments: [], environment: [:]).quiet)
        #expect(throws: ConfigurationError("--quiet takes no value; write --quiet alone.")) {
            _ = try ServiceConfiguration.parse(arguments: ["--quiet=yes"], environment: [:])
        }
    }
}
