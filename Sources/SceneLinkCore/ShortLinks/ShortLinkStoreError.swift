/// Why a short-link store operation failed. Endpoints map each case to one status.
public enum ShortLinkStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short link with this code already exists. → 409 for an alias; a new random code otherwise
    case codeExists(ShortCode)
    /// The store was closed (the server is shutting down). → 503
    case closed
    /// The storage failed; `message` is the underlying error's sentence. → 500
    case storage(message: String)
    /// The storage cannot be reached for now (the database restarts, a connection dropped, every
    /// pooled connection is busy, a statement timed out); nothing was acknowledged, and a retry
    /// soon is likely to succeed. `message` never carries credentials. → 503 with `Retry-After`
    case unavailable(message: String)

    public var description: String {
        switch self {
        case .codeExists(let code):
            return "A short link with the code '\(code)' already exists; choose another alias, or delete that link first."
        case .closed:
            return "The store is closed because the server is shutting down; retry shortly."
        case .storage(let message):
            return "The store failed: \(message)"
        case .unavailable(let message):
            return "The store is unavailable for now (\(message)); retry shortly."
        }
    }
}
