import Foundation
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite("ServiceConfiguration")
struct ServiceConfigurationTests {
    @Test("defaults need no flags")
    func defaults() throws {
        let configuration = try ServiceConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration == ServiceConfiguration())
        #expect(configuration.http.port == 8080)
        #expect(configuration.databasePath == "./scenelink.sqlite")
        #expect(configuration.routesPath == nil)
        #expect(configuration.sceneState.sessionTimeToLive == .seconds(30 * 86400))
        #expect(configuration.sceneState.limits.maximumValueBytes == 65536)
    }

    @Test("the route file is ROUTEFILE or --routes FILE alike")
    func routeFilePositional() throws {
        #expect(try ServiceConfiguration.parse(arguments: ["r.json", "--port", "1"], environment: [:]).routesPath == "r.json")
        #expect(try ServiceConfiguration.parse(arguments: ["--routes", "r.json"], environment: [:]).routesPath == "r.json")
        #expect(try ServiceConfiguration.parse(arguments: ["r.json"], environment: ["SCENELINK_ROUTES": "e.json"]).routesPath == "r.json")
    }

    @Test("the environment sets values and flags win over it")
    func environmentThenFlags() throws {
        let configuration = try ServiceConfiguration.parse(
            arguments: ["--port", "9000", "--db=/tmp/x.sqlite"],
            environment: ["SCENELINK_PORT": "7000", "SCENELINK_HOST": "::", "SCENELINK_ROUTES": "r.json"])
        #expect(configuration.http.port == 9000)
        #expect(configuration.http.host == "::")
        #expect(configuration.routesPath == "r.json")
        #expect(configuration.databasePath == "/tmp/x.sqlite")
    }

    @Test("the admin token comes from SCENELINK_ADMIN_TOKEN or --admin-token and is never shown")
    func adminToken() throws {
        #expect(ServiceConfiguration().shortLinks.adminToken == nil)
        let fromEnvironment = try ServiceConfiguration.parse(
            arguments: [], environment: ["SCENELINK_ADMIN_TOKEN": "7xGFJTpSIjv3rbCxhoIm3jWtdpVcl337yI1n09UWR68="])
        #expect(fromEnvironment.shortLinks.adminToken == "7xGFJTpSIjv3rbCxhoIm3jWtdpVcl337yI1n09UWR68=")
        let fromFlag = try ServiceConfiguration.parse(
            arguments: ["--admin-token", "Z0w3xZLZucxbdyiowmyvwdbw5OEng19YJ79TBrAXs8Q"], environment: ["SCENELINK_ADMIN_TOKEN": "bGERAhQIZZ2Hi6l0qDdCNbyf0TIaYUSgxMRa_UJVHhA"])
        #expect(fromFlag.shortLinks.adminToken == "Z0w3xZLZucxbdyiowmyvwdbw5OEng19YJ79TBrAXs8Q")
        let option = try #require(ServiceConfiguration.options.first { $0.name == "admin-token" })
        #expect(option.show(fromFlag) == "(set)")
        #expect(option.defaultValue == "(none: admin routes off)")
    }

    @Test("a guessable admin token stops start-up with how to make one, for both token flags", arguments: [
        ("admin-token", "aaaaaaaaaaaaaaaa", 0), ("admin-token", "my-admin-token-0123456789", 70), ("admin-token-next", "short", 11),
        ("admin-token", "", 0),
    ])
    func weakAdminToken(flag: String, token: String, bits: Int) {
        let message = "--\(flag) is too easy to guess: about \(bits) bits of entropy, fewer than 128 (docs/security.md says how it is "
            + "estimated); make one with 'scenelink token' (32 random bytes)."
        #expect(throws: ConfigurationError(message)) {
            try ServiceConfiguration.parse(arguments: ["--\(flag)", token], environment: [:])
        }
        let variable = flag == "admin-token" ? "SCENELINK_ADMIN_TOKEN" : "SCENELINK_ADMIN_TOKEN_NEXT"
        #expect(throws: ConfigurationError("\(variable): " + message)) {
            try ServiceConfiguration.parse(arguments: [], environment: [variable: token])
        }
    }

    @Test("durations take units")
    func durations() throws {
        let configuration = try ServiceConfiguration.parse(
            arguments: ["--session-ttl", "12h", "--header-timeout", "250ms", "--idle-timeout", "2.5s", "--drain-timeout", "1m",
                        "--handler-timeout", "5s", "--sweep-interval", "2min", "--claim-ttl", "1d"],
            environment: ["SCENELINK_WRITE_TIMEOUT": "90s"])
        #expect(configuration.sceneState.sessionTimeToLive == .seconds(12 * 3600))
        #expect(configuration.http.headerReadTimeout == .milliseconds(250))
        #expect(configuration.http.keepAliveIdleTimeout == .milliseconds(2500))
        #expect(configuration.http.drainTimeout == .seconds(60))
        #expect(configuration.http.handlerTimeout == .seconds(5))
        #expect(configuration.http.writeTimeout == .seconds(90))
        #expect(configuration.sweepInterval == .seconds(120))
        #expect(configuration.claims.lifetime == .seconds(86_400))
        #expect(ServiceConfiguration().http.handlerTimeout == .seconds(60))
        #expect(ServiceConfiguration().http.writeTimeout == .seconds(30))
    }

    @Test("the per-endpoint webhook cap defaults to 16 and comes from the flag or the environment")
    func webhookCapPerEndpoint() throws {
        #expect(ServiceConfiguration().webhooks.maximumInFlightPerEndpoint == 16)
        let fromFlag = try ServiceConfiguration.parse(arguments: ["--webhook-max-in-flight-per-endpoint", "4"], environment: [:])
        #expect(fromFlag.webhooks.maximumInFlightPerEndpoint == 4)
        let fromEnvironment = try ServiceConfiguration.parse(
            arguments: [], environment: ["SCENELINK_WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT": "32"])
        #expect(fromEnvironment.webhooks.maximumInFlightPerEndpoint == 32)
        #expect(throws: ConfigurationError(
            "--webhook-max-in-flight-per-endpoint takes a whole number from 1 to 10000, not '0'.")) {
            try ServiceConfiguration.parse(arguments: ["--webhook-max-in-flight-per-endpoint", "0"], environment: [:])
        }
    }

    @Test("the I/O queue count is one per core unless set")
    func ioQueues() throws {
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).http.ioQueueCount == 0)
        #expect(try ServiceConfiguration.parse(arguments: ["--io-queues", "3"], environment: [:]).http.ioQueueCount == 3)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["SCENELINK_IO_QUEUES": "4"]).http.ioQueueCount == 4)
        #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.parse(arguments: ["--io-queues", "1000"], environment: [:])
        }
    }

    @Test("every option has a distinct flag and environment variable")
    func optionsAreDistinct() {
        let names = ServiceConfiguration.options.map(\.name)
        let variables = ServiceConfiguration.options.map(\.environment)
        #expect(Set(names).count == names.count)
        #expect(Set(variables).count == variables.count)
        #expect(variables.allSatisfy { $0.hasPrefix("SCENELINK_") })
    }

    @Test("help lists every flag with its variable and default")
    func help() {
        let help = ServiceConfiguration.helpText
        for option in ServiceConfiguration.options {
            #expect(help.contains("--\(option.name)"))
            #expect(help.contains("env \(option.environment), default \(option.defaultValue)"))
        }
    }

    @Test("docs/configuration.md's table shows every flag with the default --help shows")
    func documentedTable() throws {
        let page = try String(contentsOf: SceneLinkApplicationTests.repositoryRoot.appendingPathComponent("docs/configuration.md"),
                              encoding: .utf8)
        for option in ServiceConfiguration.options {
            let written = "--\(option.name)" + (option.valueName.map { " " + $0.replacingOccurrences(of: "|", with: "\\|") } ?? "")
            let row = "| `\(written)` | `\(option.environment)` | \(option.defaultValue) |"
            #expect(page.contains(row), "docs/configuration.md lacks \(row)")
        }
    }

    @Test("mistakes are one sentence naming the flag", arguments: [
        (["--port", "70000"], "--port takes a whole number from 0 to 65535, not '70000'."),
        (["--port"], "--port needs a value (PORT)."),
        (["--store-write-transactions", "0"], "--store-write-transactions takes a whole number from 1 to 1000, not '0'."),
        (["--bogus", "1"], "Unknown flag --bogus; run 'scenelink serve --help' for the flags."),
        (["a.json", "stray"], "Unexpected argument 'stray'; serve takes one ROUTEFILE; run 'scenelink serve --help' for the flags."),
        (["a.json", "--routes", "b.json"], "Name the route file once, as ROUTEFILE or as --routes FILE, not both."),
        (["--prot", "1"], "Unknown flag --prot; did you mean --port? Run 'scenelink serve --help' for the flags."),
        (["--session-ttl=1x"], "--session-ttl takes a positive duration such as 30d, 12h, 15min, 10s or 250ms, not '1x'."),
        (["--session-ttl", "soon"], "--session-ttl takes a positive duration such as 30d, 12h, 15min, 10s or 250ms, not 'soon'."),
        (["--session-ttl", "30"], "--session-ttl needs a unit after the number, one of ms, s, min (or m), h or d (such as 30s for seconds), not '30'."),
        (["--sweep-interval", "0s"],
         "--sweep-interval takes a positive duration of at most 3650d, such as 30d, 12h, 15min, 10s or 250ms, not '0s'."),
        (["--claim-code-ttl", "8d"], "--claim-code-ttl is at most 7d, not '8d'."),
        (["--access-log", "maybe"], "--access-log takes on or off, not 'maybe'."),
        (["--log-level", "loud"], "--log-level takes debug, info, warning or error, not 'loud'."),
        (["--admin-token", String(repeating: "x", count: 513)], "--admin-token must be at most 512 characters, not 513; make one with 'scenelink token'."),
        (["--admin-token", "has spaces in the token"],
         "--admin-token may hold only letters, digits and - . _ ~ + /, with = only at the end (it travels as 'Authorization: Bearer TOKEN')."),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect(throws: ConfigurationError(message)) {
            try ServiceConfiguration.parse(arguments: arguments, environment: [:])
        }
    }

    @Test("a bad environment variable is named")
    func badEnvironment() {
        #expect(throws: ConfigurationError("SCENELINK_PORT: --port takes a whole number from 0 to 65535, not 'http'.")) {
            try ServiceConfiguration.parse(arguments: [], environment: ["SCENELINK_PORT": "http"])
        }
    }
}
