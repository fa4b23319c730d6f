/// The text of an API key: `slk_` + the key's id (16 lowercase hex digits) + `_` + a secret of
/// 256 bits from the system CSPRNG in base64url (43 characters), 64 characters in all, sent as
/// `Authorization: Bearer slk_…`.
///
/// The id finds the key without a search; the store keeps SHA-256 of the secret only, compared
/// in constant time (`SessionToken.constantTimeEqual`), so a stolen database yields no key.
public struct APIKeyToken: Sendable, Equatable {
    public let id: String
    public let secret: String

    /// What every key's text starts with (the admin token may not, `looksLikeKey`).
    public static let prefix = "slk_"
    static let idLength = 16

    public init(id: String, secret: String) {
        self.id = id
        self.secret = secret
    }

    /// The text handed out once.
    public var text: String { Self.prefix + id + "_" + secret }

    /// SHA-256 of the secret, what the store keeps.
    public var secretHash: [UInt8] { SHA256.hash(secret.utf8) }

    /// A new key's id and secret, from the system CSPRNG.
    public static func random() -> APIKeyToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        let idWord = generator.next() as UInt64
        let id = String((0..<idLength).map { digits[Int((idWord >> UInt64($0 * 4)) & 0xf)] })
        return APIKeyToken(id: id, secret: SessionToken.random().text)
    }

    /// The token in `text` when it has a key's shape (prefix, 16 hex digits, `_`, a non-empty
    /// secret); nil otherwise, without saying why (it is then treated as a wrong token).
    public init?(parsing text: String) {
        let utf8 = text.utf8
        guard text.hasPrefix(Self.prefix), utf8.count > Self.prefix.utf8.count + Self.idLength + 1 else { return nil }
        let idStart = utf8.index(utf8.startIndex, offsetBy: Self.prefix.utf8.count)
        let idEnd = utf8.index(idStart, offsetBy: Self.idLength)
        let id = utf8[idStart..<idEnd]
        guard id.allSatisfy(Self.isIDByte),
              utf8[idEnd] == UInt8(ascii: "_")
        else { return nil }
        let secret = utf8[utf8.index(after: idEnd)...]
        guard let idText = String(id), let secretText = String(secret), !secretText.isEmpty else { return nil }
        self.init(id: idText, secret: secretText)
    }

    /// Whether `text` has the shape of a key's id (16 lowercase hex digits).
    public static func isID(_ text: String) -> Bool {
        text.utf8.count == idLength && text.utf8.allSatisfy(isIDByte)
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    /// Whether `text` starts like a key's text.
    public static func looksLikeKey(_ text: String) -> Bool { text.hasPrefix(prefix) }
}
