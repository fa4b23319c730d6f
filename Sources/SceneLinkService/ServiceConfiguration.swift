import Foundation

/// Everything `scenelink serve` can be told, with the defaults a production user would pick.
///
/// Every field is set by a flag and by an environment variable (`ServiceConfiguration.options`
/// lists them); flags win over the environment, and the environment over defaults.
public struct ServiceConfiguration: Sendable, Equatable {
    /// Where to listen. `0.0.0.0` or `::` for every interface (the container image sets `0.0.0.0`).
    public var host = "127.0.0.1"
    /// The TCP port; 0 binds a free port and the server reports it.
    public var port = 8080
    /// The route file; nil serves the built-in FuelMoney example app.
    public var routesPath: String?
    /// The SQLite database file; `:memory:` keeps everything in memory (tests).
    public var databasePath = "./scenelink.sqlite"
    /// How long a session lives without being used.
    public var sessionTTL: Duration = .seconds(30 * 86400)
    /// The largest stored value.
    public var maxValueBytes = 64 * 1024
    public var maxKeysPerScene = 64
    public var maxScenesPerSession = 32
    /// How often expired sessions are swept.
    public var sweepInterval: Duration = .seconds(60)

    public var maxConnections = 16_384
    public var maxRequestsPerConnection = 100_000
    public var maxRequestLineBytes = 8 * 1024
    public var maxHeaderBytes = 16 * 1024
    public var maxBodyBytes = 1024 * 1024
    public var headerTimeout: Duration = .seconds(10)
    public var bodyTimeout: Duration = .seconds(30)
    public var idleTimeout: Duration = .seconds(75)
    /// How long a client may leave a response unread before it is disconnected.
    public var writeTimeout: Duration = .seconds(30)
    /// How long a request may wait for its answer before it gets 503 and its connection closes.
    public var handlerTimeout: Duration = .seconds(60)
    public var drainTimeout: Duration = .seconds(10)
    /// Serial queues that run connections; 0 means one per core.
    public var ioQueues = 0

    /// One JSON line per request on stdout.
    public var accessLog = true
    public var logLevel: LogLevel = .info

    public init() {}
}

