/// The secret of one claim: what `https://HOST/c/TOKEN` and the Play referrer
/// `scenelink_claim=TOKEN` carry.
///
/// A token is 12 bytes (96 bits, more than the 72 the design asks) from
/// `SystemRandomNumberGenerator` (the kernel CSPRNG), written as 16 characters of base64url.
/// Stores keep only `hash`, so a copied database yields no token that could be redeemed.
///
/// ```swift
/// let token = ClaimToken.random()          // "Yq3JtZ0aX-9fWk2c"
/// let read = try ClaimToken("Yq3JtZ0aX-9fWk2c")
/// ```
public struct ClaimToken: Hashable, Sendable, CustomStringConvertible {
    /// Random bytes in a token.
    public static let randomByteCount = 12
    /// Characters in a token's text (base64url of `randomByteCount` bytes, no padding).
    public static let length = 16

    public let rawValue: String

    /// Validates a token's text: exactly `length` characters of `A-Z a-z 0-9 - _`.
    /// - Throws: `ClaimInputError` saying what is wrong.
    public init(_ rawValue: String) throws(ClaimInputError) {
        guard rawValue.utf8.count == ClaimToken.length,
              rawValue.utf8.allSatisfy(ShortCode.isAllowed) else {
            throw ClaimInputError.malformedToken(rawValue)
        }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// A new token with 96 bits from the system CSPRNG.
    public static func random() -> ClaimToken {
        // Two 64-bit draws (each one getrandom(2) call on Linux), not one per byte: a phone's
        // link page makes a token on every view.
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()]
        let bytes = (0..<randomByteCount).map { UInt8(truncatingIfNeeded: words[$0 / 8] >> UInt64(($0 % 8) * 8)) }
        return ClaimToken(unchecked: Base64URL.encode(bytes))
    }

    /// What stores keep and look a token up by: SHA-256 of its UTF-8 bytes.
    public var hash: [UInt8] { SHA256.hash(rawValue.utf8) }

    public var description: String { rawValue }
}
