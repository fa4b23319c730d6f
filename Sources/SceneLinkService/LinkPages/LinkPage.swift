import SceneLinkCore
import SceneLinkHTTP

/// The link page of one route table: what an https link answers when the app does not open
/// it (no app installed, or a browser or link-preview scraper fetching it).
///
/// For a browser (`LinkPageFormat.html`), a small self-contained HTML page: the screen's
/// title, the Open Graph and Twitter card tags of the route's `preview` (in the HTML, since
/// scrapers run no script), an "Open in the app" link to the canonical custom-scheme link,
/// and the fallback for the visitor's platform (`RouteTable.fallback(for:)`: the App Store,
/// Google Play or the web); on a desktop (`LinkPlatform.web`), the QR code of the link's https
/// form inline, to scan with a phone. For a JSON client, exactly the `GET /v1/resolve` document. A link
/// that does not resolve is an HTML page with the problem's status and title (problem+json
/// for JSON clients).
///
/// Every page carries a Content-Security-Policy with no script at all and the inline style
/// sheet allowed by its hash, `X-Content-Type-Options: nosniff`, `Referrer-Policy:
/// no-referrer`, `Cache-Control` and `Vary: Accept, User-Agent`. Values reach the HTML only
/// through `HTMLDocument`, escaped for their context.
///
/// Built once per route table: the pages of routes without parameters (and of the root) are
/// finished responses for each platform, so serving one copies no bytes.
///
/// ```swift
/// let page = LinkPage(table: table)
/// let outcome = Result { () throws(ResolveError) in try table.resolve("https://fuelmoney.example.com/settings") }
/// let response = page.response(for: outcome, accept: "text/html", userAgent: "Mozilla/5.0 (iPhone; …)")
/// ```
public struct LinkPage: Sendable {
    /// The table the pages are of.
    public let table: RouteTable
    /// By route name, the finished page for each platform (`LinkPlatform.allCases` order), for
    /// every route whose page depends on nothing in the link: the routes without parameters.
    private let constantPages: [String: [HTTPResponse]]
    /// The root link's pages, when the file declares no `/` route.
    private let rootPages: [HTTPResponse]?
    /// By route name, the phones' pages with a claim (`LinkPlatform.allCases` order, nil for
    /// the web), as templates for claims whose URL is on the file's first host.
    private let claimTemplates: [String: [ClaimPageTemplate?]]

    /// A page may be kept five minutes by browsers and shared caches; it varies by `Accept`
    /// (HTML or JSON) and `User-Agent` (the fallback).
    public static let cacheControl = "public, max-age=300"
    /// A link that does not resolve may after a route-file reload: a shorter life.
    public static let errorCacheControl = "public, max-age=60"
    static let vary = "Accept, User-Agent"

    public init(table: RouteTable) {
        self.table = table
        var pages: [String: [HTTPResponse]] = [:]
        var templates: [String: [ClaimPageTemplate?]] = [:]
        for route in table.routeDeclarations where route.parameters.isEmpty {
            let path = route.segments.map { segment -> String in
                if case .literal(let text) = segment { return text }
                return ""
            }.joined(separator: "/")
            guard let link = Self.link(path: "/" + path, query: nil, host: nil, table: table),
                  let resolved = try? table.resolve(link), resolved.route == route.name else { continue }
            pages[route.name] = LinkPlatform.allCases.map { Self.render(resolved, platform: $0, table: table) }
            templates[route.name] = LinkPlatform.allCases.map { platform in
                platform == .web ? nil : ClaimPageTemplate(host: table.hosts.first) { claim in
                    Self.render(resolved, platform: platform, table: table, claim: claim)
                }
            }
        }
        constantPages = pages
        claimTemplates = templates
        if let link = Self.link(path: "/", query: nil, host: nil, table: table),
           let root = try? table.resolve(link), root.route == nil {
            rootPages = LinkPlatform.allCases.map { Self.render(root, platform: $0, table: table) }
        } else {
            rootPages = nil
        }
    }

