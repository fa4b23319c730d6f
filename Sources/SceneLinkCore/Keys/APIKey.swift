import Foundation

/// A named API key with scopes, for a tool that should not hold the admin token.
///
/// The store keeps the key's `secretHash` (SHA-256 of the secret part of its text,
/// `APIKeyToken`), never the text: the text is shown once, when the key is made. A revoked key
/// stays listed (with `revokedAt`) so the audit log's `key:NAME(id)` still names something;
/// its name may be given to a new key.
public struct APIKey: Sendable, Equatable {
    /// 16 lowercase hex digits (64 random bits); not secret, it names the key in lists and logs.
    public var id: String
    public var name: String
    /// In canonical order, without duplicates.
    public var scopes: [APIKeyScope]
    public var createdAt: Date
    /// When it stopped working; nil while it works.
    public var revokedAt: Date?
    /// SHA-256 of the secret part of the key's text.
    public var secretHash: [UInt8]

    /// The longest name, in characters.
    public static let maximumNameLength = 64

    public init(id: String, name: String, scopes: [APIKeyScope], createdAt: Date, revokedAt: Date? = nil, secretHash: [UInt8]) {
        self.id = id
        self.name = name
        self.scopes = scopes
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.secretHash = secretHash
    }

    /// A new key named `name` with `scopes`, and the text to hand out once.
    /// - Throws: `APIKeyInputError.invalidName` for a name `validName` refuses.
    public static func make(name: String, scopes: [APIKeyScope], at now: Date) throws(APIKeyInputError) -> (key: APIKey, token: APIKeyToken) {
        let name = try validName(name)
        let token = APIKeyToken.random()
        return (APIKey(id: token.id, name: name, scopes: Array(Set(scopes)).sorted(), createdAt: now,
                       secretHash: token.secretHash), token)
    }

    /// The name when it is 1 to 64 characters of ASCII letters, digits, `.`, `_`, `-` and spaces,
    /// with no space at either end (openapi.yaml's pattern says the same).
    public static func validName(_ name: String) throws(APIKeyInputError) -> String {
        let scalars = name.unicodeScalars
        let allowed = scalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || " ._-".unicodeScalars.contains(scalar))
        }
        guard allowed, !scalars.isEmpty, scalars.count <= maximumNameLength, scalars.first != " ", scalars.last != " " else {
            throw .invalidName(name)
        }
        return name
    }

    /// Whether the key works and holds a scope that grants `needed`.
    public func grants(_ needed: APIKeyScope) -> Bool {
        revokedAt == nil && scopes.contains { $0.grants(needed) }
    }

    /// How the audit log names it: `key:NAME(id)`.
    public var actor: AuditActor { .key(id: id, name: name) }
}
