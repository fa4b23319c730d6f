/// A mistake in the service's route declarations, found when the application starts.
public struct EndpointTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence per mistake.
    public let problems: [String]

    public var description: String { problems.joined(separator: " ") }
}