    /// The answer for a resolved link, or for the error of one that does not resolve, to a
    /// request with these `Accept` and `User-Agent` fields: the one function the link page
    /// and short links (`/s/CODE`) share.
    public func response(for outcome: Result<ResolvedLink, ResolveError>, accept: String?, userAgent: String?) -> HTTPResponse {
        response(for: outcome, format: ContentNegotiation.format(accept: accept.map { [$0] } ?? []), platform: LinkPlatform(userAgent: userAgent))
    }

    /// `response(for:accept:userAgent:)` with the format and platform already read.
    public func response(for outcome: Result<ResolvedLink, ResolveError>, format: LinkPageFormat,
                         platform: LinkPlatform) -> HTTPResponse {
        switch (outcome, format) {
        case (.success(let link), .html):
            return constantPage(route: link.route, platform: platform) ?? Self.render(link, platform: platform, table: table)
        case (.failure(let error), .html):
            let problem = ResolveProblems.problem(for: error)
            return notice(status: problem.status, title: problem.title, detail: problem.detail)
        case (.success(let link), .json):
            return document(of: link.link)
        case (.failure(let error), .json):
            return ResolveProblems.problem(for: error).response(headers: Self.problemHeaders)
        }
    }

    /// The JSON answer for `link`: its resolve document, as `GET /v1/resolve` answers it, or the
    /// resolve problem.
    func document(of link: String) -> HTTPResponse {
        do {
            return HTTPResponse(contentType: "application/json", body: try table.resolve(link, format: .document),
                                headers: ["Vary": Self.vary, "Cache-Control": Self.cacheControl])
        } catch {
            return ResolveProblems.problem(for: error).response(headers: Self.problemHeaders)
        }
    }

    /// The finished HTML page of a route whose page is the same for every link (a route
    /// without parameters; nil for the root link when no route declares `/`), or nil when
    /// the page depends on the link's values.
    public func constantPage(route: String?, platform: LinkPlatform) -> HTTPResponse? {
        guard let route else { return rootPages?[platform.index] }
        return constantPages[route]?[platform.index]
    }

    /// A phone's page of `link` with a new claim (with its code): filled into the route's
    /// template when there is one (a route without parameters, the claim URL on the file's
    /// first host), else rendered; the same bytes either way.
    public func claimPage(_ link: ResolvedLink, platform: LinkPlatform, claim: LinkPageClaim) -> HTTPResponse {
        if let code = claim.code, let template = claimTemplate(route: link.route, platform: platform, host: claim.host) {
            return template.response(token: claim.token, code: code)
        }
        return Self.render(link, platform: platform, table: table, claim: claim)
    }

    /// The template of a phone's claim page for `route` on `platform` with the claim URL on
    /// `host`: there is one for each route without parameters, on the file's first host; nil
    /// when the page must be rendered.
    func claimTemplate(route: String?, platform: LinkPlatform, host: String?) -> ClaimPageTemplate? {
        guard let route, host == table.hosts.first else { return nil }
        return claimTemplates[route]?[platform.index]
    }

    /// A page that says something went wrong (a link that does not resolve, an expired short
    /// link): the app's name, `title`, `detail`, and a link to the app's web fallback.
    public func notice(status: HTTPStatus, title: String, detail: String) -> HTTPResponse {
        let appName = table.appName
        var page = HTMLDocument(title: "\(title) · \(appName)", styleSheet: Self.styleSheet)
        page.meta(name: "robots", content: "noindex")
        page.startBody()
        page.open("main")
        page.element("p", text: appName, attributes: [(name: "class", value: "app")])
        page.element("h1", text: title)
        page.element("p", text: detail, attributes: [(name: "class", value: "detail")])
        if let web = table.appLinks.fallback.web {
            page.anchor("Go to the \(appName) website", href: web,
                        attributes: [(name: "class", value: "fallback"), (name: "id", value: "fallback")])
        }
        page.close("main")
        return HTTPResponse(status: status, contentType: Self.contentType, body: page.finish(),
                            headers: Self.headers(cacheControl: Self.errorCacheControl))
    }

    // MARK: - The page

