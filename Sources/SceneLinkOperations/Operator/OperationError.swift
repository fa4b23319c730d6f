import SceneLinkCore
import SceneLinkHTTP

/// Why an operation did not happen, as one problem every front end answers the same way: the
/// JSON API as problem+json (`response`), the console as a page with its title and sentence.
/// Made once, where the operation knows why (a refusal, bad input, a missing thing, a conflict,
/// a store failure), so no front end words it again.
package struct OperationError: Error, Sendable {
    package let problem: HTTPProblem
    /// `Retry-After` for a store that is unavailable for now.
    package let headers: HTTPHeaders
    /// The store's failure when the store failed (a create safe to retry lets go of its key, or
    /// keeps it while the commit is in doubt); nil for every other reason.
    package let storeFailure: StoreFailure?

    package init(_ problem: HTTPProblem, headers: HTTPHeaders = [:]) {
        self.problem = problem
        self.headers = headers
        storeFailure = nil
    }

    /// The store's failure, answered as every endpoint answers it (500 or 503 with `Retry-After`,
    /// never the underlying message).
    package init(_ failure: StoreFailure) {
        problem = failure.problem
        headers = failure.headers
        storeFailure = failure
    }

    /// `identity` may not perform `operation`: the API's own refusal (403 `missing-scope` naming the
    /// scope, or `admin-token-required`).
    package static func denied(_ operation: AdminOperation, for identity: OperatorIdentity) -> OperationError {
        denial(operation, for: identity).error
    }

    /// `denied`, with the reason the audit log records the refusal under (a guard's `auth.refused`).
    package static func denial(_ operation: AdminOperation, for identity: OperatorIdentity) -> (error: OperationError, reason: AuthRefusalReason) {
        switch (identity, operation.permission) {
        case (.key(_, let name, _), .scope(let scope)):
            (OperationError(AdminAuthenticator.Refusal.missingScopeProblem(scope, key: name)), .missingScope)
        default:
            (OperationError(AdminAuthenticator.Refusal.rootOnlyProblem), .adminTokenRequired)
        }
    }

    /// The problem+json answer.
    package var response: HTTPResponse { problem.response(headers: headers) }
}
