/// One element of a back stack: its route-file type, the tag SwiftUI writes, and its item
/// as the app's `JSONEncoder` would encode it (canonical: sorted keys, uppercase UUIDs).
public struct StackElement: Sendable, Equatable, CustomStringConvertible {
    /// The route-file type name (`HomePath`).
    public var type: String
    /// The tag (`FuelMoney.HomePath`).
    public var tag: String
    /// The item value (`2` for `HomePath.account`).
    public var value: JSONValue

    public init(type: String, tag: String, value: JSONValue) {
        self.type = type
        self.tag = tag
        self.value = value
    }

    /// The item's compact JSON text, as it appears (escaped) in a CodableRepresentation.
    public var itemText: String { JSONWriter.text(value) }

    public var description: String { "\(type) \(itemText)" }

    /// The element as `{"type":...,"tag":...,"value":...}`.
    var json: JSONValue {
        .object([(key: "type", value: .string(type)), (key: "tag", value: .string(tag)), (key: "value", value: value)])
    }
}