    /// The https link (or, for a file without hosts, the custom-scheme link) a request for
    /// `path` and `query` on the server stands for. `host` is used when it is one of the
    /// file's hosts (with any port dropped, in any case); else the first host.
    static func link(path: String, query: String?, host: String?, table: RouteTable) -> String? {
        // Built in one allocation: every request for a link page makes its link.
        var link = ""
        let queryLength = query.map { $0.utf8.count + 1 } ?? 0
        if let first = table.hosts.first {
            var chosen = first
            if let host, table.hosts.count > 1, let listed = table.listedHost(inHostField: host) { chosen = listed }
            link.reserveCapacity(8 + chosen.utf8.count + path.utf8.count + queryLength)
            link += "https://"
            link += chosen
            link += path
        } else if let scheme = table.schemes.first {
            link.reserveCapacity(scheme.utf8.count + 3 + path.utf8.count + queryLength)
            link += scheme
            link += "://"
            link += path.dropFirst()
        } else {
            return nil
        }
        if let query {
            link += "?"
            link += query
        }
        return link
    }

    /// The page of a resolved link for one platform.
    /// With `claim` (a phone's page, see `ClaimEndpoints`), the page carries it: Android's Play
    /// button gets the install referrer, iOS shows the code and the copy button; such a page is
    /// the visitor's own (`claimCacheControl`) and allows the copy script by its hash.
    static func render(_ link: ResolvedLink, platform: LinkPlatform, table: RouteTable,
                       claim: LinkPageClaim? = nil) -> HTTPResponse {
        let preview = table.preview(for: link)
        let appName = table.appName
        let title = preview.title ?? appName
        var page = HTMLDocument(title: preview.title.map { "\($0) · \(appName)" } ?? appName, styleSheet: styleSheet)
        if let description = preview.description { page.meta(name: "description", content: description) }
        page.meta(property: "og:type", content: "website")
        page.meta(property: "og:site_name", content: appName)
        page.meta(property: "og:title", content: title)
        if let description = preview.description { page.meta(property: "og:description", content: description) }
        if let https = link.canonical.https {
            page.metaURL("og:url", url: https)
            page.canonical(https)
        }
        let image = preview.image.flatMap { page.metaURL("og:image", url: $0) ? $0 : nil }
        page.meta(name: "twitter:card", content: image == nil ? "summary" : "summary_large_image")
        page.meta(name: "twitter:title", content: title)
        if let description = preview.description { page.meta(name: "twitter:description", content: description) }
        if let image { page.metaURL("twitter:image", url: image) }
        if let storeID = table.appLinks.apple?.appStoreID {
            // Safari's Smart App Banner: opens the app at the same link when it is installed.
            let argument = link.canonical.https.map { ", app-argument=" + $0 } ?? ""
            page.meta(name: "apple-itunes-app", content: "app-id=" + storeID + argument)
        }
        page.startBody()
        page.open("main")
        page.element("p", text: appName, attributes: [(name: "class", value: "app")])
        page.element("h1", text: title)
        if let description = preview.description {
            page.element("p", text: description, attributes: [(name: "class", value: "detail")])
        }
        if let scheme = link.canonical.scheme {
            page.anchor("Open in the app", href: scheme, schemes: table.schemes,
                        attributes: [(name: "class", value: "open"), (name: "id", value: "open")])
        }
        let fallback = table.fallback(for: link)
        if var target = platform.fallback(in: fallback) {
            let label = fallbackLabel(target, platform: platform, table: table)
            if let claim, platform == .android { target = claim.playStoreURL(target) }
            page.anchor(label, href: target,
                        attributes: [(name: "class", value: "fallback"), (name: "id", value: "fallback"),
                                     (name: "data-platform", value: platform.rawValue)])
        }
        // A visitor on a desktop moves the link to their phone with its camera.
        if platform == .web, let https = link.canonical.https, let code = try? QRCode(encoding: https, level: QREndpoints.defaultLevel) {
            page.qrCode(code, caption: "Scan with your phone's camera")
        }
        if let claim, platform == .ios { page.claim(claim) }
        page.close("main")
        guard claim != nil else {
            return HTTPResponse(status: .ok, contentType: contentType, body: page.finish(),
                                headers: headers(cacheControl: cacheControl))
        }
        var headers = headers(cacheControl: claimCacheControl)
        headers.set("Content-Security-Policy", claimContentSecurityPolicy)
        return HTTPResponse(status: .ok, contentType: contentType, body: page.finish(), headers: headers)
    }

