/// A parsed JSON value that keeps what a route file author wrote: object keys stay in
/// document order (duplicates included, so the loader can report them) and numbers keep
/// their literal text, so `2.50` and `2.5` can be told apart and large integers never
/// pass through `Double`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number as its JSON literal text (`3`, `-2.5`, `1e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object with its members in document order.
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            // Key order is not meaningful to decoders: compare as maps.
            guard x.count == y.count else { return false }
            let sortedX = x.sorted { $0.key < $1.key }, sortedY = y.sorted { $0.key < $1.key }
            return zip(sortedX, sortedY).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The first member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The members, when this is an object.
    public var objectMembers: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The value as an `Int` when it is a number literal with an exact integral value
    /// (`3`, `3.0`, `-1e2`), as `JSONDecoder` accepts for `Int`.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let value = Int(text) { return value }
        // Range-checked by hand: converting an out-of-range Double to Int would trap.
        guard let double = Double(text), double >= -9.223372036854775808e18, double < 9.223372036854775808e18 else { return nil }
        let integer = Int(double)
        return Double(integer) == double ? integer : nil
    }

    /// The value as a finite `Double`, when this is a number.
    public var doubleValue: Double? {
        guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A short name of the JSON kind, for messages ("a string", "an object").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
