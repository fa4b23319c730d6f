/// How any store operation can fail whatever it was doing: the one failure type every store
/// error carries (`SceneStateStoreError.failure`, `ShortLinkStoreError.failure`, …), so each is
/// answered one way on every endpoint and both stores.
public enum StoreFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store was closed (the server is shutting down); nothing was done. → 503
    case closed
    /// The storage cannot be reached for now (the database restarts, a connection dropped before
    /// a commit was sent, every pooled connection is busy, a statement timed out); nothing was
    /// stored, and a retry soon is likely to succeed. `message` never carries credentials. → 503
    case unavailable(message: String)
    /// A write's commit was sent and may or may not have taken effect: its answer never came
    /// (the connection dropped, or the server sent nothing within the response timeout), or the
    /// database warned that its wait for a synchronous standby was cancelled, so it is on the
    /// primary alone. Never acknowledged; the client reads back, or retries with the same
    /// `Idempotency-Key`. → 503 `commit-indeterminate`
    case commitInDoubt(message: String)
    /// The storage failed (disk full, I/O error, an unexpected database error). → 500
    case storage(message: String)

    public var description: String {
        switch self {
        case .closed:
            return "The store is closed because the server is shutting down; retry shortly."
        case .unavailable(let message):
            return "The store is unavailable for now (\(message)); retry shortly."
        case .commitInDoubt(let message):
            return "The write may or may not have been stored (\(message)); read it back before retrying."
        case .storage(let message):
            return "The store failed: \(message)"
        }
    }
}