extension ServiceConfiguration {
    /// Every `serve` flag, in the order `--help` lists them.
    static let options: [Option] = [
        Option(name: "host", environment: "SCENELINK_HOST", defaultValue: "127.0.0.1", valueName: "HOST",
               help: "Address to listen on (0.0.0.0 or :: for all interfaces).") { config, value throws(ConfigurationError) in
            config.host = try ValueParser.nonEmpty(value, flag: "host")
        },
        Option(name: "port", environment: "SCENELINK_PORT", defaultValue: "8080", valueName: "PORT",
               help: "TCP port; 0 picks a free one.") { config, value throws(ConfigurationError) in
            config.port = try ValueParser.integer(value, flag: "port", in: 0...65535)
        },
        Option(name: "routes", environment: "SCENELINK_ROUTES", defaultValue: "(built-in FuelMoney app)", valueName: "FILE",
               help: "Route file (JSON); SIGHUP reloads it.") { config, value throws(ConfigurationError) in
            config.routesPath = try ValueParser.nonEmpty(value, flag: "routes")
        },
        Option(name: "db", environment: "SCENELINK_DB", defaultValue: "./scenelink.sqlite", valueName: "PATH",
               help: "SQLite database file; :memory: for a throwaway store.") { config, value throws(ConfigurationError) in
            config.databasePath = try ValueParser.nonEmpty(value, flag: "db")
        },
        Option(name: "session-ttl", environment: "SCENELINK_SESSION_TTL", defaultValue: "30d", valueName: "DURATION",
               help: "Idle time after which a session expires.") { config, value throws(ConfigurationError) in
            config.sessionTTL = try ValueParser.duration(value, flag: "session-ttl")
        },
        Option(name: "max-value-bytes", environment: "SCENELINK_MAX_VALUE_BYTES", defaultValue: "65536", valueName: "N",
               help: "Largest stored value (413 beyond).") { config, value throws(ConfigurationError) in
            config.maxValueBytes = try ValueParser.integer(value, flag: "max-value-bytes", in: 1...(16 << 20))
        },
        Option(name: "max-keys-per-scene", environment: "SCENELINK_MAX_KEYS_PER_SCENE", defaultValue: "64", valueName: "N",
               help: "Values one scene may hold (409 beyond).") { config, value throws(ConfigurationError) in
            config.maxKeysPerScene = try ValueParser.integer(value, flag: "max-keys-per-scene", in: 1...100_000)
        },
        Option(name: "max-scenes-per-session", environment: "SCENELINK_MAX_SCENES_PER_SESSION", defaultValue: "32", valueName: "N",
               help: "Scenes one session may hold (409 beyond).") { config, value throws(ConfigurationError) in
            config.maxScenesPerSession = try ValueParser.integer(value, flag: "max-scenes-per-session", in: 1...100_000)
        },
        Option(name: "sweep-interval", environment: "SCENELINK_SWEEP_INTERVAL", defaultValue: "60s", valueName: "DURATION",
               help: "How often expired sessions are deleted.") { config, value throws(ConfigurationError) in
            config.sweepInterval = try ValueParser.duration(value, flag: "sweep-interval")
        },
        Option(name: "max-connections", environment: "SCENELINK_MAX_CONNECTIONS", defaultValue: "16384", valueName: "N",
               help: "Open connections at most; more are refused with 503.") { config, value throws(ConfigurationError) in
            config.maxConnections = try ValueParser.integer(value, flag: "max-connections", in: 1...1_000_000)
        },
        Option(name: "max-requests-per-connection", environment: "SCENELINK_MAX_REQUESTS_PER_CONNECTION", defaultValue: "100000", valueName: "N",
               help: "Requests on one keep-alive connection before it is closed.") { config, value throws(ConfigurationError) in
            config.maxRequestsPerConnection = try ValueParser.integer(value, flag: "max-requests-per-connection", in: 1...Int(Int32.max))
        },
        Option(name: "max-request-line-bytes", environment: "SCENELINK_MAX_REQUEST_LINE_BYTES", defaultValue: "8192", valueName: "N",
               help: "Longest request line (414 beyond).") { config, value throws(ConfigurationError) in
            config.maxRequestLineBytes = try ValueParser.integer(value, flag: "max-request-line-bytes", in: 64...(1 << 20))
        },
        Option(name: "max-header-bytes", environment: "SCENELINK_MAX_HEADER_BYTES", defaultValue: "16384", valueName: "N",
               help: "Largest header block (431 beyond).") { config, value throws(ConfigurationError) in
            config.maxHeaderBytes = try ValueParser.integer(value, flag: "max-header-bytes", in: 256...(1 << 20))
        },
        Option(name: "max-body-bytes", environment: "SCENELINK_MAX_BODY_BYTES", defaultValue: "1048576", valueName: "N",
               help: "Largest request body (413 beyond).") { config, value throws(ConfigurationError) in
            config.maxBodyBytes = try ValueParser.integer(value, flag: "max-body-bytes", in: 0...(64 << 20))
        },
        Option(name: "header-timeout", environment: "SCENELINK_HEADER_TIMEOUT", defaultValue: "10s", valueName: "DURATION",
               help: "Time to receive a request's headers (slow clients are cut off).") { config, value throws(ConfigurationError) in
            config.headerTimeout = try ValueParser.duration(value, flag: "header-timeout")
        },
        Option(name: "body-timeout", environment: "SCENELINK_BODY_TIMEOUT", defaultValue: "30s", valueName: "DURATION",
               help: "Time to receive a request's body.") { config, value throws(ConfigurationError) in
            config.bodyTimeout = try ValueParser.duration(value, flag: "body-timeout")
        },
        Option(name: "idle-timeout", environment: "SCENELINK_IDLE_TIMEOUT", defaultValue: "75s", valueName: "DURATION",
               help: "Time an idle keep-alive connection stays open.") { config, value throws(ConfigurationError) in
            config.idleTimeout = try ValueParser.duration(value, flag: "idle-timeout")
        },
        Option(name: "write-timeout", environment: "SCENELINK_WRITE_TIMEOUT", defaultValue: "30s", valueName: "DURATION",
               help: "Time a response may wait for a client that does not read, once the socket's send buffer is full.") { config, value throws(ConfigurationError) in
            config.writeTimeout = try ValueParser.duration(value, flag: "write-timeout")
        },
        Option(name: "handler-timeout", environment: "SCENELINK_HANDLER_TIMEOUT", defaultValue: "60s", valueName: "DURATION",
               help: "Time a request may wait for its answer (503 and close beyond).") { config, value throws(ConfigurationError) in
            config.handlerTimeout = try ValueParser.duration(value, flag: "handler-timeout")
        },
        Option(name: "drain-timeout", environment: "SCENELINK_DRAIN_TIMEOUT", defaultValue: "10s", valueName: "DURATION",
               help: "On SIGTERM/SIGINT, time in-flight requests get to finish.") { config, value throws(ConfigurationError) in
            config.drainTimeout = try ValueParser.duration(value, flag: "drain-timeout")
        },
        Option(name: "io-queues", environment: "SCENELINK_IO_QUEUES", defaultValue: "0", valueName: "N",
               help: "Serial I/O queues connections are spread over; 0 means one per core.") { config, value throws(ConfigurationError) in
            config.ioQueues = try ValueParser.integer(value, flag: "io-queues", in: 0...256)
        },
        Option(name: "access-log", environment: "SCENELINK_ACCESS_LOG", defaultValue: "on", valueName: "on|off",
               help: "One JSON line per request on stdout.") { config, value throws(ConfigurationError) in
            config.accessLog = try ValueParser.switchValue(value, flag: "access-log")
        },
        Option(name: "log-level", environment: "SCENELINK_LOG_LEVEL", defaultValue: "info", valueName: "LEVEL",
               help: "Least important event logged: debug, info, warning or error.") { config, value throws(ConfigurationError) in
            guard let level = LogLevel(rawValue: value.lowercased()) else {
                throw ConfigurationError("--log-level takes debug, info, warning or error, not '\(value)'.")
            }
            config.logLevel = level
        },
    ]

