import Foundation

/// A JSON value as the server sent it: a route parameter, or the value of a stack element.
///
/// Integers stay integers (`.integer(3)`); other numbers are `.number`. To turn a value into
/// the app's own type, use `decode(_:)`, which reads it with `JSONDecoder`.
///
/// ```swift
/// let id: Int = try resolution.parameters["id"]?.decode(Int.self) ?? 0
/// ```
public enum SceneLinkJSON: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SceneLinkJSON])
    /// An object.
    case object([String: SceneLinkJSON])

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SceneLinkJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SceneLinkJSON].self))
        }
    }

    /// Writes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as JSON text (UTF-8), keys sorted.
    public var jsonData: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a tree of plain JSON values cannot fail; an empty result would only mean a
        // Foundation bug, and decoding it then fails with a clear error.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The value decoded as `type`, the way the app's `JSONDecoder` reads it.
    /// - Throws: `SceneLinkError.coding` (with the `DecodingError`'s account) when the value does
    ///   not fit `type`.
    public func decode<Value: Decodable>(_ type: Value.Type,
                                         using decoder: JSONDecoder = JSONDecoder()) throws(SceneLinkError) -> Value {
        do {
            return try decoder.decode(type, from: jsonData)
        } catch {
            throw .coding("the JSON value \(String(decoding: jsonData.prefix(200), as: UTF8.self)) is not a \(type) (\(error)).")
        }
    }
}
