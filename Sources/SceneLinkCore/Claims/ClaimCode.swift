/// The short code of a claim, for a person to type: 8 characters of Crockford's base32
/// (`0-9 A-Z` without `I L O U`, 40 bits), shown as `ABCD-EFGH`.
///
/// Typed input is read leniently, as Crockford's base32 specifies: any case, with or without
/// the hyphen (and spaces), `O` read as `0`, `I` and `L` as `1`. A code lives for the claim's
/// code lifetime (an hour by default): 40 bits are too few to outlast guessing for long, and
/// redemption is rate-limited.
///
/// ```swift
/// let code = try ClaimCode(typed: "abcd efgh")   // displayed "ABCD-EFGH"
/// ClaimCode.random().displayed                    // "7K2M-Q9XD"
/// ```
public struct ClaimCode: Hashable, Sendable, CustomStringConvertible {
    /// Crockford's alphabet, in value order.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    /// Characters in a code.
    public static let length = 8

    /// The canonical form: 8 uppercase characters of `alphabet`, no hyphen.
    public let rawValue: String

    /// Reads a code as a person typed it (see the type's comment for the rules).
    /// - Throws: `ClaimInputError.malformedCode` when, without hyphens and spaces, it is not 8
    ///   characters of the alphabet.
    public init(typed text: String) throws(ClaimInputError) {
        var canonical: [UInt8] = []
        canonical.reserveCapacity(ClaimCode.length)
        for byte in text.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
            guard let normalised = ClaimCode.normalise(byte), canonical.count < ClaimCode.length else {
                throw ClaimInputError.malformedCode(text)
            }
            canonical.append(normalised)
        }
        guard canonical.count == ClaimCode.length else { throw ClaimInputError.malformedCode(text) }
        rawValue = String(decoding: canonical, as: UTF8.self)
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// A new code with 40 bits from the system CSPRNG.
    public static func random() -> ClaimCode {
        // One 64-bit draw gives the 40 bits: 5 per character (the alphabet has 32 characters).
        var generator = SystemRandomNumberGenerator()
        let word = generator.next()
        let characters = (0..<length).map { alphabet[Int(truncatingIfNeeded: (word >> UInt64($0 * 5)) & 31)] }
        return ClaimCode(unchecked: String(decoding: characters, as: UTF8.self))
    }

    /// The code as shown to a person: `ABCD-EFGH`.
    public var displayed: String {
        String(rawValue.prefix(4)) + "-" + String(rawValue.dropFirst(4))
    }

    /// What stores look a code up by: the first 8 bytes of the SHA-256 of the canonical form,
    /// big-endian, as a signed integer (a small index entry; distinct codes do not collide in 64 bits).
    public var key: Int64 {
        SHA256.hash(rawValue.utf8).prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    public var description: String { displayed }

    /// The canonical character for a typed one, or nil when it is not in the alphabet.
    static func normalise(_ byte: UInt8) -> UInt8? {
        let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
        switch upper {
        case UInt8(ascii: "O"): return UInt8(ascii: "0")
        case UInt8(ascii: "I"), UInt8(ascii: "L"): return UInt8(ascii: "1")
        case UInt8(ascii: "U"): return nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return upper
        default: return nil
        }
    }
}
