/// Why a short-link store operation failed. Endpoints map each case to one status.
public enum ShortLinkStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short link with this code already exists. → 409 for an alias; a new random code otherwise
    case codeExists(ShortCode)
    /// The store could not do it: closed, unavailable, a commit in doubt, or failed storage.
    case failure(StoreFailure)

    public var description: String {
        switch self {
        case .codeExists(let code):
            return "A short link with the code '\(code)' already exists; choose another alias, or delete that link first."
        case .failure(let failure):
            return failure.description
        }
    }
}
