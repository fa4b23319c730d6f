/// A client's `Idempotency-Key` (IETF httpapi draft "The Idempotency-Key HTTP Header Field"):
/// 1 to 255 visible ASCII characters, such as a UUID. The same key on a retried create answers
/// the first answer instead of creating again.
public struct IdempotencyKey: Sendable, Equatable {
    public let rawValue: String

    /// The longest key accepted.
    public static let maximumLength = 255

    /// - Throws: `IdempotencyKeyError` saying what to send instead.
    public init(_ text: String) throws(IdempotencyKeyError) {
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength,
              text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw IdempotencyKeyError(text: text) }
        rawValue = text
    }
}

/// An `Idempotency-Key` field that is not 1 to 255 visible ASCII characters.
public struct IdempotencyKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public var description: String {
        let shown = text.count > 64 ? String(text.prefix(64)) + "…" : text
        return "The Idempotency-Key '\(shown)' is not 1 to \(IdempotencyKey.maximumLength) visible ASCII characters; "
            + "send a fresh random one such as a UUID for each new create, and the same one when you retry it."
    }
}
