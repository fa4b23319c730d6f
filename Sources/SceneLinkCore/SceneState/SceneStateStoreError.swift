/// Why a store operation failed. Endpoints map each case to one status.
public enum SceneStateStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The session does not exist (never created, ended or swept). → 404
    case sessionNotFound
    /// The write's `If-Match` / `If-None-Match` does not hold; `current` is the tag now stored. → 412
    case preconditionFailed(current: EntityTag?)
    /// A new key would exceed the keys-per-scene limit. → 409
    case tooManyKeys(limit: Int)
    /// A new scene would exceed the scenes-per-session limit. → 409
    case tooManyScenes(limit: Int)
    /// A value is larger than the limit. → 413
    case valueTooLarge(bytes: Int, limit: Int)
    /// The write would take the session's values to `bytes` in all, past the quota `limit`. → 409
    case sessionTooLarge(bytes: Int, limit: Int)
    /// A session with this id already exists (a random id collided). → retry
    case sessionExists
    /// The store was closed (the server is shutting down). → 503
    case closed
    /// The storage failed (disk full, I/O error); `message` is the underlying error's sentence. → 500
    case storage(message: String)
    /// The storage cannot be reached for now (the database restarts, a connection dropped, every
    /// pooled connection is busy, a statement timed out); the write was not acknowledged and may
    /// be retried. `message` says what happened, never with credentials. → 503 with `Retry-After`
    case unavailable(message: String)
    /// A write's commit may or may not have taken effect: the database returned from the commit
    /// with a warning that its wait for a synchronous standby was cancelled, so the write is on
    /// the primary alone and a failover now would lose it. Never acknowledged. → 503 with
    /// `Retry-After`; the client reads the value back before it retries.
    case indeterminate(message: String)

    public var description: String {
        switch self {
        case .sessionNotFound:
            return "The session does not exist or has expired; open a new one with POST /v1/sessions."
        case .preconditionFailed(let current):
            let now = current.map { "it is now \($0.headerValue)" } ?? "nothing is stored there now"
            return "The stored state changed since you read it (\(now)); read it again and retry with its ETag."
        case .tooManyKeys(let limit):
            return "The scene already holds \(limit) keys, the limit; delete a key or reuse one."
        case .tooManyScenes(let limit):
            return "The session already holds \(limit) scenes, the limit; delete a scene the system discarded."
        case .valueTooLarge(let bytes, let limit):
            return "A value of \(bytes) bytes exceeds the limit of \(limit) bytes; store less state."
        case .sessionTooLarge(let bytes, let limit):
            return "This write would bring the session to \(bytes) bytes of values, past its limit of \(limit) bytes; "
                + "delete values or scenes it no longer needs."
        case .sessionExists:
            return "A session with this id already exists; create the session again."
        case .closed:
            return "The store is closed because the server is shutting down; retry shortly."
        case .storage(let message):
            return "The store failed: \(message)"
        case .unavailable(let message):
            return "The store is unavailable for now (\(message)); retry shortly."
        case .indeterminate(let message):
            return "The write may or may not have been stored (\(message)); read it back before retrying."
        }
    }
}
