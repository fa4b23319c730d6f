import SceneLinkCore

/// A value in a structured log line.
public enum LogValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }

    /// The value as JSON writes it; a double that is not finite is `null`.
    package var json: JSONValue {
        switch self {
        case .string(let s): .string(s)
        case .int(let i): .number(String(i))
        case .double(let d): d.isFinite ? .number(String(d)) : .null
        case .bool(let b): .bool(b)
        }
    }
}
