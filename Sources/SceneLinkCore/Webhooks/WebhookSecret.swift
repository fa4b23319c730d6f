import Foundation

/// The key an endpoint's deliveries are signed with, shown as `whsec_` followed by the key's
/// bytes in standard base64 (the Standard Webhooks form, which its libraries and Svix accept).
///
/// A new secret has 32 bytes from `SystemRandomNumberGenerator` (the kernel CSPRNG); a secret
/// read back from a store or given by hand must have 24 to 64 bytes, as the specification asks.
///
/// ```swift
/// let secret = WebhookSecret.random()
/// secret.text                                  // "whsec_…"
/// let same = try WebhookSecret(text: secret.text)
/// ```
public struct WebhookSecret: Sendable, Equatable {
    /// The prefix that marks a Standard Webhooks symmetric secret.
    public static let prefix = "whsec_"
    /// The fewest and most key bytes accepted (Standard Webhooks: 24 to 64).
    public static let byteRange = 24...64
    /// The key bytes of a new secret.
    public static let randomByteCount = 32

    /// The HMAC key.
    public let bytes: [UInt8]

    /// Reads `whsec_BASE64`.
    /// - Throws: `WebhookSecretError` when the prefix is missing, the rest is not base64, or the
    ///   key is shorter than 24 or longer than 64 bytes.
    public init(text: String) throws(WebhookSecretError) {
        guard text.hasPrefix(Self.prefix) else { throw .missingPrefix }
        guard let data = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))) else { throw .notBase64 }
        try self.init(bytes: [UInt8](data))
    }

    /// A secret with these key bytes.
    /// - Throws: `WebhookSecretError.wrongLength` outside 24 to 64 bytes.
    public init(bytes: [UInt8]) throws(WebhookSecretError) {
        guard Self.byteRange.contains(bytes.count) else { throw .wrongLength(bytes.count) }
        self.bytes = bytes
    }

    /// A new secret of `randomByteCount` bytes from the system CSPRNG.
    public static func random() -> WebhookSecret {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<randomByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return WebhookSecret(unchecked: bytes)
    }

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// `whsec_` and the key in standard base64 with padding.
    public var text: String { Self.prefix + Data(bytes).base64EncodedString() }
}
