/// Why an analytics store operation failed: the store could not do it.
public enum AnalyticsStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case failure(StoreFailure)

    /// The store failure this error carries.
    public var failure: StoreFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    public var description: String {
        switch self {
        case .failure(let failure): failure.description
        }
    }
}
