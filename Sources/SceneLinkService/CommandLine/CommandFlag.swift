import SceneLinkCore
import SceneLinkOperations

/// One flag of a subcommand: what its parser accepts and what its help prints.
///
/// `serve`'s flags are made from `ServiceConfiguration.options`, so a default is written once
/// (in `ServiceConfiguration`) and every command that shares a flag (`--routes`, `--db`,
/// `--port`) shows the same default and environment variable.
struct CommandFlag: Sendable {
    /// The flag without dashes (`routes` for `--routes`).
    let name: String
    /// A placeholder for the value (`FILE`); nil for a switch that takes none (`--resume`).
    let valueName: String?
    let help: String
    /// The environment variable read when the flag is not given.
    var environment: String? = nil
    /// The default as a user would write it, or a phrase in parentheses.
    var defaultValue: String? = nil

    /// The flag of `serve` named `name` (`routes`, `db`, `port`), with its help replaced when
    /// another command describes it otherwise.
    static func serve(_ name: String, help: String? = nil) -> CommandFlag {
        guard let option = ServiceConfiguration.options.first(where: { $0.name == name }) else {
            return CommandFlag(name: name, valueName: "VALUE", help: help ?? "")
        }
        return CommandFlag(option, help: help)
    }

    init(name: String, valueName: String?, help: String, environment: String? = nil, defaultValue: String? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.environment = environment
        self.defaultValue = defaultValue
    }

    init(_ option: Option, help: String? = nil) {
        self.init(name: option.name, valueName: option.valueName, help: help ?? option.help,
                  environment: option.environment, defaultValue: option.defaultValue)
    }

    /// The sentence for a flag no command flag matches: the nearest flag when one is close,
    /// and where the flags are listed.
    ///
    /// `Unknown flag --prot; did you mean --port? Run 'scenelink serve --help' for the flags.`
    static func unknown(_ flag: String, among names: [String], command: String) -> ConfigurationError {
        let name = String(flag.drop { $0 == "-" }.prefix { $0 != "=" })
        if let near = NearestName.closest(to: name, in: names) {
            return ConfigurationError("Unknown flag \(flag); did you mean --\(near)? Run 'scenelink \(command) --help' for the flags.")
        }
        return ConfigurationError("Unknown flag \(flag); run 'scenelink \(command) --help' for the flags.")
    }
}
