/// The first answer to an idempotent create, as replayed to its retries: status, `Location`
/// and body. Stored sealed (`sealed(with:)`): its body is XORed with HMAC-SHA256 in counter mode
/// under the request's `answerKey`, which only the caller's key yields.
public struct IdempotentAnswer: Sendable, Equatable {
    public var status: Int
    public var location: String?
    public var body: [UInt8]

    public init(status: Int, location: String?, body: [UInt8]) {
        self.status = status
        self.location = location
        self.body = body
    }

    /// The body sealed under `key`; `opening(_:with:)` reverses it.
    public func sealedBody(with key: [UInt8]) -> [UInt8] { Self.xorKeystream(body, key: key) }

    /// The answer whose body was sealed under `key`.
    public static func opening(status: Int, location: String?, sealedBody: [UInt8], with key: [UInt8]) -> IdempotentAnswer {
        IdempotentAnswer(status: status, location: location, body: xorKeystream(sealedBody, key: key))
    }

    /// `bytes` XOR the keystream HMAC-SHA256(key, block counter), 32 bytes a block.
    private static func xorKeystream(_ bytes: [UInt8], key: [UInt8]) -> [UInt8] {
        var out = bytes
        var block: UInt64 = 0
        var offset = 0
        while offset < out.count {
            let counter = (0..<8).map { UInt8(truncatingIfNeeded: block >> (56 - 8 * UInt64($0))) }
            let stream = HMACSHA256.authenticationCode(key: key, message: counter)
            for index in 0..<min(stream.count, out.count - offset) { out[offset + index] ^= stream[index] }
            offset += stream.count
            block += 1
        }
        return out
    }
}
