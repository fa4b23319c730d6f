import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

/// The problem+json answers of the short-link endpoints. `type` URIs are stable:
/// `https://scenelink.dev/problems/<slug>`.
enum ShortLinkProblems {
    static let base = "https://scenelink.dev/problems/"

    /// 403 for an admin route while no admin token is configured, naming what the route
    /// administers (short links, or webhook endpoints under `/v1/webhooks`). The `type` is
    /// the same for both, as openapi.yaml documents it.
    static func disabled(path: String) -> HTTPProblem {
        let webhooks = path == "/v1/webhooks" || path.hasPrefix("/v1/webhooks/")
        let (title, what) = webhooks
            ? ("Webhook administration is off", "webhook endpoints cannot be created, listed, changed or deleted")
            : ("Short-link administration is off", "short links cannot be created, listed or deleted")
        return HTTPProblem(
            status: .forbidden, type: base + "short-links-disabled", title: title,
            detail: "No admin token is configured, so \(what); start scenelink with --admin-token TOKEN "
                + "(or SCENELINK_ADMIN_TOKEN=TOKEN, 16 or more characters) and send it as 'Authorization: Bearer TOKEN'.")
    }

    /// 401 with the challenge of RFC 6750 §3.
    static func unauthorized(_ detail: String, invalidToken: Bool) -> HTTPResponse {
        let challenge = invalidToken ? "Bearer realm=\"scenelink-admin\", error=\"invalid_token\"" : "Bearer realm=\"scenelink-admin\""
        return HTTPProblem(status: .unauthorized, type: base + "admin-unauthorized", title: "Admin token required", detail: detail)
            .response(headers: ["WWW-Authenticate": challenge])
    }

    static let noHTTPSHost = HTTPProblem(
        status: .conflict, type: base + "no-https-host", title: "The app has no https host",
        detail: "A short link is https://HOST/s/CODE, and the route file lists no host; add the app's domain to "
            + "app.hosts in the route file and reload (SIGHUP).")

    static func badBody(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: base + "invalid-short-link", title: "Invalid short-link request", detail: detail)
    }

    static func invalidAlias(_ error: ShortCodeError) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: base + "invalid-alias", title: "Invalid alias", detail: error.description)
    }

    static func aliasTaken(_ code: ShortCode) -> HTTPProblem {
        HTTPProblem(status: .conflict, type: base + "short-link-exists", title: "Alias already taken",
                    detail: ShortLinkStoreError.codeExists(code).description)
    }

    /// 422 for a target the route table does not resolve: the resolve problem (its type,
    /// `detail` and `closest` routes), with the status of a body that is well-formed but wrong.
    static func targetDoesNotResolve(_ error: ResolveError) -> HTTPProblem {
        var problem = ResolveProblems.problem(for: error)
        problem.status = .unprocessableContent
        return problem
    }

    static let targetIsShortLink = HTTPProblem(
        status: .unprocessableContent, type: base + "target-is-short-link", title: "Target is a short link",
        detail: "The link is itself a short link; give the link it stands for, so every short link is one step from its screen.")

    static func expiryInPast(_ date: Date) -> HTTPProblem {
        HTTPProblem(status: .unprocessableContent, type: base + "expiry-in-past", title: "Expiry is in the past",
                    detail: "expiresAt \(RFC3339.string(date)) has already passed; give a later instant, or leave expiresAt out for a link that never expires.")
    }

    static func invalidQuery(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: base + "invalid-query", title: "Invalid query item", detail: detail)
    }

    static let notFound = HTTPProblem(
        status: .notFound, type: base + "short-link-not-found", title: "No such short link",
        detail: "No short link has this code; check the link, or ask its sender for a new one.")

    static func expired(at date: Date) -> HTTPProblem {
        HTTPProblem(status: .gone, type: base + "short-link-expired", title: "Short link expired",
                    detail: "This short link expired at \(RFC3339.string(date)); ask its sender for a new one.",
                    extensions: [(name: "expiredAt", json: JSONEscaping.quote(RFC3339.string(date)))])
    }

    /// The answer for a store failure.
    static func store(_ error: ShortLinkStoreError) -> HTTPResponse {
        switch error {
        case .codeExists(let code):
            return aliasTaken(code).response()
        case .closed:
            return StoreFailureProblems.closed(error.description)
        case .unavailable:
            return StoreFailureProblems.unavailable
        case .storage:
            return StoreFailureProblems.storageFailed
        }
    }
}
