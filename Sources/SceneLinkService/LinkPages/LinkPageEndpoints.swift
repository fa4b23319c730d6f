import SceneLinkCore
import SceneLinkHTTP

/// `GET` (and `HEAD`) of any path the server does not own: the link page.
///
/// The request stands for the https link with its path and query on the route file's first
/// host (or on the request's `Host`, when that is one of `app.hosts`), which resolves as
/// `GET /v1/resolve` would; `LinkPage` answers it as HTML or JSON. It is the router's
/// catch-all, below every endpoint: a server path (`ServerPaths.owns`) never reaches it, so
/// an unknown `/v1/…` path stays the router's 404, and a link page's other methods are 405.
///
/// The page is rebuilt with the route table on each `SIGHUP` reload (`update(from:)`), and
/// every page view is counted in `Metrics` by route and platform.
///
/// ```swift
/// let pages = LinkPageEndpoints(table: table, metrics: metrics)
/// pages.register(on: &endpoints)   // after every other endpoint's
/// ```
public struct LinkPageEndpoints: Sendable {
    /// The pattern the catch-all is listed, documented and counted under.
    public static let pattern = "/{path}"

    private let pages: Current<LinkPage>
    private let metrics: Metrics?
    /// Makes the claim a phone's page hands out (deferred deep links); nil for no claims.
    private let claims: ClaimIssuer?

    public init(table: RouteTable, metrics: Metrics? = nil, claims: ClaimIssuer? = nil) {
        pages = Current(LinkPage(table: table))
        self.metrics = metrics
        self.claims = claims
    }

    /// Rebuilds the pages from a newly loaded table.
    public func update(from table: RouteTable) {
        pages.replace(with: LinkPage(table: table))
    }

    /// The pages of the table in force (for short links, which serve their target's page).
    public var current: LinkPage { pages.value }

    /// Declares the catch-all; declare it after every other endpoint.
    public func register(on table: inout EndpointTable) {
        let endpoints = self
        table.otherwise(.get, Self.pattern, accepting: { !ServerPaths.owns($0) }, RoutePolicy(rateLimit: .perAddress(.links))) { request, responder in
            // The User-Agent is read once: its scan is the largest part of a kept page's cost.
            let platform = LinkPlatform(userAgent: request.headers["User-Agent"])
            if endpoints.makesClaim(for: request, platform: platform) {
                return endpoints.respondWithClaim(to: request, platform: platform, responder)
            }
            responder.respond(endpoints.respond(to: request, platform: platform))
        }
    }

    /// A phone's browser asking for the page of a link: when the link resolves, a claim is made
    /// and stored first, and the page carries it (`LinkPage.render(_:platform:language:claim:)`); a
    /// link that does not resolve, or a store that fails, gets the page without one.
    ///
    /// A route without parameters, the common case, fills its template
    /// (`LinkPage.claimTemplate`) from the route's name alone (`RouteTable.routeName(of:)`),
    /// without resolving the link's stack; any other link is resolved in full.
    private func respondWithClaim(to request: HTTPRequest, platform: LinkPlatform, _ responder: HTTPResponder) {
        let page = pages.value
        let host = page.table.hosts.count > 1 ? request.host : nil
        guard let claims, let link = LinkPage.link(path: request.path, query: request.query, host: host, table: page.table) else {
            return responder.respond(respond(to: request, platform: platform))
        }
        let language = page.language(for: request)
        let claimHost = claimHost(for: request, page: page)
        if let route = try? page.table.routeName(of: link),
           let template = page.claimTemplate(route: route, platform: platform, language: language, host: claimHost) {
            return issue(link: link, route: route, request: request, platform: platform, claims: claims,
                         page: { ticket in template.response(token: ticket.token, code: ticket.code) },
                         withoutClaim: { respond(to: request, platform: platform) }) { responder.respond($0) }
        }
        guard let resolved = try? page.table.resolve(link) else { return responder.respond(respond(to: request, platform: platform)) }
        claimPage(resolved, link: link, request: request, page: page, claims: claims) { responder.respond($0) }
    }

    /// Whether the page for `request` carries a claim: claims are on, and a phone's browser
    /// (iOS or Android by `User-Agent`) asks for HTML with `GET` (a `HEAD` shows no page).
    func makesClaim(for request: HTTPRequest) -> Bool {
        makesClaim(for: request, platform: LinkPlatform(userAgent: request.headers["User-Agent"]))
    }

    /// `makesClaim(for:)` with the request's platform already read.
    private func makesClaim(for request: HTTPRequest, platform: LinkPlatform) -> Bool {
        claims != nil && request.method == .get && platform != .web && LinkPageFormat(request) == .html
    }

    /// The page of a resolved link for `request`, with a new claim when `makesClaim(for:)`:
    /// short links (`/s/CODE`) answer a browser through this. A store that fails gives the page
    /// without a claim.
    public func respond(to resolved: ResolvedLink, link: String, request: HTTPRequest,
                        _ completion: @escaping @Sendable (HTTPResponse) -> Void) {
        guard makesClaim(for: request), let claims else { return completion(respond(to: .success(resolved), request: request)) }
        claimPage(resolved, link: link, request: request, page: pages.value, claims: claims, completion)
    }

