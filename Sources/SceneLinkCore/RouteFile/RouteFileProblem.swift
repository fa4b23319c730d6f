/// One problem in a route file: where it is and a sentence saying what to fix.
public struct RouteFileProblem: Sendable, Equatable, CustomStringConvertible {
    /// The JSON location (`routes[2].routes[0].push[0].value`, `types.HomePath.cases`), or
    /// `line 3, column 14` for malformed JSON.
    public var location: String
    /// What is wrong and what to do about it.
    public var message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
