import SceneLinkHTTP

/// The answers for a store that failed, the same for every feature's endpoints: shutting down
/// (503), unreachable for now (503), or failed (500, without the underlying message, which may
/// name tables and SQL and belongs in the log).
enum StoreFailureProblems {

    /// The store is closed because the server is shutting down.
    static func closed(_ detail: String) -> HTTPResponse {
        HTTPProblem(status: .serviceUnavailable, type: HTTPProblem.typeBase + "unavailable", title: "Shutting down", detail: detail)
            .response(headers: ["Retry-After": "1"])
    }

    /// The database restarts, a connection dropped, the pool is full or a statement timed out.
    static var unavailable: HTTPResponse {
        HTTPProblem(status: .serviceUnavailable, type: HTTPProblem.typeBase + "store-unavailable", title: "Storage unavailable",
                    detail: "The database cannot be reached for now; retry shortly.")
            .response(headers: ["Retry-After": "1"])
    }

    /// The storage failed (disk full, I/O error, an unexpected database error).
    static var storageFailed: HTTPResponse {
        HTTPProblem(status: .internalServerError, type: HTTPProblem.typeBase + "storage-failed", title: "Storage failed",
                    detail: "The server could not read or write its database; retry later, and tell the operator if it persists.")
            .response()
    }
}
