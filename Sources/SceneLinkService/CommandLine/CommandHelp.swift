/// What `scenelink help CMD`, `scenelink CMD --help` and `scenelink CMD -h` print (to standard
/// output, exit 0): the command's usage, what it does, its flags with their environment
/// variables and defaults, and one example.
struct CommandHelp: Sendable {
    /// The command as typed after `scenelink` (`resolve`, `store copy`).
    let command: String
    /// The usage lines, each after `scenelink ` (`resolve LINK [ROUTEFILE] [--format FORMAT]`).
    let usage: [String]
    /// What the command does and what its exit status means: a few sentences.
    let summary: String
    let flags: [CommandFlag]
    /// One command line a user may copy, with `scenelink` at its start.
    let example: String

    /// The widest the flag column grows: a longer flag puts its help on the next line, never into it.
    static let maximumFlagColumn = 36

    /// The whole help text.
    var text: String {
        var lines = usage.enumerated().map { ($0.offset == 0 ? "Usage: " : "       ") + "scenelink " + $0.element }
        lines += ["", summary, "", "Options:"]
        let rows = flags.map { flag in ("--\(flag.name)" + (flag.valueName.map { " \($0)" } ?? ""), flag) }
            + [("-h, --help", CommandFlag(name: "help", valueName: nil, help: "Print this help (also 'scenelink help \(command)')."))]
        let column = min(Self.maximumFlagColumn, (rows.map(\.0.count).filter { $0 + 2 <= Self.maximumFlagColumn }.max() ?? 0) + 3)
        let indent = String(repeating: " ", count: 2 + column)
        for (written, flag) in rows {
            if written.count + 2 <= column {
                lines.append("  " + written.padding(toLength: column, withPad: " ", startingAt: 0) + flag.help)
            } else {
                lines.append("  " + written)
                lines.append(indent + flag.help)
            }
            let details = [flag.environment.map { "env \($0)" }, flag.defaultValue.map { "default \($0)" }].compactMap { $0 }
            if !details.isEmpty { lines.append(indent + details.joined(separator: ", ")) }
        }
        lines += ["", "Example:", "  " + example]
        return lines.joined(separator: "\n")
    }

    /// The usage lines and where the whole help is, for a usage error on standard error.
    var usageText: String {
        usage.enumerated().map { ($0.offset == 0 ? "usage: " : "       ") + "scenelink " + $0.element }.joined(separator: "\n")
            + "\nRun 'scenelink \(command) --help' for the options and an example."
    }
}
