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
public enum JSONWriter {
    /// `value` as compact JSON bytes with sorted keys.
    public static func encode(_ value: JSONValue, escapingSlashes: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out, escapingSlashes: escapingSlashes)
        return out
    }

    /// `value` as compact JSON text with sorted keys.
    public static func text(_ value: JSONValue, escapingSlashes: Bool = true) -> String {
        String(decoding: encode(value, escapingSlashes: escapingSlashes), as: UTF8.self)
    }

    /// Appends `value` as compact JSON with sorted keys.
    public static func append(_ value: JSONValue, to out: inout [UInt8], escapingSlashes: Bool) {
        switch value {
        case .null: out.appendStatic("null")
        case .bool(let flag): out.appendStatic(flag ? "true" : "false")
        case .number(var text): text.withUTF8 { out.append(contentsOf: $0) }
        case .string(let text): appendString(text, to: &out, escapingSlashes: escapingSlashes)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                append(item, to: &out, escapingSlashes: escapingSlashes)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            appendObject(count: members.count, key: { members[$0].key }, value: { members[$0].value },
                         to: &out, escapingSlashes: escapingSlashes)
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
        text.withUTF8 { appendEscaped($0, to: &out, escapingSlashes: escapingSlashes) }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 bytes `bytes` escaped for the inside of a JSON string, without quotes.
    /// Used twice over to write an item's JSON text as a string of the CodableRepresentation.
    public static func appendEscaped<C: Collection>(_ bytes: C, to out: inout [UInt8], escapingSlashes: Bool)
    where C.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable {
            appendEscaped($0, to: &out, escapingSlashes: escapingSlashes)
        }
        guard done == nil else { return }
        for byte in bytes { appendEscaped(byte, to: &out, escapingSlashes: escapingSlashes) }
    }

    /// `appendEscaped` on contiguous bytes: runs that need no escape (nearly all text) are
    /// copied whole, and found eight bytes at a time.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingSlashes: Bool) {
        guard let base = bytes.baseAddress else { return }
        var runStart = 0
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count,
               !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), escapingSlashes: escapingSlashes) {
                index += 8
                continue
            }
            let end = min(index + 8, bytes.count)
            while index < end {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C || (byte == 0x2F && escapingSlashes) {
                    if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< index])) }
                    appendEscaped(byte, to: &out, escapingSlashes: escapingSlashes)
                    runStart = index + 1
                }
                index += 1
            }
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Whether any of the eight bytes in `word` is a control byte, `"`, `\\` or (when
    /// escaping them) `/`. Exact when false; the caller then checks byte by byte.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64, escapingSlashes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20 (no false negatives for bytes under 0x80; bytes at or above 0x80
        // are excluded by `~word`).
        let control = (word &- ones &* 0x20) & ~word & highs
        func hasByte(_ value: UInt8) -> UInt64 {
            let x = word ^ (ones &* UInt64(value))
            return (x &- ones) & ~x & highs
        }
        var found = control | hasByte(0x22) | hasByte(0x5C)
        if escapingSlashes { found |= hasByte(0x2F) }
        return found != 0
    }

    /// Appends one byte, escaped if JSON strings need it escaped.
    @inline(__always)
    static func appendEscaped(_ byte: UInt8, to out: inout [UInt8], escapingSlashes: Bool) {
        switch byte {
        case 0x22: out.append(0x5C); out.append(0x22)
        case 0x5C: out.append(0x5C); out.append(0x5C)
        case 0x2F:
            if escapingSlashes { out.append(0x5C) }
            out.append(0x2F)
        case 0x08: out.append(0x5C); out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(0x5C); out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
        case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
        case 0x00..<0x20:
            let hex = "0123456789abcdef".utf8
            out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
            out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0x0F))])
        default: out.append(byte)
        }
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
                var inner: [UInt8] = []
                appendEscaped(CollectionOfOne(byte), to: &inner, escapingSlashes: true)
                out.append(0x5C)
                out.append(contentsOf: inner)
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
