/// Why a key's name or scopes were refused (`POST /v1/keys`, `scenelink keys create`).
public enum APIKeyInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A scope that is not one of `APIKeyScope`.
    case unknownScope(String)
    /// No scope was given.
    case noScopes
    /// A name that is empty, too long, has characters outside `A-Z a-z 0-9 . _ -` and space, or
    /// starts or ends with a space.
    case invalidName(String)

    public var description: String {
        switch self {
        case .unknownScope(let name):
            return "'\(name)' is not a scope; the scopes are \(APIKeyScope.names)."
        case .noScopes:
            return "Give at least one scope: \(APIKeyScope.names)."
        case .invalidName(let name):
            return "The key name '\(name.prefix(80))' is not valid; use 1 to \(APIKey.maximumNameLength) characters of "
                + "letters, digits, spaces, '.', '_' and '-', with no space at either end."
        }
    }
}
