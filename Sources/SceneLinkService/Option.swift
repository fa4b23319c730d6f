/// One `serve` flag: its name, the environment variable that also sets it, its default,
/// and what it does. The same table parses arguments and prints `--help`, so the two
/// never drift apart.
struct Option: Sendable {
    /// The flag without dashes (`port` for `--port`).
    let name: String
    /// The environment variable (`SCENELINK_PORT`).
    let environment: String
    /// The default as a user would write it.
    let defaultValue: String
    /// A placeholder for the value in help text (`PORT`).
    let valueName: String
    let help: String
    /// Applies a value to the configuration; throws a sentence saying what is wrong.
    let apply: @Sendable (inout ServiceConfiguration, String) throws(ConfigurationError) -> Void
}
