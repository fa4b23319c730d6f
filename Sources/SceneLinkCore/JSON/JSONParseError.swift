/// Malformed JSON, with the 1-based line and column (in UTF-8 bytes) where reading stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// What was wrong at that place ("expected ',' or '}' after an object member").
    public var reason: String

    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String { "malformed JSON at line \(line), column \(column): \(reason)" }
}
