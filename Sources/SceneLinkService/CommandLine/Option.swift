import SceneLinkOperations
/// One `serve` flag: its name, the environment variable that also sets it, where its value
/// goes in `ServiceConfiguration`, and what it does. The same table parses arguments and
/// prints `--help`, and the default it prints is read from `ServiceConfiguration()`, so
/// help, parsing and defaults never drift apart.
struct Option: Sendable {
    /// The flag without dashes (`port` for `--port`).
    let name: String
    /// A placeholder for the value in help text (`PORT`); nil for a switch (`--quiet`), which
    /// the command line takes alone and its environment variable as on or off.
    let valueName: String?
    let help: String
    /// Applies a value to the configuration; throws a sentence saying what is wrong.
    let apply: @Sendable (inout ServiceConfiguration, String) throws(ConfigurationError) -> Void
    /// The option's value in a configuration, written as a user would write it.
    let show: @Sendable (ServiceConfiguration) -> String
    /// The environment variable when it is not the one made from the name.
    var environmentName: String? = nil

    /// The environment variable: `SCENELINK_` and the name in capitals (`SCENELINK_SESSION_TTL`),
    /// unless `environmentName` says otherwise.
    var environment: String {
        environmentName ?? "SCENELINK_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// The default, as `--help` and the README show it.
    var defaultValue: String { show(ServiceConfiguration()) }
}

extension Option {
    typealias Field<Value> = WritableKeyPath<ServiceConfiguration, Value> & Sendable

    /// A whole number in `range`.
    static func integer(_ name: String, _ field: Field<Int>, in range: ClosedRange<Int>, valueName: String = "N",
                        help: String) -> Option {
        Option(name: name, valueName: valueName, help: help, apply: { config, value throws(ConfigurationError) in
            config[keyPath: field] = try ValueParser.integer(value, flag: name, in: range)
        }, show: { String($0[keyPath: field]) })
    }

    /// A duration such as `30d` or `250ms`, at most `maximum` when one is given.
    static func duration(_ name: String, _ field: Field<Duration>, atMost maximum: Duration? = nil, help: String) -> Option {
        Option(name: name, valueName: "DURATION", help: help, apply: { config, value throws(ConfigurationError) in
            let duration = try ValueParser.duration(value, flag: name)
            if let maximum, duration > maximum {
                throw ConfigurationError("--\(name) is at most \(ValueParser.text(of: maximum)), not '\(value)'.")
            }
            config[keyPath: field] = duration
        }, show: { ValueParser.text(of: $0[keyPath: field]) })
    }

    /// A switch: `--NAME` alone turns it on; its environment variable takes on or off.
    static func onOff(_ name: String, _ field: Field<Bool>, help: String) -> Option {
        Option(name: name, valueName: nil, help: help, apply: { config, value throws(ConfigurationError) in
            config[keyPath: field] = try ValueParser.switchValue(value, flag: name)
        }, show: { $0[keyPath: field] ? "on" : "off" })
    }

    /// Non-empty text.
    static func text(_ name: String, _ field: Field<String>, valueName: String, help: String) -> Option {
        Option(name: name, valueName: valueName, help: help, apply: { config, value throws(ConfigurationError) in
            config[keyPath: field] = try ValueParser.nonEmpty(value, flag: name)
        }, show: { $0[keyPath: field] })
    }
}
