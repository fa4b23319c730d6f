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
    /// The store could not do it: closed, unavailable, a commit in doubt, or failed storage.
    case failure(StoreFailure)

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
        case .failure(let failure):
            return failure.description
        }
    }
}
