import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// `GET` (and `HEAD`) of any path the server does not own: the link page.
///
/// The request stands for the https link with its path and query on the route file's first
/// host (or on the request's `Host`, when that is one of `app.hosts`), which resolves as
/// `GET /v1/resolve` would; `LinkPage` answers it as HTML or JSON. It is the router's
/// catch-all, below every endpoint: a server path (`ServerPaths.owns`) never reaches it, so
/// an unknown `/v1/…` path stays the router's 404, and a link page's other methods are 405.
///
/// The page is rebuilt with the route table on each `SIGHUP` reload (`update(from:)`). Every
/// page view (an HTML `GET`; never a `HEAD`) is counted in `Metrics` by route and platform, and
/// is a visit for click analytics (`AnalyticsRecorder`), with what the page offered
/// (`VisitOutcome`).
///
/// ```swift
/// let pages = LinkPageEndpoints(table: table, metrics: metrics)
/// pages.register(on: &endpoints)   // after every other endpoint's
/// ```
public struct LinkPageEndpoints: Sendable {
    /// The pattern the catch-all is listed, documented and counted under.
    public static let pattern = "/{path}"

    let pages: Current<LinkPage>
    private let metrics: Metrics?
    /// Makes the claim a phone's page hands out (deferred deep links); nil for no claims.
    private let claims: ClaimIssuer?
    /// Where visits and claims are counted; nil counts none.
    private let analytics: AnalyticsRecorder?
    private let clock: SceneStateClock
    /// The web sites a long link's `link` may name besides the app's screens (`--link-domains`).
    let linkDomains: LinkDomains

    public init(table: RouteTable, metrics: Metrics? = nil, claims: ClaimIssuer? = nil, analytics: AnalyticsRecorder? = nil,
                clock: SceneStateClock = .system, linkDomains: LinkDomains = .none) {
        self.linkDomains = linkDomains
        pages = Current(LinkPage(table: table))
        self.metrics = metrics
        self.claims = claims
        self.analytics = analytics
        self.clock = clock
    }

    /// Rebuilds the pages from a newly loaded table.
    public func update(from table: RouteTable) {
        pages.replace(with: LinkPage(table: table))
    }

    /// The pages of the table in force (for short links, which serve their target's page).
    public var current: LinkPage { pages.value }

    /// Declares the catch-all; declare it after every other endpoint. `rootShortLinks` (short
    /// links at the root) is asked first and answers true for a request it took.
    public func register(on table: inout EndpointTable, rootShortLinks: (@Sendable (HTTPRequest, HTTPResponder) -> Bool)? = nil) {
        let endpoints = self
        table.otherwise(.get, Self.pattern, accepting: { !ServerPaths.owns($0) }, RoutePolicy(rateLimit: .perAddress(.links))) { request, responder in
            if let rootShortLinks, rootShortLinks(request, responder) { return }
            if let target = LinkPageEndpoints.longLinkTarget(request) {
                return endpoints.respondToLongLink(request, target: target, responder)
            }
            if request.queryItem("d") == "1", let debug = endpoints.debug(request) { return responder.respond(debug) }
            // The User-Agent is read once: its scan is the largest part of a kept page's cost.
            let visitor = Visitor(request)
            if endpoints.makesClaim(for: request, platform: visitor.platform) {
                return endpoints.respondWithClaim(to: request, visitor: visitor, responder)
            }
            responder.respond(endpoints.respond(to: request, visitor: visitor))
        }
    }

    /// What is read of a request's `User-Agent`, once: the class and family for analytics, the
    /// platform for the page's fallback, and the device for a short link's own fallbacks.
    struct Visitor: Sendable {
        let reading: UserAgentReading
        let platform: LinkPlatform
        let device: LinkDevice

        init(_ request: HTTPRequest) {
            self.init(reading: UserAgentCache.shared.reading(of: request.headers["User-Agent"]), request: request)
        }

        init(reading: UserAgentReading, request: HTTPRequest) {
            self.reading = reading
            platform = LinkPlatform(reading.platform)
            device = LinkDevice(userAgent: request.headers["User-Agent"], platform: reading.platform)
        }
    }

