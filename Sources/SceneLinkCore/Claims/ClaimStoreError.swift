/// Why a claim store operation failed. Endpoints map each case to one status.
public enum ClaimStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A claim with this token or code exists already (a new random pair is drawn). → retry
    case exists
    /// The store was closed (the server is shutting down). → 503
    case closed
    /// The storage failed; `message` is the underlying error's sentence. → 500
    case storage(message: String)
    /// The storage cannot be reached for now; nothing was acknowledged. → 503 with `Retry-After`
    case unavailable(message: String)

    public var description: String {
        switch self {
        case .exists:
            return "A claim with this token or code already exists; draw another."
        case .closed:
            return "The store is closed because the server is shutting down; retry shortly."
        case .storage(let message):
            return "The store failed: \(message)"
        case .unavailable(let message):
            return "The store is unavailable for now (\(message)); retry shortly."
        }
    }
}
