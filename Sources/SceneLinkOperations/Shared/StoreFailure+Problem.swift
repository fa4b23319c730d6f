import SceneLinkCore
import SceneLinkHTTP

extension StoreFailure {
    /// The one answer for a store that could not do a request's work, on every endpoint and both
    /// stores: shutting down (503), unreachable for now (503), a commit in doubt (503
    /// `commit-indeterminate`), or failed (500, without the underlying message, which may name
    /// tables and SQL and belongs in the log). Every 503 carries `Retry-After`.
    package var problem: HTTPProblem {
        switch self {
        case .closed:
            HTTPProblem(status: .serviceUnavailable, type: HTTPProblem.typeBase + "unavailable", title: "Shutting down",
                        detail: description)
        case .unavailable:
            HTTPProblem(status: .serviceUnavailable, type: HTTPProblem.typeBase + "store-unavailable", title: "Storage unavailable",
                        detail: "The database cannot be reached for now, and nothing was stored; retry shortly.")
        case .commitInDoubt:
            // The access log has the request id; the operator's log has the sessions and the cause.
            HTTPProblem(status: .serviceUnavailable, type: HTTPProblem.typeBase + "commit-indeterminate", title: "Outcome unknown",
                        detail: "The write reached the database, but its commit was not confirmed (no answer came, or no "
                            + "synchronous standby confirmed it), so it may or may not have been stored; read it back "
                            + "(GET) before you retry, or retry with the same Idempotency-Key where the route takes one.")
        case .storage:
            HTTPProblem(status: .internalServerError, type: HTTPProblem.typeBase + "storage-failed", title: "Storage failed",
                        detail: "The server could not read or write its database; retry later, and tell the operator if it persists.")
        }
    }

    /// `Retry-After: 1` on every 503.
    package var headers: HTTPHeaders {
        switch self {
        case .storage: [:]
        case .closed, .unavailable, .commitInDoubt: ["Retry-After": "1"]
        }
    }

    /// `problem` with `headers`, as problem+json.
    package var response: HTTPResponse { problem.response(headers: headers) }
}