    private func claimPage(_ resolved: ResolvedLink, link: String, request: HTTPRequest, page: LinkPage, claims: ClaimIssuer,
                           _ completion: @escaping @Sendable (HTTPResponse) -> Void) {
        let claimHost = claimHost(for: request, page: page)
        let platform = LinkPlatform(userAgent: request.headers["User-Agent"])
        let language = page.language(for: request)
        issue(link: link, route: resolved.route, request: request, platform: platform, claims: claims,
              page: { ticket in
                  page.claimPage(resolved, platform: platform, language: language,
                                 claim: LinkPageClaim(token: ticket.token, code: ticket.code, host: claimHost))
              },
              withoutClaim: { respond(to: .success(resolved), request: request) }, completion)
    }

    /// Issues a claim for `link` whose page `page` renders (before the claim is written, see
    /// `ClaimIssuer.issue`), and counts the view once the claim is stored; when no claim could
    /// be made, answers `withoutClaim()`, which counts its own view.
    private func issue(link: String, route: String?, request: HTTPRequest, platform: LinkPlatform, claims: ClaimIssuer,
                       page: @escaping @Sendable (ClaimTicket) -> HTTPResponse,
                       withoutClaim: @escaping @Sendable () -> HTTPResponse,
                       _ completion: @escaping @Sendable (HTTPResponse) -> Void) {
        claims.issue(link: link, route: route, for: request.clientAddress, prepare: page) { rendered in
            guard let rendered else { return completion(withoutClaim()) }
            counter(for: request)?.recordLinkPageView(route: route ?? Metrics.rootRoute, platform: platform)
            completion(rendered)
        }
    }

    /// The host of the claim URL on a page for `request`: the host it asked for when the route
    /// file lists it, else the file's first.
    private func claimHost(for request: HTTPRequest, page: LinkPage) -> String? {
        request.host.flatMap(page.table.listedHost(inHostField:)) ?? page.table.hosts.first
    }

    /// The page of `link` carrying `claim` (`GET /c/TOKEN` shows it again); a link that no longer
    /// resolves is the usual notice.
    func claimPage(link: String, claim: LinkPageClaim, request: HTTPRequest) -> HTTPResponse {
        let page = pages.value
        do {
            return render(try page.table.resolve(link), claim: claim, request: request, page: page)
        } catch {
            return respond(to: .failure(error), request: request)
        }
    }

    private func render(_ resolved: ResolvedLink, claim: LinkPageClaim, request: HTTPRequest, page: LinkPage) -> HTTPResponse {
        let platform = LinkPlatform(userAgent: request.headers["User-Agent"])
        counter(for: request)?.recordLinkPageView(route: resolved.route ?? Metrics.rootRoute, platform: platform)
        return page.render(resolved, platform: platform, language: page.language(for: request), claim: claim)
    }

    /// The link page of the request's own path and query.
    ///
    /// A browser's request for a route without parameters, the common case, is answered
    /// from the route's name alone (`RouteTable.routeName(of:)` and `LinkPage.constantPage`);
    /// any other is resolved in full.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        respond(to: request, platform: LinkPlatform(userAgent: request.headers["User-Agent"]))
    }

    /// `respond(to:)` with the request's platform already read.
    private func respond(to request: HTTPRequest, platform: LinkPlatform) -> HTTPResponse {
        let page = pages.value
        let format = LinkPageFormat(request)
        let language = page.language(for: request)
        let views = counter(for: request)
        // The request's Host only matters when the file lists more than one.
        let host = page.table.hosts.count > 1 ? request.host : nil
        guard let link = LinkPage.link(path: request.path, query: request.query, host: host, table: page.table) else {
            let error = ResolveError.invalidLink(link: request.path, reason: "the route file lists no host or scheme")
            return respond(to: .failure(error), format: format, platform: platform, language: language, page: page, counter: views)
        }
        // JSON is the resolve document, written from the link at once; only a page needs the model.
        guard format == .html else { return page.document(of: link) }
        do {
            let route = try page.table.routeName(of: link)
            if let answer = page.constantPage(route: route, platform: platform, language: language) {
                views?.recordLinkPageView(route: route ?? Metrics.rootRoute, platform: platform)
                return answer
            }
        } catch {
            return respond(to: .failure(error), format: format, platform: platform, language: language, page: page, counter: views)
        }
        let outcome = Result { () throws(ResolveError) in try page.table.resolve(link) }
        return respond(to: outcome, format: format, platform: platform, language: language, page: page, counter: views)
    }

    /// The answer to `request` for a link already resolved (or not): the request's `Accept`
    /// picks HTML or JSON, its `User-Agent` the fallback, its `Accept-Language` the page's
    /// language, and an HTML view (not a `HEAD`) is counted.
    /// Short links (`GET /s/CODE`) answer through this with their target's outcome.
    public func respond(to outcome: Result<ResolvedLink, ResolveError>, request: HTTPRequest) -> HTTPResponse {
        let page = pages.value
        return respond(to: outcome, format: LinkPageFormat(request),
                       platform: LinkPlatform(userAgent: request.headers["User-Agent"]), language: page.language(for: request),
                       page: page, counter: counter(for: request))
    }

    /// The metrics a request's view is counted in: none for `HEAD`, which shows no page.
    private func counter(for request: HTTPRequest) -> Metrics? {
        request.method == .head ? nil : metrics
    }

    private func respond(to outcome: Result<ResolvedLink, ResolveError>, format: LinkPageFormat,
                         platform: LinkPlatform, language: PageLanguage, page: LinkPage, counter metrics: Metrics?) -> HTTPResponse {
        if format == .html, let metrics {
            let route: String
            switch outcome {
            case .success(let link): route = link.route ?? Metrics.rootRoute
            case .failure: route = Metrics.unresolvedRoute
            }
            metrics.recordLinkPageView(route: route, platform: platform)
        }
        return page.response(for: outcome, format: format, platform: platform, language: language)
    }
}
