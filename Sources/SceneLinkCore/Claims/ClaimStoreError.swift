/// Why a claim store operation failed. Endpoints map each case to one status.
public enum ClaimStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A claim with this token or code exists already (a new random pair is drawn). → retry
    case exists
    /// The store could not do it: closed, unavailable, a commit in doubt, or failed storage.
    case failure(StoreFailure)

    public var description: String {
        switch self {
        case .exists:
            return "A claim with this token or code already exists; draw another."
        case .failure(let failure):
            return failure.description
        }
    }
}