    /// A phone's browser asking for the page of a link: when the link resolves, a claim is made
    /// and stored first, and the page carries it (`LinkPage.render(_:platform:language:claim:)`); a
    /// link that does not resolve, or a store that fails, gets the page without one.
    ///
    /// A route without parameters, the common case, fills its template
    /// (`LinkPage.claimTemplate`) from the route's name alone (`RouteTable.routeName(of:)`),
    /// without resolving the link's stack; any other link is resolved in full.
    private func respondWithClaim(to request: HTTPRequest, visitor: Visitor, _ responder: HTTPResponder) {
        let page = pages.value
        let host = page.table.hosts.count > 1 ? request.host : nil
        guard let claims, let link = LinkPage.link(path: request.path, query: request.query, host: host, table: page.table) else {
            return responder.respond(respond(to: request, visitor: visitor))
        }
        let language = page.language(for: request)
        let claimHost = claimHost(for: request, page: page)
        let settings = ShortLinkSettings.none.visiting(link)
        if settings.isEmpty, let route = try? page.table.routeName(of: link),
           let template = page.claimTemplate(route: route, platform: visitor.platform, language: language, host: claimHost) {
            return issue(link: link, route: route, shortLink: nil, request: request, visitor: visitor, claims: claims,
                         page: { ticket in template.response(token: ticket.token, code: ticket.code) },
                         withoutClaim: { respond(to: request, visitor: visitor) }) { responder.respond($0) }
        }
        guard let resolved = try? page.table.resolve(link) else { return responder.respond(respond(to: request, visitor: visitor)) }
        claimPage(resolved, link: link, shortLink: nil, request: request, visitor: visitor, page: page, claims: claims,
                  settings: settings) {
            responder.respond($0)
        }
    }

    /// Whether the page for `request` carries a claim: claims are on, and a phone's browser
    /// (`platform` iOS or Android, read from its `User-Agent`) asks for HTML with `GET` (a `HEAD`
    /// shows no page).
    private func makesClaim(for request: HTTPRequest, platform: LinkPlatform) -> Bool {
        claims != nil && request.method == .get && platform != .web && LinkPageFormat(request) == .html
    }

    /// The page of a resolved link for `request`, with a new claim when `makesClaim(for:platform:)`:
    /// short links (`/s/CODE`) answer a browser through this, passing their code, which the
    /// visit and the claim are counted under, the request's User-Agent already read, and their
    /// own `settings` (card, fallbacks, campaign). A store that fails gives the page without a claim.
    ///
    /// With `settings.skipPage`, a person's browser (not a link-preview scraper or a bot, which get
    /// the card) is sent on at once: a 302 to its fallback with the campaign, counted as the visit
    /// the page would have been; without a fallback for its platform it gets the page.
    public func respond(to resolved: ResolvedLink, link: String, shortLink: ShortCode?, request: HTTPRequest,
                        reading: UserAgentReading, settings: ShortLinkSettings = .none,
                        _ completion: @escaping @Sendable (HTTPResponse) -> Void) {
        let visitor = Visitor(reading: reading, request: request)
        if settings.skipPage, let redirect = skipPage(resolved, settings: settings, shortLink: shortLink, request: request, visitor: visitor) {
            return completion(redirect)
        }
        guard makesClaim(for: request, platform: visitor.platform), let claims else {
            return completion(respond(to: .success(resolved), request: request, visitor: visitor, shortLink: shortLink, settings: settings))
        }
        claimPage(resolved, link: link, shortLink: shortLink, request: request, visitor: visitor, page: pages.value,
                  claims: claims, settings: settings, completion)
    }

