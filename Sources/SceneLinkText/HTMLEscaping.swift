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
    public static func append(_ text: String, inAttribute: Bool, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'") where inAttribute: out.append(contentsOf: "&#39;".utf8)
            case 0x00 ..< 0x09, 0x0b, 0x0c, 0x0e ..< 0x20, 0x7f: out.append(contentsOf: "\u{FFFD}".utf8)
            default: out.append(byte)
            }
        }
    }
}
