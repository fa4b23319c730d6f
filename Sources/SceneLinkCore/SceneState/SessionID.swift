/// The public identifier of a session: 1 to 64 characters of `A-Z a-z 0-9 - _`.
///
/// New ids are 16 random bytes in base64url (22 characters). The id is not a secret: the
/// bearer token is (see `SessionToken`).
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 64

    public let rawValue: String

    /// Validates an id taken from a request path.
    /// - Throws: `SceneStateIdentifierError` when it is empty, too long, or has other characters.
    public init(_ rawValue: String) throws(SceneStateIdentifierError) {
        try SceneStateIdentifierError.validate(rawValue, kind: .sessionID, maximumLength: SessionID.maximumLength,
                                               allowsDot: false)
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// A new random id (128 bits from the system CSPRNG, base64url).
    public static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return SessionID(unchecked: Base64URL.encode(bytes))
    }

    public var description: String { rawValue }
}
