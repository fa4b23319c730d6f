/// The bearer secret of one session.
///
/// A token is 32 bytes (256 bits) from `SystemRandomNumberGenerator`, which on Linux reads
/// the kernel CSPRNG through `getrandom(2)` (and `arc4random_buf` on Apple platforms), written
/// as 43 characters of base64url. The server keeps only `SHA256.hash` of the token's text, so a
/// stolen database file yields no usable token, and compares hashes in constant time.
///
/// ```swift
/// let token = SessionToken.random()
/// let record = SessionRecord(id: .random(), tokenHash: token.hash, createdAt: now, expiresAt: later)
/// ```
public struct SessionToken: Sendable, Equatable {
    /// The token as the client sends it after `Bearer `.
    public let text: String

    public init(text: String) { self.text = text }

    /// A new token with 256 bits from the system CSPRNG.
    public static func random() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return SessionToken(text: Base64URL.encode(bytes))
    }

    /// What the store keeps: SHA-256 of the token's UTF-8 bytes.
    public var hash: [UInt8] { SHA256.hash(text.utf8) }

    /// Compares two byte strings in time that depends only on their lengths, so a wrong
    /// guess reveals nothing about how many leading bytes were right.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