    /// Builds a configuration from the environment, then `arguments` (flags after `serve`).
    ///
    /// Flags take `--name VALUE` or `--name=VALUE`.
    /// - Throws: `ConfigurationError` naming the first flag or variable that is wrong.
    public static func parse(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        for option in options {
            if let value = environment[option.environment] {
                do {
                    try option.apply(&configuration, value)
                } catch {
                    throw ConfigurationError("\(option.environment): \(error.message)")
                }
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                throw ConfigurationError("Unexpected argument '\(argument)'; run 'scenelink serve --help' for the flags.")
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw ConfigurationError("Unknown flag --\(name); run 'scenelink serve --help' for the flags.")
            }
            if value == nil {
                index += 1
                guard index < arguments.count else { throw ConfigurationError("--\(name) needs a value (\(option.valueName)).") }
                value = arguments[index]
            }
            try option.apply(&configuration, value ?? "")
            index += 1
        }
        return configuration
    }

    /// The `serve --help` text: every flag with its environment variable and default.
    public static var helpText: String {
        var lines = ["Usage: scenelink serve [flags]", "", "Flags (each also read from its environment variable; flags win):"]
        for option in options {
            let flag = "--\(option.name) \(option.valueName)"
            lines.append("  \(flag.padding(toLength: 38, withPad: " ", startingAt: 0))\(option.help)")
            lines.append("  \(String(repeating: " ", count: 38))env \(option.environment), default \(option.defaultValue)")
        }
        return lines.joined(separator: "\n")
    }
}
