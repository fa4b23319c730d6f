/// The code of a short link, the last segment of `https://HOST/s/CODE`: 1 to 64 characters
/// of `A-Z a-z 0-9 - _` (the base64url alphabet, safe in a path without escaping).
///
/// A generated code is 12 characters from 9 bytes (72 bits) of `SystemRandomNumberGenerator`,
/// the kernel CSPRNG (`getrandom(2)` on Linux), as `SessionID` and `SessionToken` use: too
/// many to find a live link by guessing. An alias is a code the creator chose; it is only
/// as hard to guess as the creator made it. Codes compare case-sensitively.
///
/// ```swift
/// let code = ShortCode.random()          // "q3JtZ0aX-9fW"
/// let alias = try ShortCode("spring-sale")
/// ```
public struct ShortCode: Hashable, Sendable, CustomStringConvertible {
    /// The longest code or alias accepted. Short enough that a stored code never makes a URL
    /// unwieldy, long enough for any readable alias.
    public static let maximumLength = 64
    /// Random bytes in a generated code (72 bits, 12 characters).
    public static let randomByteCount = 9

    public let rawValue: String

    /// Validates a code or an alias.
    /// - Throws: `ShortCodeError` when it is empty, longer than `maximumLength`, or has a
    ///   character outside `A-Z a-z 0-9 - _`.
    public init(_ rawValue: String) throws(ShortCodeError) {
        if rawValue.isEmpty { throw ShortCodeError(value: rawValue, reason: .empty) }
        if rawValue.utf8.count > ShortCode.maximumLength {
            throw ShortCodeError(value: rawValue, reason: .tooLong(maximum: ShortCode.maximumLength))
        }
        for scalar in rawValue.unicodeScalars where !(scalar.isASCII && ShortCode.isAllowed(UInt8(scalar.value))) {
            throw ShortCodeError(value: rawValue, reason: .invalidCharacter(Character(scalar)))
        }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// A new code with 72 bits from the system CSPRNG.
    public static func random() -> ShortCode {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<randomByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return ShortCode(unchecked: Base64URL.encode(bytes))
    }

    /// The code an imported row without one gets: 72 bits of SHA-256 of everything the row
    /// says (`fingerprint`), so importing the same file again finds its links instead of making
    /// them twice (and two rows that say the same are one link).
    public static func derived(fingerprint: String) -> ShortCode {
        let digest = SHA256.hash(Array(("import\n" + fingerprint).utf8))
        return ShortCode(unchecked: Base64URL.encode(Array(digest.prefix(randomByteCount))))
    }

    /// What stores index a code by: SHA-256 of its UTF-8 bytes. Looking a code up by its hash
    /// makes the time an index search takes depend on the hash, so it tells nothing about
    /// which prefixes of stored codes a guess shared.
    public var hash: [UInt8] { SHA256.hash(rawValue.utf8) }

    public var description: String { rawValue }

    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
