import Foundation
import Synchronization

/// The secret of one claim: what `https://HOST/c/TOKEN` and the Play referrer
/// `scenelink_claim=TOKEN` carry.
///
/// A token is 20 bytes written as 27 characters of base64url: the claim's `id` (8 bytes,
/// big-endian) and 12 secret bytes (96 bits, more than the 72 the design asks) from
/// `SystemRandomNumberGenerator` (the kernel CSPRNG). Stores find a claim by its id and keep
/// only `secretHash`, so a copied database yields no token that could be redeemed.
///
/// **Why the id is in the token.** An id is the second the claim was made followed by a
/// counter (`nextID(at:)`), so ids grow with time and a store appends each new claim at the
/// end of its table. Looking claims up by a hash of a random token instead put every new
/// claim at a random place of an index, and a group commit of claims then wrote a page per
/// claim. The id says when the claim was made, nothing more: it is not a secret.
///
/// ```swift
/// let token = ClaimToken.random(id: ClaimToken.nextID(at: now))   // "aMYXFAAAAAFircmbRpf719Wk3Cc"
/// let read = try ClaimToken("aMYXFAAAAAFircmbRpf719Wk3Cc")         // read.id == token.id
/// ```
public struct ClaimToken: Hashable, Sendable, CustomStringConvertible {
    /// Secret random bytes in a token.
    public static let secretByteCount = 12
    /// Characters in a token's text (base64url of the 8-byte id and the secret, no padding).
    public static let length = 27
    /// Bytes of SHA-256 kept of the secret (`secretHash`): 128 bits, more than the secret has.
    public static let secretHashByteCount = 16

    public let rawValue: String
    /// The claim's id: where stores find it (positive).
    public let id: Int64
    private let secret: [UInt8]

    /// Reads a token's text: exactly `length` characters of `A-Z a-z 0-9 - _` that decode to a
    /// positive id and a secret.
    /// - Throws: `ClaimInputError.malformedToken` saying what a token looks like.
    public init(_ rawValue: String) throws(ClaimInputError) {
        guard rawValue.utf8.count == ClaimToken.length, let bytes = Base64URL.decode(rawValue.utf8),
              bytes.count == 8 + ClaimToken.secretByteCount else {
            throw ClaimInputError.malformedToken(rawValue)
        }
        let id = bytes.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        guard id > 0 else { throw ClaimInputError.malformedToken(rawValue) }
        self.rawValue = rawValue
        self.id = id
        secret = Array(bytes.dropFirst(8))
    }

    private init(id: Int64, secret: [UInt8]) {
        self.id = id
        self.secret = secret
        rawValue = Base64URL.encode((0..<8).map { UInt8(truncatingIfNeeded: id >> Int64(56 - $0 * 8)) } + secret)
    }

    /// A new token for the claim `id` with 96 secret bits from the system CSPRNG.
    public static func random(id: Int64) -> ClaimToken {
        // Two 64-bit draws (each one getrandom(2) call on Linux), not one per byte: a phone's
        // link page makes a token on every view.
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()]
        let bytes = (0..<secretByteCount).map { UInt8(truncatingIfNeeded: words[$0 / 8] >> UInt64(($0 % 8) * 8)) }
        return ClaimToken(id: id, secret: bytes)
    }

    /// A new claim id at `now`: the second since 1970 in the high bits, then 20 bits of a counter
    /// that starts at a random value in each process, so ids of one process never repeat within
    /// a second (up to a million claims a second) and ids of several instances rarely do (a
    /// store refuses a taken id, and `ClaimIssuer` draws again). The low 40 bits, unique over
    /// 2²⁰ seconds, are what the claim's code encrypts (`ClaimCodeCipher`). Always positive.
    public static func nextID(at now: Date) -> Int64 {
        let seconds = Int64(max(0, now.timeIntervalSince1970.rounded(.down)).truncatingRemainder(dividingBy: 0x800_0000_0000))
        let counter = Int64(idCounter.add(1, ordering: .relaxed).newValue & 0xF_FFFF)
        return seconds << 20 | counter
    }

    private static let idCounter = Atomic<UInt32>(UInt32.random(in: 0 ... .max))

    /// What stores keep of the secret: the first `secretHashByteCount` bytes of its SHA-256.
    public var secretHash: [UInt8] { Array(SHA256.hash(secret).prefix(ClaimToken.secretHashByteCount)) }

    public var description: String { rawValue }
}
