import SceneLinkText

/// Compact JSON text, written the way Foundation's default `JSONEncoder` writes it, with
/// object keys sorted (by UTF-8 bytes) so output is reproducible.
///
/// Matching `JSONEncoder` (checked against swift-corelibs/swift-foundation on Linux):
/// - strings escape `"`, `\`, and control characters as `\b \f \n \r \t` or `\u00XX`
///   (lowercase hex); everything else, non-ASCII included, is written as UTF-8;
/// - `/` is written as `\/` when `escapingSlashes` is true, exactly as `JSONEncoder` does
///   without `.withoutEscapingSlashes`. SceneLink uses that for everything an app decodes
///   (the CodableRepresentation and typed arrays); its own documents (links, routes) are
///   written with plain `/` so they stay readable. Decoders accept both.
/// - numbers are written from their literal text; `canonicalDoubleText` gives the text
///   `JSONEncoder` writes for a `Double` (`2.5`, `2`, `1e+16`, `1e-07`).
/// - with `sortingKeys: false`, objects keep their members in the order given: how the service
///   writes its own answers (`HTTPResponse.json(_: JSONValue)`), in the order openapi.yaml documents.
public enum JSONWriter {
    /// `value` as compact JSON bytes, keys sorted unless `sortingKeys` is false.
    public static func encode(_ value: JSONValue, escapingSlashes: Bool = true, sortingKeys: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out, escapingSlashes: escapingSlashes, sortingKeys: sortingKeys)
        return out
    }

    /// `value` as compact JSON text, keys sorted unless `sortingKeys` is false.
    public static func text(_ value: JSONValue, escapingSlashes: Bool = true, sortingKeys: Bool = true) -> String {
        String(decoding: encode(value, escapingSlashes: escapingSlashes, sortingKeys: sortingKeys), as: UTF8.self)
    }

    /// A hole in a document written by `pieces(_:)`: a value a later writer (a database
    /// statement that learns it) puts in. It is written as the byte U+0001, which JSON text
    /// never holds outside a string and every string escapes, so it cannot be confused with text.
    public static let hole = JSONValue.number("\u{1}")

    /// `value` as compact JSON (slashes as they are, members in the order given) cut at each
    /// `hole`: one more piece than there are holes. Joining the pieces with the holes' JSON
    /// text gives the whole document.
    public static func pieces(_ value: JSONValue) -> [String] {
        encode(value, escapingSlashes: false, sortingKeys: false)
            .split(separator: 0x01, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends `value` as compact JSON, keys sorted unless `sortingKeys` is false.
    public static func append(_ value: JSONValue, to out: inout [UInt8], escapingSlashes: Bool, sortingKeys: Bool = true) {
        switch value {
        case .null: out.appendStatic("null")
        case .bool(let flag): out.appendStatic(flag ? "true" : "false")
        case .number(var text): text.withUTF8 { out.append(contentsOf: $0) }
        case .string(let text): appendString(text, to: &out, escapingSlashes: escapingSlashes)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                append(item, to: &out, escapingSlashes: escapingSlashes, sortingKeys: sortingKeys)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members) where sortingKeys:
            appendObject(count: members.count, key: { members[$0].key }, value: { members[$0].value },
                         to: &out, escapingSlashes: escapingSlashes)
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                appendString(member.key, to: &out, escapingSlashes: escapingSlashes)
                out.append(UInt8(ascii: ":"))
                append(member.value, to: &out, escapingSlashes: escapingSlashes, sortingKeys: false)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends an object of `count` members, the `i`th being `key(i)` and `value(i)`, keys
    /// sorted by their UTF-8 bytes: what `.object` writes, for callers that hold keys and
    /// values apart and need not build the object.
    static func appendObject(count: Int, key: (Int) -> String, value: (Int) -> JSONValue,
                             to out: inout [UInt8], escapingSlashes: Bool) {
        out.append(UInt8(ascii: "{"))
        for (offset, index) in keyOrder(count: count, key: key).enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            appendString(key(index), to: &out, escapingSlashes: escapingSlashes)
            out.append(UInt8(ascii: ":"))
            append(value(index), to: &out, escapingSlashes: escapingSlashes)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The order in which an object's `count` members are written: by key, as `utf8Less` sorts.
    static func keyOrder(count: Int, key: (Int) -> String) -> [Int] {
        count < 2 ? Array(0 ..< count) : (0 ..< count).sorted { utf8Less(key($0), key($1)) }
    }

    /// Orders keys by their UTF-8 bytes, the order `JSONEncoder`'s `.sortedKeys` gives for ASCII keys.
    static func utf8Less(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Appends `text` as a quoted JSON string.
    public static func appendString(_ text: String, to out: inout [UInt8], escapingSlashes: Bool) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { JSONEscaping.append($0, to: &out, escapingSlashes: escapingSlashes) }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 bytes `bytes` escaped for the inside of a JSON string, without quotes.
    /// Used twice over to write an item's JSON text as a string of the CodableRepresentation.
    public static func appendEscaped<C: Collection>(_ bytes: C, to out: inout [UInt8], escapingSlashes: Bool)
    where C.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable {
            JSONEscaping.append($0, to: &out, escapingSlashes: escapingSlashes)
        }
        guard done == nil else { return }
        for byte in bytes { JSONEscaping.append(byte, to: &out, escapingSlashes: escapingSlashes) }
    }

    /// Appends `value`'s JSON text as it appears inside a JSON string (escaped once more):
    /// what `appendEscaped(encode(value))` writes, without the intermediate buffer. Slashes
    /// are escaped, as in a CodableRepresentation.
    public static func appendNested(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .number(var text): text.withUTF8 { out.append(contentsOf: $0) }
        case .bool(let flag): out.appendStatic(flag ? "true" : "false")
        case .null: out.appendStatic("null")
        case .string(var text):
            text.withUTF8 { appendNestedString($0, to: &out) }
        case .array, .object:
            appendEscaped(encode(value), to: &out, escapingSlashes: true)
        }
    }

    /// A string value given as UTF-8 bytes, as `appendNested(.string(…))` writes it: quoted and
    /// escaped for the inner JSON, then escaped again.
    static func appendNestedString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x5C); out.append(0x22)
        for byte in bytes {
            switch byte {
            case 0x22, 0x5C, 0x2F:
                // `\"`, `\\`, `\/` with their backslash escaped again.
                out.append(0x5C); out.append(0x5C); out.append(0x5C); out.append(byte)
            case 0x00..<0x20:
                // The inner escape (`\n`, `\u0001`) with its backslash escaped again.
                out.append(0x5C)
                JSONEscaping.append(byte, to: &out, escapingSlashes: true)
            default:
                out.append(byte)
            }
        }
        out.append(0x5C); out.append(0x22)
    }

    /// The text `JSONEncoder` writes for a finite `Double`: Swift's shortest round-trip
    /// `description`, with a trailing `.0` removed (`2.0` → `2`, `1e+16` stays).
    public static func canonicalDoubleText(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
