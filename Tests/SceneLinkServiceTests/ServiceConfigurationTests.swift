import Testing
@testable import SceneLinkService

@Suite("ServiceConfiguration")
struct ServiceConfigurationTests {
    @Test("defaults need no flags")
    func defaults() throws {
        let configuration = try ServiceConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration == ServiceConfiguration())
        #expect(configuration.port == 8080)
        #expect(configuration.databasePath == "./scenelink.sqlite")
        #expect(configuration.routesPath == nil)
        #expect(configuration.sessionTTL == .seconds(30 * 86400))
        #expect(configuration.maxValueBytes == 65536)
    }

    @Test("the environment sets values and flags win over it")
    func environmentThenFlags() throws {
        let configuration = try ServiceConfiguration.parse(
            arguments: ["--port", "9000", "--db=/tmp/x.sqlite"],
            environment: ["SCENELINK_PORT": "7000", "SCENELINK_HOST": "::", "SCENELINK_ROUTES": "r.json"])
        #expect(configuration.port == 9000)
        #expect(configuration.host == "::")
        #expect(configuration.routesPath == "r.json")
        #expect(configuration.databasePath == "/tmp/x.sqlite")
    }

    @Test("durations take units")
    func durations() throws {
        let configuration = try ServiceConfiguration.parse(
            arguments: ["--session-ttl", "12h", "--header-timeout", "250ms", "--idle-timeout", "2.5", "--drain-timeout", "1m",
                        "--handler-timeout", "5s"],
            environment: ["SCENELINK_WRITE_TIMEOUT": "90s"])
        #expect(configuration.sessionTTL == .seconds(12 * 3600))
        #expect(configuration.headerTimeout == .milliseconds(250))
        #expect(configuration.idleTimeout == .milliseconds(2500))
        #expect(configuration.drainTimeout == .seconds(60))
        #expect(configuration.handlerTimeout == .seconds(5))
        #expect(configuration.writeTimeout == .seconds(90))
        #expect(ServiceConfiguration().handlerTimeout == .seconds(60))
        #expect(ServiceConfiguration().writeTimeout == .seconds(30))
    }

    @Test("the I/O queue count is one per core unless set")
    func ioQueues() throws {
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).ioQueues == 0)
        #expect(try ServiceConfiguration.parse(arguments: ["--io-queues", "3"], environment: [:]).ioQueues == 3)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["SCENELINK_IO_QUEUES": "4"]).ioQueues == 4)
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

    @Test("mistakes are one sentence naming the flag", arguments: [
        (["--port", "70000"], "--port takes a whole number from 0 to 65535, not '70000'."),
        (["--port"], "--port needs a value (PORT)."),
        (["--bogus", "1"], "Unknown flag --bogus; run 'scenelink serve --help' for the flags."),
        (["stray"], "Unexpected argument 'stray'; run 'scenelink serve --help' for the flags."),
        (["--session-ttl", "soon"], "--session-ttl takes a positive duration such as 30d, 12h, 15m, 10s or 250ms, not 'soon'."),
        (["--access-log", "maybe"], "--access-log takes on or off, not 'maybe'."),
        (["--log-level", "loud"], "--log-level takes debug, info, warning or error, not 'loud'."),
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
