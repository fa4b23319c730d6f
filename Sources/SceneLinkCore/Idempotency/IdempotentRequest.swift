/// What a store keeps to recognise a retried create: hashes of the caller's key, never the key.
///
/// - `keyHash` identifies the request: SHA-256 of the caller's scope (whose key it is: the admin
///   token's hash, or the client address for sessions), the route and the key.
/// - `fingerprint` is SHA-256 of the body: the same key with another body is refused (422).
/// - `answerKey` seals the stored answer (`IdempotentAnswer`), which may hold a secret (a
///   session's token, a webhook's signing secret): it is derived from the key under another
///   label and never stored, so the database alone cannot open an answer.
public struct IdempotentRequest: Sendable, Equatable {
    public let keyHash: [UInt8]
    public let fingerprint: [UInt8]
    public let answerKey: [UInt8]

    /// - Parameters:
    ///   - scope: whose key it is; keys of different callers never meet.
    ///   - route: `POST /v1/short-links`; the same key on another route is another request.
    public init(key: IdempotencyKey, scope: String, route: String, body: [UInt8]) {
        let identity = Array("\(scope)\u{0}\(route)\u{0}\(key.rawValue)".utf8)
        keyHash = SHA256.hash(Array("scenelink-idempotency-key\u{0}".utf8) + identity)
        answerKey = SHA256.hash(Array("scenelink-idempotency-answer\u{0}".utf8) + identity)
        fingerprint = SHA256.hash(body)
    }
}
