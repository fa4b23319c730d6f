/// Why an API-key store operation failed.
public enum APIKeyStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A key that is not revoked already has this name. → 409
    case nameExists(String)
    /// The store could not do it: closed, unavailable, a commit in doubt, or failed storage.
    case failure(StoreFailure)

    public var description: String {
        switch self {
        case .nameExists(let name):
            return "A key named '\(name)' already exists; choose another name, or revoke that key first."
        case .failure(let failure):
            return failure.description
        }
    }
}
