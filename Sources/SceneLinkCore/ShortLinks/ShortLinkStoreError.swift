/// Why a short-link store operation failed. Endpoints map each case to one status.
public enum ShortLinkStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short link with this code already exists. → 409 for an alias; a new random code otherwise
    case codeExists(ShortCode)
    /// No short link has this code (an update). → 404
    case notFound(ShortCode)
    /// The link changed since the revision an update was based on. → read it again, or 412
    /// for a request that sent `If-Match`
    case revisionChanged(ShortCode)
    /// The store could not do it: closed, unavailable, a commit in doubt, or failed storage.
    case failure(StoreFailure)

    /// The store failure this error carries, nil for an answer of the operation's own.
    public var failure: StoreFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    public var description: String {
        switch self {
        case .codeExists(let code):
            return "A short link with the code '\(code)' already exists; choose another alias, or delete that link first."
        case .notFound(let code):
            return "No short link has the code '\(code)'; check the code, or create the link first."
        case .revisionChanged(let code):
            return "The short link '\(code)' changed since it was read; read it again and repeat the change."
        case .failure(let failure):
            return failure.description
        }
    }
}
