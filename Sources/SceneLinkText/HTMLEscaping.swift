/// Escaping for text placed in HTML (the HTML Living Standard's "escaping a string"), safe in
/// both contexts a page uses: element content and a double- or single-quoted attribute value.
///
/// `&`, `<`, `>`, `"` and `'` become character references, so a value can neither end the
/// attribute it is in nor open a tag; U+0000 becomes U+FFFD (a parse error otherwise).
/// Whether a URL is safe to put in `href` at all (no `javascript:`) is the caller's decision.
///
/// ```swift
/// HTMLEscaping.escape(#""><script>alert(1)</script>"#)
/// // "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
/// ```
public enum HTMLEscaping {
    /// `text` with the five significant characters replaced by character references.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { needsEscape($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0: true
        default: false
        }
    }
}
