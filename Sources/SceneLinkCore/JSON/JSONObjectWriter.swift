import SceneLinkText

/// Writes one JSON object member by member, in the order given, straight into bytes: for the
/// documents the service writes often (a scene, a log line) where building a `JSONValue`
/// first would cost an allocation per member.
///
/// Objects balance by construction: a nested object is written by a closure, and its braces
/// are the writer's. Keys and strings are escaped as `JSONWriter` escapes them (`/` as is);
/// a `JSONValue` member is `JSONWriter`'s text of it. The one raw branch,
/// `member(_:validatedJSON:)`, is for JSON text the caller has already parsed, repeated verbatim.
///
/// ```swift
/// var writer = JSONObjectWriter()
/// writer.member("scene", "main")
/// writer.member("values") { values in values.member("count", 2) }
/// writer.finishText()   // {"scene":"main","values":{"count":2}}
/// ```
public struct JSONObjectWriter {
    private var out: [UInt8]
    private var first = true

    /// Starts an object (`{`), with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        out = []
        out.reserveCapacity(capacity)
        out.append(UInt8(ascii: "{"))
    }

    /// A writer that goes on writing `bytes`, which already end in an object's `{`.
    private init(continuing bytes: [UInt8]) {
        out = bytes
    }

    /// A string member.
    public mutating func member(_ key: String, _ value: String) {
        name(key)
        JSONWriter.appendString(value, to: &out, escapingSlashes: false)
    }

    /// A string member, or `null` when `value` is nil.
    public mutating func member(_ key: String, _ value: String?) {
        guard let value else { return member(key, JSONValue.null) }
        member(key, value)
    }

    /// An integer member.
    public mutating func member(_ key: String, _ value: some BinaryInteger) {
        name(key)
        out.append(contentsOf: String(value).utf8)
    }

    /// A member holding any JSON value, as `JSONWriter` writes it (members in the order given).
    public mutating func member(_ key: String, _ value: JSONValue) {
        name(key)
        JSONWriter.append(value, to: &out, escapingSlashes: false, sortingKeys: false)
    }

    /// A member holding an object the closure writes.
    public mutating func member(_ key: String, object: (inout JSONObjectWriter) -> Void) {
        name(key)
        out.append(UInt8(ascii: "{"))
        // The nested writer borrows these bytes while the closure writes, so nothing is copied.
        var nested = JSONObjectWriter(continuing: [])
        swap(&nested.out, &out)
        object(&nested)
        swap(&nested.out, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A member holding `text` verbatim: JSON the caller has parsed and found valid (a stored
    /// value repeated as it was stored). Anything else would break the document.
    public mutating func member(_ key: String, validatedJSON text: String) {
        name(key)
        out.append(contentsOf: text.utf8)
    }

    /// The object's bytes, closed.
    public consuming func finish() -> [UInt8] {
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The object's text, closed.
    public consuming func finishText() -> String {
        String(decoding: finish(), as: UTF8.self)
    }

    /// Writes the comma before every member but the first, and `"key":`.
    private mutating func name(_ key: String) {
        if first { first = false } else { out.append(UInt8(ascii: ",")) }
        JSONWriter.appendString(key, to: &out, escapingSlashes: false)
        out.append(UInt8(ascii: ":"))
    }
}
