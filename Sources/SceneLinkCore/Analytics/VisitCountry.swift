/// What click analytics keeps of a visit's country header (a CDN's `CF-IPCountry`,
/// `CloudFront-Viewer-Country`, or a proxy's): an ISO 3166-1 alpha-2 code or `unknown`.
///
/// Exactly two ASCII letters (after trimming spaces and tabs) → upper case (`us` → `US`);
/// anything else → `unknown`: no header, an empty one, longer or non-letter values, and the
/// two-letter codes that mean "no country" (`XX`, Cloudflare's unknown; `ZZ`, the unknown
/// region of CLDR). Cloudflare's `T1` (Tor) has a digit and is `unknown` too.
///
/// ```swift
/// VisitCountry(header: "de").code    // "DE"
/// VisitCountry(header: "XX").code    // "unknown"
/// ```
public struct VisitCountry: Hashable, Sendable, CustomStringConvertible {
    /// No country, or one the header did not name plainly.
    public static let unknown = VisitCountry(code: "unknown")

    /// Two upper-case letters, or `unknown`.
    public let code: String

    public var description: String { code }

    private init(code: String) { self.code = code }

    /// Normalises a country header value; nil when the request had none.
    public init(header: String?) {
        guard let header else {
            self = .unknown
            return
        }
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let trimmed = header.utf8.drop(while: isSpace).reversed().drop(while: isSpace)
        guard trimmed.count == 2, let second = Self.upperLetter(trimmed[trimmed.startIndex]),
              let first = Self.upperLetter(trimmed[trimmed.index(after: trimmed.startIndex)]) else {
            self = .unknown
            return
        }
        let code = String(decoding: [first, second], as: UTF8.self)
        self = code == "XX" || code == "ZZ" ? .unknown : VisitCountry(code: code)
    }

    private static func upperLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 0x20
        default: nil
        }
    }
}
