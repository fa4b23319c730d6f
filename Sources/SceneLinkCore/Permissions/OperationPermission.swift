/// What a caller must hold to perform an `AdminOperation`: the one column of the permission
/// table (`AdminOperation.permission`).
public enum OperationPermission: Sendable, Equatable, CustomStringConvertible {
    /// Any operator: the admin token, or any working API key (a console session of either).
    /// For what the public API answers to anyone anyway (the route table, "try a link").
    case anyOperator
    /// The admin token, or an API key holding this scope (`APIKeyScope.grants`).
    case scope(APIKeyScope)
    /// The admin token alone (the root key): key management. No key passes, whatever its scopes.
    case adminToken

    /// `any operator`, the scope's name, or `admin token`: how docs and messages name it.
    public var description: String {
        switch self {
        case .anyOperator: "any operator"
        case .scope(let scope): scope.rawValue
        case .adminToken: "admin token"
        }
    }
}
