import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension ShortLinkEndpoints {
    /// `GET /s/{code}` (and `HEAD`, which counts no click): a JSON client (`Accept` preferring
    /// JSON) gets the target's resolve document; any other client the target's link page
    /// (`LinkPageEndpoints`). Unknown code 404, expired 410, a target that no longer resolves
    /// 404: each as a link-page notice for browsers and problem+json for JSON clients.
    func follow(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let wantsJSON = ContentNegotiation.prefersJSON(request)
        lookUp(request.pathParameters["code"] ?? "", request, responder, html: !wantsJSON) { link, table, answer in
            do throws(ResolveError) {
                if wantsJSON {
                    return answer(Self.followed(HTTPResponse(contentType: "application/json",
                                                             body: try table.resolve(link.link, format: .document))))
                }
                // A phone's browser gets the target's page with a claim (deferred deep links).
                linkPages.respond(to: try table.resolve(link.link), link: link.link, request: request) { page in
                    var page = page
                    // Each click is counted: no cache may answer the next one (a page with a claim
                    // keeps its stricter `private, no-store`).
                    if page.headers["Cache-Control"] != LinkPage.claimCacheControl { page.headers.set("Cache-Control", "no-store") }
                    answer(page)
                }
            } catch {
                record(.unresolvable, request)
                answer(wantsJSON ? Self.followed(ResolveProblems.problem(for: error).response())
                    : notice(.notFound, title: .shortLinkNoScreenTitle, detail: .shortLinkNoScreenDetail, request: request))
            }
        }
    }

    /// `GET /v1/resolve?url=https://HOST/s/CODE`: the target resolved in `format`, with the click
    /// counted; 404 and 410 problems as for `GET /s/{code}`. `ResolveEndpoints` calls it for a
    /// short link on one of the app's hosts.
    func resolveThrough(code: String, format: ResolveFormat, table: RouteTable, _ request: HTTPRequest,
                        _ responder: HTTPResponder) {
        lookUp(code, request, responder, html: false) { link, _, answer in
            do throws(ResolveError) {
                answer(Self.followed(HTTPResponse(contentType: "application/json", body: try table.resolve(link.link, format: format))))
            } catch {
                record(.unresolvable, request)
                answer(Self.followed(ResolveProblems.problem(for: error).response()))
            }
        }
    }

    /// Finds the link (counting a click unless the request is a `HEAD`), answers unknown and
    /// expired links, and answers a live one with the response `serve` hands its callback
    /// (after a claim is stored, for a phone's page), counting each outcome.
    ///
    /// A malformed code is unknown; it is answered at once, since no stored code can match it.
    private func lookUp(_ codeText: String, _ request: HTTPRequest, _ responder: HTTPResponder, html: Bool,
                        serve: @escaping @Sendable (ShortLink, RouteTable, @escaping @Sendable (HTTPResponse) -> Void) -> Void) {
        let now = clock.now()
        let unknown: @Sendable () -> HTTPResponse = {
            html ? notice(.notFound, title: .unknownTitle, detail: .shortLinkUnknownDetail, request: request)
                : Self.followed(ShortLinkProblems.notFound.response())
        }
        guard let code = try? ShortCode(codeText) else {
            record(.unknown, request)
            return responder.respond(unknown())
        }
        store.shortLink(code: code, countingClickAt: request.method == .head ? nil : now) { [routes] result in
            switch result {
            case .failure(let error):
                responder.respond(ShortLinkProblems.store(error))
            case .success(nil):
                record(.unknown, request)
                responder.respond(unknown())
            case .success(let link?):
                if let expiresAt = link.expiresAt, link.isExpired(at: now) {
                    record(.expired, request)
                    return responder.respond(html
                        ? notice(.gone, title: .expiredTitle, detail: .shortLinkExpiredDetail, date: RFC3339.string(expiresAt),
                                 request: request)
                        : Self.followed(ShortLinkProblems.expired(at: expiresAt).response()))
                }
                serve(link, routes.value) { response in
                    if response.status == .ok { record(.served, request) }
                    responder.respond(response)
                }
            }
        }
    }

    /// A link-page notice about a short link in the language of `request`, never cached (the
    /// link may be created or renewed).
    private func notice(_ status: HTTPStatus, title: LinkPageStringKey, detail: LinkPageStringKey, date: String = "",
                        request: HTTPRequest) -> HTTPResponse {
        let page = linkPages.current
        let language = page.language(for: request)
        let strings = LinkPageStrings.in(language)
        var response = page.notice(status: status, title: strings[title], detail: strings.text(detail, date: date), language: language)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// A JSON answer about a short link: never cached (each click is counted), varying with `Accept`.
    static func followed(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.set("Cache-Control", "no-store")
        response.headers.set("Vary", "Accept")
        response.headers.set("X-Content-Type-Options", "nosniff")
        return response
    }
}
