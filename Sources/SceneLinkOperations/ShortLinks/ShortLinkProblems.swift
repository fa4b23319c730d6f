import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

/// The problem+json answers of the short-link endpoints. `type` URIs are stable:
/// `https://scenelink.dev/problems/<slug>`.
package enum ShortLinkProblems {
    package static let noHTTPSHost = HTTPProblem(
        status: .conflict, type: HTTPProblem.typeBase + "no-https-host", title: "The app has no https host",
        detail: "A short link is https://HOST/s/CODE, and the route file lists no host; add the app's domain to "
            + "app.hosts in the route file and reload (SIGHUP).")

    package static func badBody(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-short-link", title: "Invalid short-link request", detail: detail)
    }

    package static func invalidAlias(_ error: ShortCodeError) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-alias", title: "Invalid alias", detail: error.description)
    }

    package static func invalidTag(_ error: ShortLinkTagError) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-tag", title: "Invalid tag", detail: error.description)
    }

    /// 412: `If-Match` names another revision than the link's; the answer carries its `ETag`.
    package static func preconditionFailed(current: EntityTag) -> HTTPProblem {
        HTTPProblem(status: .preconditionFailed, type: HTTPProblem.typeBase + "precondition-failed", title: "Precondition failed",
                    detail: "The short link is now at \(current.headerValue), not the revision If-Match names; read it again "
                        + "(GET), then send the change with its ETag.")
    }

    package static func invalidCondition(_ error: EntityTagConditionError) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-precondition", title: "Malformed conditional header",
                    detail: error.description)
    }

    /// 415 for a body of another media type than the route reads.
    package static func unsupportedMediaType(_ given: String, accepted: String) -> HTTPProblem {
        HTTPProblem(status: .unsupportedMediaType, type: HTTPProblem.typeBase + "unsupported-media-type",
                    title: "Unsupported media type",
                    detail: "The body is declared as '\(JSONObjectBody.echo(given))'; send it as \(accepted).")
    }

    /// 400 for an import whose CSV cannot be read as a whole (not CSV, a bad header).
    package static func invalidImport(_ error: ShortLinkImportError) -> HTTPProblem {
        if case .tooManyRows = error {
            return HTTPProblem(status: .contentTooLarge, type: HTTPProblem.typeBase + "too-many-rows", title: "Too many rows",
                               detail: error.description)
        }
        return HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-csv", title: "Invalid CSV", detail: error.description)
    }

    /// A row of an import whose alias an earlier row already uses.
    package static func aliasRepeated(_ code: ShortCode, firstRow: Int) -> HTTPProblem {
        HTTPProblem(status: .conflict, type: HTTPProblem.typeBase + "short-link-exists", title: "Alias already taken",
                    detail: "Row \(firstRow) already uses the alias '\(code)'; give each row its own alias, or leave alias empty "
                        + "for a random code.")
    }

    /// 409: short links live at the root, and the code is a route's path.
    package static func codeIsRoute(_ code: ShortCode, route: String) -> HTTPProblem {
        HTTPProblem(status: .conflict, type: HTTPProblem.typeBase + "short-link-exists", title: "Alias already taken",
                    detail: "Short links live at the root, and /\(code) is the path of the route \(route); pick another alias.")
    }

    package static func aliasTaken(_ code: ShortCode) -> HTTPProblem {
        HTTPProblem(status: .conflict, type: HTTPProblem.typeBase + "short-link-exists", title: "Alias already taken",
                    detail: ShortLinkStoreError.codeExists(code).description)
    }

    /// 422 for a target the route table does not resolve: the resolve problem (its type,
    /// `detail` and `closest` routes), with the status of a body that is well-formed but wrong.
    package static func targetDoesNotResolve(_ error: ResolveError) -> HTTPProblem {
        var problem = ResolveProblems.problem(for: error)
        problem.status = .unprocessableContent
        return problem
    }

    /// 422 for a web page a link may not point at (`LinkDomains.webDestination`).
    package static func webDestinationNotAllowed(_ reason: String) -> HTTPProblem {
        HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "web-destination-not-allowed",
                    title: "Web destination not allowed", detail: reason)
    }

    /// 404 for `GET /v1/resolve` of a short link to a web page: it has no stack to resolve to.
    package static func webDestination(_ link: String) -> HTTPProblem {
        HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + "web-destination", title: "The short link points at a web page",
                    detail: "This short link points at the web page \(JSONObjectBody.echo(link)), not a screen of the app; open it in a browser.")
    }

    /// 404 for a link to a web site taken off `--link-domains` since it was made: never a redirect.
    package static let webDestinationGone = HTTPProblem(
        status: .notFound, type: HTTPProblem.typeBase + "web-destination-not-allowed", title: "Web destination not allowed",
        detail: "This short link points at a web site that is no longer allowed (--link-domains); ask its sender for a new one.")

    package static let targetIsShortLink = HTTPProblem(
        status: .unprocessableContent, type: HTTPProblem.typeBase + "target-is-short-link", title: "Target is a short link",
        detail: "The link is itself a short link; give the link it stands for, so every short link is one step from its screen.")

    package static func expiryInPast(_ date: Date) -> HTTPProblem {
        HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "expiry-in-past", title: "Expiry is in the past",
                    detail: "expiresAt \(RFC3339.string(date)) has already passed; give a later instant, or leave expiresAt out for a link that never expires.")
    }


    package static let notFound = HTTPProblem(
        status: .notFound, type: HTTPProblem.typeBase + "short-link-not-found", title: "No such short link",
        detail: "No short link has this code; check the link, or ask its sender for a new one.")

    package static func expired(at date: Date) -> HTTPProblem {
        HTTPProblem(status: .gone, type: HTTPProblem.typeBase + "short-link-expired", title: "Short link expired",
                    detail: "This short link expired at \(RFC3339.string(date)); ask its sender for a new one.",
                    extensions: [(name: "expiredAt", json: JSONWriter.text(.string(RFC3339.string(date)), escapingSlashes: false))])
    }

    /// The answer for a store failure.
    package static func store(_ error: ShortLinkStoreError) -> HTTPResponse {
        switch error {
        case .codeExists(let code):
            return aliasTaken(code).response()
        case .notFound:
            return notFound.response()
        case .revisionChanged:
            return HTTPProblem(status: .preconditionFailed, type: HTTPProblem.typeBase + "precondition-failed",
                               title: "Precondition failed", detail: error.description).response()
        case .failure(let failure):
            return failure.response
        }
    }
}