    /// The redirect a link with `skipPage` answers a person's browser with (counted as its
    /// visit), or nil when the page is shown: a previewer or a bot, JSON, or no fallback.
    private func skipPage(_ resolved: ResolvedLink, settings: ShortLinkSettings, shortLink: ShortCode?, request: HTTPRequest,
                          visitor: Visitor) -> HTTPResponse? {
        let page = pages.value
        guard visitor.reading.visitClass == .human, LinkPageFormat(request) == .html,
              let target = LinkPage.fallbackTarget(of: resolved, platform: visitor.platform, device: visitor.device,
                                                   settings: settings, table: page.table) else { return nil }
        countView(request, visitor: visitor, route: .some(resolved.route),
                  outcome: LinkPage.outcome(of: resolved, platform: visitor.platform, table: page.table, settings: settings,
                                            device: visitor.device),
                  shortLink: shortLink, at: clock.now())
        return HTTPResponse(status: .found, headers: [
            "Location": settings.campaign.destination(target), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
        ])
    }

    private func claimPage(_ resolved: ResolvedLink, link: String, shortLink: ShortCode?, request: HTTPRequest, visitor: Visitor,
                           page: LinkPage, claims: ClaimIssuer, settings: ShortLinkSettings,
                           _ completion: @escaping @Sendable (HTTPResponse) -> Void) {
        let claimHost = claimHost(for: request, page: page)
        let language = page.language(for: request)
        // The app gets the campaign with the link it redeems.
        issue(link: settings.campaign.destination(link), route: resolved.route, shortLink: shortLink, request: request,
              visitor: visitor, claims: claims,
              page: { ticket in
                  page.claimPage(resolved, platform: visitor.platform, language: language,
                                 claim: LinkPageClaim(token: ticket.token, code: ticket.code, host: claimHost),
                                 settings: settings, device: visitor.device)
              },
              withoutClaim: { respond(to: .success(resolved), request: request, visitor: visitor, shortLink: shortLink, settings: settings) },
              completion)
    }

    /// Issues a claim for `link` whose page `page` renders (before the claim is written, see
    /// `ClaimIssuer.issue`), and counts the view once the claim is stored; when no claim could
    /// be made, answers `withoutClaim()`, which counts its own view.
    private func issue(link: String, route: String?, shortLink: ShortCode?, request: HTTPRequest, visitor: Visitor,
                       claims: ClaimIssuer, page: @escaping @Sendable (ClaimTicket) -> HTTPResponse,
                       withoutClaim: @escaping @Sendable () -> HTTPResponse,
                       _ completion: @escaping @Sendable (HTTPResponse) -> Void) {
        claims.issue(link: link, route: route, shortLink: shortLink, for: request.clientAddress, prepare: page) { rendered in
            guard let rendered else { return completion(withoutClaim()) }
            let now = clock.now()
            countView(request, visitor: visitor, route: .some(route), outcome: .claim, shortLink: shortLink, at: now)
            analytics?.recordClaim(link: shortLink, route: route ?? Metrics.rootRoute, at: now)
            completion(rendered)
        }
    }

    /// The host of the claim URL on a page for `request`: the host it asked for when the route
    /// file lists it, else the file's first.
    private func claimHost(for request: HTTPRequest, page: LinkPage) -> String? {
        request.host.flatMap(page.table.listedHost(inHostField:)) ?? page.table.hosts.first
    }

    /// The page of `link` carrying `claim` (`GET /c/TOKEN` shows it again, counted as a page view
    /// but not as a visit); a link that no longer resolves is the usual notice.
    func claimPage(link: String, claim: LinkPageClaim, request: HTTPRequest) -> HTTPResponse {
        let page = pages.value
        let platform = Visitor(request).platform
        do {
            let resolved = try page.table.resolve(link)
            if request.method != .head {
                metrics?.recordLinkPageView(route: resolved.route ?? Metrics.rootRoute, platform: platform)
            }
            return page.render(resolved, platform: platform, language: page.language(for: request), claim: claim)
        } catch {
            return page.response(for: .failure(error), format: LinkPageFormat(request), platform: platform,
                                 language: page.language(for: request))
        }
    }

