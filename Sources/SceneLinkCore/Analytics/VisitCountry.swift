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
    public static let unknown = VisitCountry(letters: 0)

    /// The two upper-case ASCII letters as one number (first letter in the high byte), 0 for
    /// `unknown`: what analytics counts by, so a visit's country is compared and hashed as a
    /// number.
    public let letters: UInt16

    /// Two upper-case letters, or `unknown`.
    public var code: String {
        guard letters != 0 else { return "unknown" }
        return String(decoding: [UInt8(truncatingIfNeeded: letters >> 8), UInt8(truncatingIfNeeded: letters)], as: UTF8.self)
    }

    public var description: String { code }

    private init(letters: UInt16) { self.letters = letters }

    /// Reads a country header's value; nil when the request had none.
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
        let letters = UInt16(first) << 8 | UInt16(second)
        self = letters == Self.packed("XX") || letters == Self.packed("ZZ") ? .unknown : VisitCountry(letters: letters)
    }

    private static func packed(_ code: StaticString) -> UInt16 {
        code.withUTF8Buffer { UInt16($0[0]) << 8 | UInt16($0[1]) }
    }

    private static func upperLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 0x20
        default: nil
        }
    }
}
