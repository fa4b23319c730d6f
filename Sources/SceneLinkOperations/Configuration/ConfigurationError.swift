/// A configuration mistake found at startup: one sentence saying what to fix.
/// `scenelink` prints it and exits with status 2.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
