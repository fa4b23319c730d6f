import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ShortLinkEndpoints {
    /// `GET /s/{code}` (and `HEAD`, which counts no click): a JSON client (`Accept` preferring
    /// JSON) gets the target's resolve document; any other client the target's link page
    /// (`LinkPageEndpoints`). Unknown code 404, expired 410, a target that no longer resolves
    /// 404: each as a link-page notice for browsers and problem+json for JSON clients.
    func follow(_ request: HTTPRequest, _ responder: HTTPResponder) {
        follow(code: request.pathParameters["code"] ?? "", request, responder)
    }

    /// With short links at the root (`--short-link-prefix /`), the link pages' catch-all asks
    /// this first: a one-segment path that no route takes is a code, followed as `GET /s/{code}`
    /// would (answering true); any other request is the link page's (false).
    public func followAtRoot(_ request: HTTPRequest, _ responder: HTTPResponder) -> Bool {
        let table = routes.value
        guard table.shortLinkPath == .root, let link = LinkPage.link(path: request.path, query: nil, host: nil, table: table),
              let code = table.shortLinkCode(in: link) else { return false }
        follow(code: code, request, responder)
        return true
    }

    private func follow(code: String, _ request: HTTPRequest, _ responder: HTTPResponder) {
        let wantsJSON = ContentNegotiation.prefersJSON(request)
        if request.queryItem("d") == "1" { return debug(code: code, json: wantsJSON, responder) }
        // The User-Agent is read once, for the click's event, the page and the visit.
        let reading = UserAgentCache.shared.reading(of: request.headers["User-Agent"])
        let clickVisit = analytics?.clickVisit(request, reading: reading)
        lookUp(code, request, responder, html: !wantsJSON, visit: (reading, clickVisit)) { link, table, answer in
            if let web = operations.linkDomains.webDestination(link.link, appHosts: table.hosts) {
                return answer(webDestination(web, of: link, request, reading: reading, json: wantsJSON))
            }
            do throws(ResolveError) {
                if wantsJSON {
                    let document = try table.resolve(link.link, format: .document)
                    visit(request, reading, link: link.code, route: link.route ?? Metrics.rootRoute, outcome: .document)
                    return answer(Self.followed(HTTPResponse(contentType: "application/json", body: document)))
                }
                // A phone's browser gets the target's page with a claim (deferred deep links); the
                // page counts the visit under the link's code.
                linkPages.respond(to: try table.resolve(link.link), link: link.link, shortLink: link.code, request: request,
                                  reading: reading, settings: link.settings.visiting(link.link)) { page in
                    var page = page
                    // Each click is counted: no cache may answer the next one (a page with a claim
                    // keeps its stricter `private, no-store`).
                    if page.headers["Cache-Control"] != LinkPage.claimCacheControl { page.headers.set("Cache-Control", "no-store") }
                    answer(page)
                }
            } catch {
                record(.unresolvable, request)
                visit(request, reading, link: link.code, route: nil, outcome: .notFound)
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
        lookUp(code, request, responder, html: false, visit: nil) { link, table, answer in
            if operations.linkDomains.webDestination(link.link, appHosts: table.hosts) != nil {
                record(.unresolvable, request)
                return answer(Self.followed(ShortLinkProblems.webDestination(link.link).response()))
            }
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
    /// With `visit` (`GET /s/CODE`, not the resolve API: the request's User-Agent and what the
    /// click's event says of it), an unknown code is a visit counted under `all` only (no scope
    /// is made for a code nobody created), an expired one under its code.
    private func lookUp(_ codeText: String, _ request: HTTPRequest, _ responder: HTTPResponder, html: Bool,
                        visit classified: (reading: UserAgentReading, click: ShortLinkClickVisit?)?,
                        serve: @escaping @Sendable (ShortLink, RouteTable, @escaping @Sendable (HTTPResponse) -> Void) -> Void) {
        let now = clock.now()
        let unknown: @Sendable () -> HTTPResponse = {
            html ? notice(.notFound, title: .unknownTitle, detail: .shortLinkUnknownDetail, request: request)
                : Self.followed(ShortLinkProblems.notFound.response())
        }
        guard let code = try? ShortCode(codeText) else {
            record(.unknown, request)
            if let classified { visit(request, classified.reading, link: nil, route: nil, outcome: .notFound) }
            return responder.respond(unknown())
        }
        store.shortLink(code: code, countingClickAt: request.method == .head ? nil : now, visit: classified?.click) { [routes] result in
            switch result {
            case .failure(let error):
                responder.respond(ShortLinkProblems.store(error))
            case .success(nil):
                record(.unknown, request)
                if let classified { visit(request, classified.reading, link: nil, route: nil, outcome: .notFound) }
                responder.respond(unknown())
            case .success(let link?):
                if let expiresAt = link.expiresAt, link.isExpired(at: now) {
                    record(.expired, request)
                    if let classified { visit(request, classified.reading, link: link.code, route: nil, outcome: .notFound) }
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

    /// The answer for a link to a web page (`LinkDomains`), checked again now: a person's browser
    /// is redirected (302, with the link's campaign), a previewer or a bot gets the card
    /// (`LinkPage.webCard`), a JSON client `{"link", "web"}`; a site no longer on the list is 404,
    /// never a redirect.
    private func webDestination(_ web: WebDestination, of link: ShortLink, _ request: HTTPRequest, reading: UserAgentReading,
                                json: Bool) -> HTTPResponse {
        guard case .allowed(let host) = web else {
            record(.unresolvable, request)
            visit(request, reading, link: link.code, route: nil, outcome: .notFound)
            return json ? Self.followed(ShortLinkProblems.webDestinationGone.response())
                : notice(.notFound, title: .shortLinkNoScreenTitle, detail: .shortLinkNoScreenDetail, request: request)
        }
        let destination = link.settings.campaign.destination(link.link)
        record(.served, request)
        if json {
            visit(request, reading, link: link.code, route: nil, outcome: .document)
            let body = JSONWriter.encode(.object([("link", .string(link.link)), ("web", .string(destination))]), sortingKeys: false)
            return Self.followed(HTTPResponse(contentType: "application/json", body: body))
        }
        visit(request, reading, link: link.code, route: nil, outcome: .web)
        guard reading.visitClass == .human else {
            let page = linkPages.current
            return page.webCard(destination: destination, host: host, title: link.title, preview: link.settings.preview,
                                language: page.language(for: request))
        }
        return HTTPResponse(status: .found, headers: ["Location": destination, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"])
    }

    /// `?d=1`: where the link sends each kind of visitor, and why (`LinkDebug`); no click or
    /// visit is counted. Unknown codes are the usual 404.
    private func debug(code text: String, json: Bool, _ responder: HTTPResponder) {
        guard let code = try? ShortCode(text) else { return responder.respond(Self.followed(ShortLinkProblems.notFound.response())) }
        store.shortLink(code: code, countingClickAt: nil) { [routes, linkPages, operations] result in
            switch result {
            case .failure(let error):
                responder.respond(ShortLinkProblems.store(error))
            case .success(nil):
                responder.respond(Self.followed(ShortLinkProblems.notFound.response()))
            case .success(let link?):
                let table = routes.value
                let style = linkPages.current.style
                let settings = link.settings.visiting(link.link)
                switch operations.linkDomains.webDestination(link.link, appHosts: table.hosts) {
                case .allowed(let host)?:
                    let debug = LinkDebug(web: settings.campaign.destination(link.link), link: link.link, host: host, title: link.title,
                                          settings: settings)
                    responder.respond(debug.response(json: json, style: style))
                case .refused?:
                    responder.respond(Self.followed(ShortLinkProblems.webDestinationGone.response()))
                case nil:
                    do throws(ResolveError) {
                        let resolved = try table.resolve(link.link)
                        responder.respond(LinkDebug(screen: resolved, link: link.link, settings: settings, table: table).response(json: json, style: style))
                    } catch {
                        responder.respond(Self.followed(ResolveProblems.problem(for: error).response()))
                    }
                }
            }
        }
    }

    /// Counts a visit of `GET /s/CODE` that the link page does not count itself (a JSON client's,
    /// or one answered with a notice).
    private func visit(_ request: HTTPRequest, _ reading: UserAgentReading, link: ShortCode?, route: String?, outcome: VisitOutcome) {
        analytics?.recordVisit(request, reading: reading, link: link, route: route, outcome: outcome, at: clock.now())
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