    /// The link page of the request's own path and query.
    ///
    /// A browser's request for a route without parameters, the common case, is answered
    /// from the route's name alone (`RouteTable.routeName(of:)` and `LinkPage.constantPage`);
    /// any other is resolved in full.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        respond(to: request, visitor: Visitor(request))
    }

    /// `respond(to:)` with the request's User-Agent already read.
    private func respond(to request: HTTPRequest, visitor: Visitor) -> HTTPResponse {
        let page = pages.value
        let format = LinkPageFormat(request)
        // The request's Host only matters when the file lists more than one.
        let host = page.table.hosts.count > 1 ? request.host : nil
        guard let link = LinkPage.link(path: request.path, query: request.query, host: host, table: page.table) else {
            let error = ResolveError.invalidLink(link: request.path, reason: "the route file lists no host or scheme")
            return respond(to: .failure(error), format: format, request: request, visitor: visitor, page: page, shortLink: nil)
        }
        // JSON is the resolve document, written from the link at once; only a page needs the model.
        guard format == .html else { return page.document(of: link) }
        // A campaign in the link's own query (`?utm_source=…`) reaches its fallback: such a page is the link's own.
        let settings = ShortLinkSettings.none.visiting(link)
        if settings.isEmpty {
            do {
                let route = try page.table.routeName(of: link)
                if let answer = page.constantPage(route: route, platform: visitor.platform, language: page.language(for: request)) {
                    countView(request, visitor: visitor, route: .some(route), outcome: answer.outcome, shortLink: nil, at: clock.now())
                    return answer.page
                }
            } catch {
                return respond(to: .failure(error), format: format, request: request, visitor: visitor, page: page, shortLink: nil)
            }
        }
        let outcome = Result { () throws(ResolveError) in try page.table.resolve(link) }
        return respond(to: outcome, format: format, request: request, visitor: visitor, page: page, shortLink: nil, settings: settings)
    }

    /// The answer to `request` for a link already resolved (or not): the request's `Accept`
    /// picks HTML or JSON, its `User-Agent` (read into `visitor`) the fallback, its
    /// `Accept-Language` the page's language, and an HTML view (not a `HEAD`) is counted, under
    /// `shortLink` when it came through one.
    private func respond(to outcome: Result<ResolvedLink, ResolveError>, request: HTTPRequest, visitor: Visitor,
                         shortLink: ShortCode?, settings: ShortLinkSettings) -> HTTPResponse {
        respond(to: outcome, format: LinkPageFormat(request), request: request, visitor: visitor, page: pages.value,
                shortLink: shortLink, settings: settings)
    }

    private func respond(to outcome: Result<ResolvedLink, ResolveError>, format: LinkPageFormat, request: HTTPRequest,
                         visitor: Visitor, page: LinkPage, shortLink: ShortCode?, settings: ShortLinkSettings = .none) -> HTTPResponse {
        if format == .html {
            switch outcome {
            case .success(let link):
                countView(request, visitor: visitor, route: .some(link.route),
                          outcome: LinkPage.outcome(of: link, platform: visitor.platform, table: page.table, settings: settings,
                                                    device: visitor.device),
                          shortLink: shortLink, at: clock.now())
            case .failure:
                countView(request, visitor: visitor, route: nil, outcome: .notFound, shortLink: shortLink, at: clock.now())
            }
        }
        return page.response(for: outcome, format: format, platform: visitor.platform, language: page.language(for: request),
                             settings: settings, device: visitor.device)
    }

    /// Counts one page view (not a `HEAD`, which shows no page) in the metrics and as a visit.
    /// - Parameter route: `.some(name)` for a link that resolved (`.some(nil)` for the root), nil
    ///   for one that did not.
    private func countView(_ request: HTTPRequest, visitor: Visitor, route: String??, outcome: VisitOutcome,
                           shortLink: ShortCode?, at now: Date) {
        guard request.method != .head else { return }
        let name: String? = route.map { $0 ?? Metrics.rootRoute }
        metrics?.recordLinkPageView(route: name ?? Metrics.unresolvedRoute, platform: visitor.platform)
        analytics?.recordVisit(request, reading: visitor.reading, link: shortLink, route: name, outcome: outcome, at: now)
    }
}
