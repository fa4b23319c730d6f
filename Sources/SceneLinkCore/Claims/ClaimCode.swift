/// The short code of a claim, for a person to type: 8 characters of Crockford's base32
/// (`0-9 A-Z` without `I L O U`, 40 bits), shown as `ABCD-EFGH`.
///
/// Typed input is read leniently, as Crockford's base32 specifies: any case, with or without
/// the hyphen (and spaces), `O` read as `0`, `I` and `L` as `1`. A code lives for the claim's
/// code lifetime (an hour by default): 40 bits are too few to outlast guessing for long, and
/// redemption is rate-limited. A code is its claim's id encrypted (`ClaimCodeCipher`), so
/// stores find a claim by either one through the same index.
///
/// ```swift
/// let code = try ClaimCode(typed: "abcd efgh")   // displayed "ABCD-EFGH"
/// codes.code(forClaim: id).displayed               // "7K2M-Q9XD" (a `ClaimCodeCipher`)
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

    /// The code whose 40 bits are `value`'s low bits (`ClaimCodeCipher` makes them), 5 a character.
    init(value: UInt64) {
        let characters = (0..<ClaimCode.length).map {
            ClaimCode.alphabet[Int(truncatingIfNeeded: value >> UInt64(35 - $0 * 5) & 31)]
        }
        rawValue = String(decoding: characters, as: UTF8.self)
    }

    /// The code's 40 bits, the first character the highest five.
    var value: UInt64 {
        rawValue.utf8.reduce(UInt64(0)) { value, character in
            value << 5 | UInt64(ClaimCode.alphabet.firstIndex(of: character) ?? 0)
        }
    }

    /// The bits a code holds.
    static let valueMask: UInt64 = (1 << 40) - 1

    /// The code as shown to a person: `ABCD-EFGH`.
    public var displayed: String {
        String(rawValue.prefix(4)) + "-" + String(rawValue.dropFirst(4))
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
