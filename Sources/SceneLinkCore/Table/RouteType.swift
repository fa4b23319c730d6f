/// A type that stack elements can have: a built-in one or one declared in the route file.
///
/// The `tag` is data, never computed: it is the string the app's own
/// `String(reflecting: T.self)` gives on the device (`FuelMoney.HomePath`).
public struct RouteType: Sendable {
    /// The name the route file uses (`HomePath`, `Int`).
    public let name: String
    /// The tag SwiftUI writes in a CodableRepresentation (`FuelMoney.HomePath`, `Swift.Int`).
    public let tag: String
    public let kind: Kind

    public enum Kind: Sendable {
        case int, string, bool, double, uuid
        /// An enum with `Int` raw values: case name → raw value, in file order.
        case intEnum(cases: [(name: String, raw: Int)])
        /// An enum with `String` raw values.
        case stringEnum(cases: [(name: String, raw: String)])
        /// An enum without raw values; each case lists its associated values (label → type
        /// name; `_0`, `_1` for unlabelled ones), encoded as Swift's synthesized `Codable` does.
        case associatedEnum(cases: [(name: String, fields: [(name: String, type: String)])])
        /// A struct with fields (name → type name), encoded as synthesized `Codable` does.
        case structure(fields: [(name: String, type: String)])
    }

    /// The built-in types, by route-file name.
    static let builtIns: [RouteType] = [
        RouteType(name: "Int", tag: "Swift.Int", kind: .int),
        RouteType(name: "String", tag: "Swift.String", kind: .string),
        RouteType(name: "Bool", tag: "Swift.Bool", kind: .bool),
        RouteType(name: "Double", tag: "Swift.Double", kind: .double),
        RouteType(name: "UUID", tag: "Foundation.UUID", kind: .uuid),
    ]

    /// How a parameter of this type matches one link segment, or nil when a value of this
    /// type cannot come from one segment (structs and enums with associated values).
    var parameterKind: ParameterKind? {
        switch kind {
        case .int: return .int
        case .string: return .string
        case .bool: return .bool
        case .double: return .double
        case .uuid: return .uuid
        case .intEnum(let cases): return .intEnum(Set(cases.map(\.raw)))
        case .stringEnum(let cases): return .stringEnum(Set(cases.map(\.raw)))
        case .associatedEnum, .structure: return nil
        }
    }

    /// A phrase for messages: "an Int", "a HomePath (one of 0, 1, 2)".
    var phrase: String {
        switch kind {
        case .intEnum(let cases):
            return "a \(name) (one of \(cases.map { String($0.raw) }.joined(separator: ", ")))"
        case .stringEnum(let cases):
            return "a \(name) (one of \(cases.map(\.raw).joined(separator: ", ")))"
        default:
            let first = name.first.map { "AEIOU".contains($0) } ?? false
            return (first ? "an " : "a ") + name
        }
    }
}
