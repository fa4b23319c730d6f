/// Why a webhook store operation failed. Endpoints map each case to one status.
public enum WebhookStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store could not do it: closed, unavailable, a commit in doubt, or failed storage.
    case failure(StoreFailure)

    public var description: String {
        switch self {
        case .failure(let failure):
            return failure.description
        }
    }
}
