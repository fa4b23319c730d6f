/// Escaping for JSON strings (RFC 8259 §7), byte for byte what Foundation's `JSONEncoder`
/// writes: `"`, `\` and control characters escaped (`\b \f \n \r \t`, else `\u00XX` in
/// lowercase hex), `/` as `\/` only when asked, everything else (non-ASCII included) as UTF-8.
///
/// ```swift
/// JSONEscaping.quote("say \"hi\"\n")   // "\"say \\\"hi\\\"\\n\""
/// ```
public enum JSONEscaping {
    /// `text` as a quoted JSON string, `/` unescaped.
    public static func quote(_ text: String) -> String {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 2)
        var text = text
        text.withUTF8 { append($0, to: &out, escapingSlashes: false) }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes `bytes` escaped for the inside of a JSON string, without quotes.
    /// Runs that need no escape (nearly all text) are copied whole, found eight bytes at a time.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingSlashes: Bool) {
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
                if byte < 0x20 || byte == quotationMark || byte == reverseSolidus || (byte == solidus && escapingSlashes) {
                    if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< index])) }
                    append(byte, to: &out, escapingSlashes: escapingSlashes)
                    runStart = index + 1
                }
                index += 1
            }
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Appends one byte, escaped if JSON strings need it escaped.
    public static func append(_ byte: UInt8, to out: inout [UInt8], escapingSlashes: Bool) {
        switch byte {
        case quotationMark, reverseSolidus: out.append(reverseSolidus); out.append(byte)
        case solidus:
            if escapingSlashes { out.append(reverseSolidus) }
            out.append(solidus)
        case 0x08: out.append(reverseSolidus); out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(reverseSolidus); out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(reverseSolidus); out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(reverseSolidus); out.append(UInt8(ascii: "r"))
        case 0x09: out.append(reverseSolidus); out.append(UInt8(ascii: "t"))
        case 0x00 ..< 0x20:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [reverseSolidus, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                    hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        default: out.append(byte)
        }
    }

    static let quotationMark = UInt8(ascii: "\"")
    static let reverseSolidus = UInt8(ascii: "\\")
    static let solidus = UInt8(ascii: "/")

    /// Whether any of the eight bytes in `word` is a control byte, `"`, `\` or (when
    /// escaping them) `/`. Exact when false; the caller then checks byte by byte.
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
        var found = control | hasByte(quotationMark) | hasByte(reverseSolidus)
        if escapingSlashes { found |= hasByte(solidus) }
        return found != 0
    }
}
