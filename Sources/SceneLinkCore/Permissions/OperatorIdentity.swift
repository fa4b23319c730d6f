/// Who an operator is, once their token has been checked: the admin token, or an API key with
/// its scopes. A console session carries the identity it signed in with.
///
/// `may(_:)` applies the permission table (`AdminOperation.permission`), the one check of every
/// door: the API's guard, the console's guard, and what a console page offers.
public enum OperatorIdentity: Sendable, Equatable {
    /// The root key, `--admin-token` (or `--admin-token-next` during a rotation): every operation.
    case adminToken
    /// A working API key: what its scopes allow.
    case key(id: String, name: String, scopes: [APIKeyScope] = [])

    /// The identity of a working key.
    public init(_ key: APIKey) {
        self = .key(id: key.id, name: key.name, scopes: key.scopes)
    }

    /// Whether this identity may perform `operation`.
    public func may(_ operation: AdminOperation) -> Bool {
        switch (self, operation.permission) {
        case (.adminToken, _), (.key, .anyOperator): true
        case (.key, .adminToken): false
        case (.key(_, _, let scopes), .scope(let needed)): scopes.contains { $0.grants(needed) }
        }
    }

    /// Whether this identity holds `scope` (the admin token holds every one).
    public func holds(_ scope: APIKeyScope) -> Bool {
        switch self {
        case .adminToken: true
        case .key(_, _, let scopes): scopes.contains { $0.grants(scope) }
        }
    }

    /// How the audit log names it: `admin-token` or `key:NAME(id)`.
    public var actor: AuditActor {
        switch self {
        case .adminToken: .adminToken
        case .key(let id, let name, _): .key(id: id, name: name)
        }
    }

    /// How the access log names it: `admin-token` or `key:ID` (never the key's text, nor its name,
    /// which an operator chose and may change meaning).
    public var logName: String {
        switch self {
        case .adminToken: "admin-token"
        case .key(let id, _, _): "key:\(id)"
        }
    }

    /// The key's id; nil for the admin token.
    public var keyID: String? {
        if case .key(let id, _, _) = self { return id }
        return nil
    }
}