    /// What the fallback link says: the store it goes to, or the website.
    private static func fallbackLabel(_ target: String, platform: LinkPlatform, table: RouteTable) -> String {
        switch platform {
        case .ios where target == table.appLinks.apple?.appStoreURL:
            return "Get \(table.appName) on the App Store"
        case .android where table.appLinks.android.contains(where: { $0.storeURL == target }):
            return "Get \(table.appName) on Google Play"
        default:
            return "Continue on the website"
        }
    }

    // MARK: - Headers

    static let contentType = "text/html; charset=utf-8"

    /// One card, centred; light and dark. Inline (no request for a style sheet) and allowed by
    /// its hash in the Content-Security-Policy.
    static let styleSheet = """
        :root{color-scheme:light dark;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}\
        body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f2f2f7;color:#1c1c1e}\
        main{box-sizing:border-box;width:min(26rem,calc(100% - 2rem));margin:1rem;padding:2rem 1.5rem;background:#fff;\
        border-radius:1.25rem;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}\
        .app{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#6e6e73}\
        h1{margin:.4rem 0 .6rem;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}\
        .detail{margin:0 0 1.5rem;line-height:1.45;color:#3a3a3c;overflow-wrap:anywhere}\
        a{display:block;margin-top:.75rem;padding:.9rem 1rem;border-radius:.8rem;font-weight:600;text-decoration:none}\
        .open{background:#007aff;color:#fff}.fallback{background:#e8f1ff;color:#0062cc}\
        .qr{margin:1.5rem 0 0}.qr svg{display:block;width:11rem;height:auto;margin:0 auto}\
        .qr figcaption{margin-top:.5rem;font-size:.85rem;color:#6e6e73}\
        .claim{margin:1.5rem 0 0;line-height:1.45}.claim strong{display:block;margin-top:.25rem;white-space:nowrap;font-size:1.6rem;letter-spacing:.1em}\
        .claim-url{font-size:.8rem;overflow-wrap:anywhere;color:#6e6e73}\
        button{width:100%;margin-top:.5rem;padding:.9rem 1rem;border:0;border-radius:.8rem;font:inherit;font-weight:600;\
        background:#e8f1ff;color:#0062cc}\
        @media (prefers-color-scheme:dark){body{background:#000;color:#f2f2f7}main{background:#1c1c1e}\
        .detail{color:#d1d1d6}.fallback{background:#0a2a4d;color:#8cc2ff}}
        """

    /// No script, no frames, no forms, no base; images from https only; the one style sheet.
    static let contentSecurityPolicy = "default-src 'none'; img-src https:; style-src "
        + HTMLDocument.styleSource(styleSheet) + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// A page with a claim is one visitor's: no shared cache may keep it, no cache may reuse it.
    public static let claimCacheControl = "private, no-store"

    /// The copy button's script: copies the claim URL and says so. Without it (scripts off, or
    /// no clipboard API) the page still shows the code and the URL to copy by hand.
    static let claimScript = """
        document.getElementById("copy").addEventListener("click",function(){var b=this;\
        navigator.clipboard.writeText(b.dataset.copy).then(function(){b.textContent="Copied"})})
        """

    /// The policy of a page with a claim: the usual one plus the copy script by its hash.
    static let claimContentSecurityPolicy = "default-src 'none'; img-src https:; style-src "
        + HTMLDocument.styleSource(styleSheet) + "; script-src " + HTMLDocument.styleSource(claimScript)
        + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    private static func headers(cacheControl: String) -> HTTPHeaders {
        [
            "Content-Type": contentType,
            "Content-Security-Policy": contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": cacheControl,
            "Vary": vary,
        ]
    }

    private static let problemHeaders: HTTPHeaders = ["Vary": vary, "Cache-Control": errorCacheControl]
}
