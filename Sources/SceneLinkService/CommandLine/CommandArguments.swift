import SceneLinkOperations
/// The arguments of one subcommand, read by the grammar every subcommand shares:
///
/// - `--name VALUE` and `--name=VALUE` for a flag that takes a value; the last one given wins;
/// - `--name` for a switch (`--resume`);
/// - anything else, and everything after `--`, is a positional argument (a link, a file);
/// - an unknown flag is refused with the nearest known one ("did you mean --port?").
///
/// `--help` and `-h` never get here: `CommandLineTool.run` answers them first.
struct CommandArguments: Sendable {
    private(set) var values: [String: String] = [:]
    private(set) var switches: Set<String> = []
    private(set) var positionals: [String] = []

    /// - Parameters:
    ///   - command: how messages name the command (`resolve`, `store copy`).
    /// - Throws: `ConfigurationError` for an unknown flag or a flag without its value.
    init(parsing arguments: [String], flags: [CommandFlag], command: String) throws(ConfigurationError) {
        var index = 0
        var flagsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if flagsEnded || !Self.isFlag(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                flagsEnded = true
                continue
            }
            var name = String(argument.drop { $0 == "-" })
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard argument.hasPrefix("--"), let flag = flags.first(where: { $0.name == name }) else {
                throw CommandFlag.unknown(argument, among: flags.map(\.name), command: command)
            }
            guard let valueName = flag.valueName else {
                guard value == nil else { throw ConfigurationError("--\(name) takes no value; write --\(name) alone.") }
                switches.insert(name)
                continue
            }
            if value == nil {
                guard index < arguments.count else { throw ConfigurationError("--\(name) needs a value (\(valueName)).") }
                value = arguments[index]
                index += 1
            }
            values[name] = value
        }
    }

    /// Whether `argument` is written as a flag: `--name`, or `-x` with a letter (so `-` alone
    /// and negative numbers stay positional).
    static func isFlag(_ argument: String) -> Bool {
        if argument.hasPrefix("--") { return true }
        guard argument.hasPrefix("-"), let second = argument.dropFirst().first else { return false }
        return second.isLetter
    }

    subscript(_ name: String) -> String? { values[name] }

    func has(_ name: String) -> Bool { switches.contains(name) }
}
