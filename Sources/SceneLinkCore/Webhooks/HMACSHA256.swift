/// HMAC-SHA256 (RFC 2104, with SHA-256 from FIPS 180-4): what Standard Webhooks signs with.
///
/// Built on `SHA256`, the core's own hash, since CryptoKit does not exist on Linux and SceneLink
/// takes no packages. Checked against RFC 4231's test vectors.
///
/// ```swift
/// let mac = HMACSHA256.authenticationCode(key: Array("Jefe".utf8),
///                                         message: Array("what do ya want for nothing?".utf8))
/// ```
public enum HMACSHA256 {
    /// SHA-256's block size in bytes (RFC 2104's B).
    static let blockSize = 64

    /// The 32-byte HMAC of `message` under `key`. A key longer than the block size is hashed
    /// first, a shorter one padded with zeros (RFC 2104 §2).
    public static func authenticationCode<Message: Collection>(key: [UInt8], message: Message) -> [UInt8]
    where Message.Element == UInt8 {
        var block = key.count > blockSize ? SHA256.hash(key) : key
        block.append(contentsOf: repeatElement(0, count: blockSize - block.count))
        var inner = block.map { $0 ^ 0x36 }
        inner.append(contentsOf: message)
        var outer = block.map { $0 ^ 0x5c }
        outer.append(contentsOf: SHA256.hash(inner))
        return SHA256.hash(outer)
    }
}
