/// Escaping for text placed in HTML (the HTML Living Standard's "escaping a string"): element
/// content, or a double- or single-quoted attribute value.
///
/// `&`, `<` and `>` become character references everywhere, and `"` and `'` too in an
/// attribute, so a value can neither end the attribute it is in nor open a tag. Control
/// characters other than tab, line feed and carriage return become U+FFFD (a parse error
/// otherwise). Whether a URL is safe to put in `href` at all (no `javascript:`) is the
/// caller's decision.
///
/// ```swift
/// var out: [UInt8] = []
/// HTMLEscaping.append(#""><script>alert(1)</script>"#, inAttribute: true, to: &out)
/// // &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;
/// ```
public enum HTMLEscaping {
    /// Appends `text`'s UTF-8 bytes, escaped for element content or (`inAttribute`) for a
    /// quoted attribute value.
    ///
    /// Runs of bytes that need nothing are copied at once: a page's values are mostly such
    /// runs, and a byte-at-a-time append cost a page view tens of thousands of instructions.
    public static func append(_ text: String, inAttribute: Bool, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                // Everything from '?' up, and the printable ASCII below it other than & < > " ',
                // needs no escape (UTF-8 continuation and lead bytes are all above 0x7f).
                if byte >= 0x3f && byte != 0x7f { continue }
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
                case UInt8(ascii: "'") where inAttribute: replacement = "&#39;"
                case 0x00 ..< 0x09, 0x0b, 0x0c, 0x0e ..< 0x20, 0x7f: replacement = "\u{FFFD}"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< index]))
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}
