/// Why the service could not start: one sentence naming the file, address or setting at fault.
public struct StartupError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// True for a configuration mistake (exit status 2); false for a run-time failure such as a
    /// taken port (exit status 1).
    public let isConfigurationError: Bool

    public init(_ message: String, isConfigurationError: Bool = false) {
        self.message = message
        self.isConfigurationError = isConfigurationError
    }

    public var description: String { message }
}
