import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

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
/// Every page speaks the visitor's language (`PageLanguage.negotiate` of `Accept-Language`,
/// the route file's `app.pages.defaultLanguage` when it names none): its own words are
/// `LinkPageStrings`, the preview and the app's name the route file's translations
/// (`RouteTable.preview(for:in:)`), and `<html lang>`, `og:locale` and `Content-Language` say
/// the same language.
///
/// Every page carries a Content-Security-Policy with no script at all and the inline style
/// sheet (the route file's theme, `LinkPageStyle`) allowed by its hash, `X-Content-Type-Options:
/// nosniff`, `Referrer-Policy: no-referrer`, `Cache-Control` and `Vary: Accept, User-Agent,
/// Accept-Language`. Values reach the HTML only through `HTMLDocument`, escaped for their context.
///
/// The page of a route without parameters (and of the root) is the same for every link: it is
/// rendered at its first view in each language and platform and kept (`LinkPageCache`, within its
/// bound), so serving it again copies no bytes, and making a `LinkPage` for a route table, at
/// start-up and at each reload, renders nothing, however many routes the file declares.
///
/// ```swift
/// let page = LinkPage(table: table)
/// let outcome = Result { () throws(ResolveError) in try table.resolve("https://fuelmoney.example.com/settings") }
/// let response = page.response(for: outcome, accept: "text/html", userAgent: "Mozilla/5.0 (iPhone; …)",
///                              acceptLanguage: "ja-JP,ja;q=0.9")
/// ```
public struct LinkPage: Sendable {
    /// The table the pages are of.
    public let table: RouteTable
    /// The style sheet and the policies that allow it (the route file's theme).
    package let style: LinkPageStyle
    /// The links whose pages are the same for every link, and those pages once rendered.
    private let constants: Constants
    /// The pages kept once rendered, and the phones' pages with a claim as templates (for claims
    /// whose URL is on the file's first host).
    private var kept: LinkPageCache { constants.kept }

    /// What a `LinkPage` keeps of its table's constant pages, in one object: the page is read
    /// (copied) on every request, so it holds one reference instead of several.
    private final class Constants: Sendable {
        /// By route name, the link every link of a route without parameters stands for (its own
        /// path on the file's first host): the one its kept pages are rendered from.
        let links: [String: String]
        /// The root link resolved, when the file declares no `/` route: its pages are kept too.
        let root: ResolvedLink?
        let kept: LinkPageCache

        init(links: [String: String], root: ResolvedLink?, kept: LinkPageCache) {
            self.links = links
            self.root = root
            self.kept = kept
        }
    }

    /// A page may be kept five minutes by browsers and shared caches; it varies by `Accept`
    /// (HTML or JSON), `User-Agent` (the fallback) and `Accept-Language` (its words).
    public static let cacheControl = "public, max-age=300"
    /// A link that does not resolve may after a route-file reload: a shorter life.
    public static let errorCacheControl = "public, max-age=60"
    package static let vary = "Accept, User-Agent, Accept-Language"
    /// Where the pages of each route are kept: one per language and platform.
    package static let slots = PageLanguage.allCases.count * LinkPlatform.allCases.count

    /// The pages of `table`, keeping what is rendered within `LinkPageCache.standardByteLimit` bytes.
    public init(table: RouteTable) {
        self.init(table: table, byteLimit: LinkPageCache.standardByteLimit)
    }

    /// The pages of `table`, keeping what is rendered within `byteLimit` bytes (`LinkPageCache`).
    package init(table: RouteTable, byteLimit: Int) {
        self.table = table
        style = LinkPageStyle(theme: table.pages.theme)
        var links: [String: String] = [:]
        for route in table.parameterlessRoutePaths {
            if let link = Self.link(path: route.path, query: nil, host: nil, table: table) { links[route.name] = link }
        }
        var root: ResolvedLink?
        if let link = Self.link(path: "/", query: nil, host: nil, table: table), let resolved = try? table.resolve(link),
           resolved.route == nil {
            root = resolved
        }
        constants = Constants(links: links, root: root, kept: LinkPageCache(byteLimit: byteLimit))
    }

    /// Where the page for `language` and `platform` is kept in a route's list.
    package static func slot(_ language: PageLanguage, _ platform: LinkPlatform) -> Int {
        language.index * LinkPlatform.allCases.count + platform.index
    }

    /// The language of the page for `request`: its `Accept-Language` (every such field, as one
    /// list) negotiated against the pages' languages, the route file's default when it names none.
    public func language(for request: HTTPRequest) -> PageLanguage {
        Self.language(acceptLanguage: Self.acceptLanguage(request.headers), table: table)
    }

    package static func language(acceptLanguage: String?, table: RouteTable) -> PageLanguage {
        PageLanguage.negotiate(acceptLanguage, default: table.pages.defaultLanguage)
    }

    /// The `Accept-Language` fields joined into one list (RFC 9110 §5.3); nil without one.
    package static func acceptLanguage(_ headers: HTTPHeaders) -> String? {
        var found: String?
        for field in headers.fields where field.name.equalsIgnoringASCIICase("Accept-Language") {
            found = found.map { $0 + "," + field.value } ?? field.value
        }
        return found
    }

    /// The answer for a resolved link, or for the error of one that does not resolve, to a
    /// request with these `Accept`, `User-Agent` and `Accept-Language` fields: the one function
    /// the link page and short links (`/s/CODE`) share.
    public func response(for outcome: Result<ResolvedLink, ResolveError>, accept: String?, userAgent: String?,
                         acceptLanguage: String? = nil) -> HTTPResponse {
        response(for: outcome, format: ContentNegotiation.format(accept: accept.map { [$0] } ?? []),
                 platform: LinkPlatform(userAgent: userAgent), language: Self.language(acceptLanguage: acceptLanguage, table: table))
    }

    /// `response(for:accept:userAgent:acceptLanguage:)` with the format, platform and language
    /// already read. A short link's own `settings` make its page its own (never a kept one).
    public func response(for outcome: Result<ResolvedLink, ResolveError>, format: LinkPageFormat,
                         platform: LinkPlatform, language: PageLanguage, settings: ShortLinkSettings = .none,
                         device: LinkDevice? = nil) -> HTTPResponse {
        switch (outcome, format) {
        case (.success(let link), .html) where !settings.isEmpty:
            return render(link, platform: platform, language: language, settings: settings, device: device)
        case (.success(let link), .html):
            return constantPage(route: link.route, platform: platform, language: language)?.page ?? render(link, platform: platform, language: language)
        case (.failure(let error), .html):
            // The problem's own title and detail are for developers (JSON); a visitor reads these.
            let strings = LinkPageStrings.in(language)
            return notice(status: ResolveProblems.problem(for: error).status, title: strings[.unresolvedTitle],
                          detail: strings[.unresolvedDetail], language: language)
        case (.success(let link), .json):
            return document(of: link.link)
        case (.failure(let error), .json):
            return ResolveProblems.problem(for: error).response(headers: Self.problemHeaders)
        }
    }

    /// The JSON answer for `link`: its resolve document, as `GET /v1/resolve` answers it, or the
    /// resolve problem.
    package func document(of link: String) -> HTTPResponse {
        do {
            return HTTPResponse(contentType: "application/json", body: try table.resolve(link, format: .document),
                                headers: ["Vary": Self.vary, "Cache-Control": Self.cacheControl])
        } catch {
            return ResolveProblems.problem(for: error).response(headers: Self.problemHeaders)
        }
    }

    /// The finished HTML page of a route whose page is the same for every link (a route
    /// without parameters; nil for the root link when no route declares `/`) in `language`:
    /// kept since its first view, or rendered now and kept (`LinkPageCache`, within its bound);
    /// nil when the page depends on the link's values. With it, what the page offers
    /// (`outcome(of:platform:)`, kept with the pages).
    public func constantPage(route: String?, platform: LinkPlatform, language: PageLanguage)
        -> (page: HTTPResponse, outcome: VisitOutcome)? {
        let key = route ?? LinkPageCache.rootKey
        let slot = Self.slot(language, platform)
        if let found = kept.page(route: key, slot: slot, platform: platform) { return found }
        guard let link = constantLink(route) else { return nil }
        let page = render(link, platform: platform, language: language)
        kept.keep(page: page, route: key, slot: slot, slots: Self.slots, outcomes: outcomes(of: link))
        return (page, outcome(of: link, platform: platform))
    }

    /// The one link every link of `route` stands for, resolved: for a route without parameters
    /// whose own path resolves to it, or the root (nil) when no route declares `/`; else nil.
    private func constantLink(_ route: String?) -> ResolvedLink? {
        guard let route else { return constants.root }
        guard let link = constants.links[route], let resolved = try? table.resolve(link), resolved.route == route else { return nil }
        return resolved
    }

    /// What the page of `link` offers on each platform, by `LinkPlatform.index`.
    private func outcomes(of link: ResolvedLink) -> [VisitOutcome] {
        LinkPlatform.allCases.map { outcome(of: link, platform: $0) }
    }

    /// What the page of `link` offers on `platform` when it carries no claim: its fallback for
    /// the platform is the app's store page (`appStore`), a web page (`web`), or there is none (`page`).
    package func outcome(of link: ResolvedLink, platform: LinkPlatform) -> VisitOutcome {
        Self.outcome(of: link, platform: platform, table: table)
    }

    package static func outcome(of link: ResolvedLink, platform: LinkPlatform, table: RouteTable,
                                settings: ShortLinkSettings = .none, device: LinkDevice? = nil) -> VisitOutcome {
        guard let target = fallbackTarget(of: link, platform: platform, device: device, settings: settings, table: table) else {
            return .page
        }
        switch platform {
        case .ios where target == table.appLinks.apple?.appStoreURL: return .appStore
        case .android where table.appLinks.android.contains(where: { $0.storeURL == target }): return .appStore
        default: return .web
        }
    }

    /// A phone's page of `link` with a new claim (with its code): filled into the route's
    /// template when there is one (a route without parameters, the claim URL on the file's
    /// first host, no `settings` of a short link's own), else rendered; the same bytes either way.
    public func claimPage(_ link: ResolvedLink, platform: LinkPlatform, language: PageLanguage, claim: LinkPageClaim,
                          settings: ShortLinkSettings = .none, device: LinkDevice? = nil) -> HTTPResponse {
        if settings.isEmpty, let code = claim.code,
           let template = claimTemplate(route: link.route, platform: platform, language: language, host: claim.host) {
            return template.response(token: claim.token, code: code)
        }
        return render(link, platform: platform, language: language, claim: claim, settings: settings, device: device)
    }

    /// The template of a phone's claim page for `route` on `platform` in `language` with the
    /// claim URL on `host`: there is one for each route without parameters, on the file's first
    /// host, made at its first view and kept; nil when the page must be rendered (also once no more
    /// can be kept: making one takes two renderings, a page with its claim one).
    package func claimTemplate(route: String?, platform: LinkPlatform, language: PageLanguage, host: String?) -> ClaimPageTemplate? {
        guard let route, platform != .web, host == table.hosts.first else { return nil }
        let slot = Self.slot(language, platform)
        if let made = kept.template(route: route, slot: slot) { return made }
        guard !kept.isFull, let link = constantLink(route) else { return nil }
        let template = ClaimPageTemplate(host: table.hosts.first) { claim in
            render(link, platform: platform, language: language, claim: claim)
        }
        kept.keep(template: template, route: route, slot: slot, slots: Self.slots, outcomes: outcomes(of: link))
        return template
    }

    /// The page of a resolved link for one platform in one language (see
    /// `render(_:platform:language:table:style:claim:settings:device:)`).
    package func render(_ link: ResolvedLink, platform: LinkPlatform, language: PageLanguage, claim: LinkPageClaim? = nil,
                        settings: ShortLinkSettings = .none, device: LinkDevice? = nil) -> HTTPResponse {
        Self.render(link, platform: platform, language: language, table: table, style: style, claim: claim, settings: settings,
                    device: device)
    }

    /// Where the page of `link` sends a visitor without the app on `platform` (`device` when
    /// known more finely, an iPad): the link's own fallback (`settings`), else the route's
    /// (`RouteTable.fallback(for:)`); nil when neither names one. The campaign is not yet in it
    /// (`LinkCampaign.destination`).
    package static func fallbackTarget(of link: ResolvedLink, platform: LinkPlatform, device: LinkDevice?,
                                       settings: ShortLinkSettings, table: RouteTable) -> String? {
        if !settings.fallbacks.isEmpty, let own = settings.fallback(for: device ?? LinkDevice(platform)) { return own }
        return platform.fallback(in: table.fallback(for: link))
    }

    /// A page that says something went wrong (a link that does not resolve, an expired short
    /// link): the app's name, `title`, `detail`, and a link to the app's web fallback, in
    /// `language` (the route file's default when nil).
    public func notice(status: HTTPStatus, title: String, detail: String, language: PageLanguage? = nil) -> HTTPResponse {
        let language = language ?? table.pages.defaultLanguage
        let strings = LinkPageStrings.in(language)
        let appName = table.appName(in: language)
        var page = HTMLDocument(title: "\(title) · \(appName)", language: language.tag, styleSheet: style.styleSheet)
        page.meta(name: "robots", content: "noindex")
        page.startBody()
        page.element("main") { html in
            logo(on: &html, appName: appName, table: table)
            html.element("p", text: appName, attributes: ["class": "app"])
            html.element("h1", text: title)
            html.element("p", text: detail, attributes: ["class": "detail"])
            if let web = table.appLinks.fallback.web {
                html.anchor(strings.text(.goToWebsite, app: appName), href: web, attributes: ["class": "fallback", "id": "fallback"])
            }
        }
        return HTTPResponse(status: status, contentType: Self.contentType, body: page.finish(),
                            headers: Self.headers(cacheControl: Self.errorCacheControl, language: language, style: style))
    }

    // MARK: - The page

    /// The https link (or, for a file without hosts, the custom-scheme link) a request for
    /// `path` and `query` on the server stands for. `host` is used when it is one of the
    /// file's hosts (with any port dropped, in any case); else the first host.
    package static func link(path: String, query: String?, host: String?, table: RouteTable) -> String? {
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

    /// The page of a resolved link for one platform in one language.
    /// With `claim` (a phone's page, see `ClaimEndpoints`), the page carries it: Android's Play
    /// button gets the install referrer, iOS shows the code and the copy button; such a page is
    /// the visitor's own (`claimCacheControl`) and allows the copy script by its hash.
    /// With `settings` (a short link's own), its card replaces the route's field by field, its
    /// fallback for `device` the route's, and its campaign reaches the fallback link
    /// (`LinkCampaign.destination`).
    package static func render(_ link: ResolvedLink, platform: LinkPlatform, language: PageLanguage, table: RouteTable,
                               style: LinkPageStyle, claim: LinkPageClaim? = nil, settings: ShortLinkSettings = .none,
                               device: LinkDevice? = nil) -> HTTPResponse {
        let strings = LinkPageStrings.in(language)
        var preview = table.preview(for: link, in: language)
        if let title = settings.preview.title { preview.title = title }
        if let description = settings.preview.description { preview.description = description }
        if let image = settings.preview.image { preview.image = image }
        let appName = table.appName(in: language)
        let title = preview.title ?? appName
        var page = HTMLDocument(title: preview.title.map { "\($0) · \(appName)" } ?? appName, language: language.tag,
                                styleSheet: style.styleSheet)
        if let description = preview.description { page.meta(name: "description", content: description) }
        page.meta(property: "og:type", content: "website")
        page.meta(property: "og:locale", content: language.openGraphLocale)
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
        page.element("main") { html in
            logo(on: &html, appName: appName, table: table)
            html.element("p", text: appName, attributes: ["class": "app"])
            html.element("h1", text: title)
            if let description = preview.description {
                html.element("p", text: description, attributes: ["class": "detail"])
            }
            if let scheme = link.canonical.scheme {
                html.anchor(strings[.openInApp], href: scheme, schemes: table.schemes, attributes: ["class": "open", "id": "open"])
            }
            if let target = fallbackTarget(of: link, platform: platform, device: device, settings: settings, table: table) {
                let label = fallbackLabel(target, platform: platform, table: table, appName: appName, strings: strings)
                let referrer = platform == .android ? claim.map { [$0.token.playReferrer] } ?? [] : []
                html.anchor(label, href: settings.campaign.destination(target, referrerPairs: referrer),
                            attributes: ["class": "fallback", "id": "fallback", "data-platform": platform.rawValue])
            }
            // A visitor on a desktop moves the link to their phone with its camera; the code's URL
            // carries the QR marker, so the scan counts as one (resolving ignores it).
            if platform == .web, let https = link.canonical.https,
               let code = try? QRCode(encoding: QRMarker.marking(https), level: QRErrorCorrectionLevel.standard) {
                html.qrCode(code, caption: strings[.scanWithPhone])
            }
            if let claim, platform == .ios { html.claim(claim, strings: strings) }
        }
        guard claim != nil else {
            return HTTPResponse(status: .ok, contentType: contentType, body: page.finish(),
                                headers: headers(cacheControl: cacheControl, language: language, style: style))
        }
        var headers = headers(cacheControl: claimCacheControl, language: language, style: style)
        headers.set("Content-Security-Policy", style.claimContentSecurityPolicy)
        return HTTPResponse(status: .ok, contentType: contentType, body: page.finish(), headers: headers)
    }

    /// The theme's logo, when it has one, its alt text the app's name in the page's language.
    static func logo(on page: inout HTMLDocument, appName: String, table: RouteTable) {
        guard let logo = table.pages.theme?.logo else { return }
        page.image(logo, alternative: appName, attributes: ["class": "logo"])
    }

    private func logo(on page: inout HTMLDocument, appName: String, table: RouteTable) {
        Self.logo(on: &page, appName: appName, table: table)
    }

    /// What the fallback link says: the store it goes to, or the website.
    private static func fallbackLabel(_ target: String, platform: LinkPlatform, table: RouteTable, appName: String,
                                      strings: LinkPageStrings) -> String {
        switch platform {
        case .ios where target == table.appLinks.apple?.appStoreURL:
            return strings.text(.getOnAppStore, app: appName)
        case .android where table.appLinks.android.contains(where: { $0.storeURL == target }):
            return strings.text(.getOnGooglePlay, app: appName)
        default:
            return strings[.continueOnWebsite]
        }
    }

    // MARK: - Headers

    package static let contentType = "text/html; charset=utf-8"

    /// SceneLink's own style sheet (`LinkPageStyle.standard`): one card, centred; light and
    /// dark. Inline (no request for a style sheet) and allowed by its hash in the policy.
    package static let styleSheet = LinkPageStyle.standard.styleSheet

    /// No script, no frames, no forms, no base; images from https only; the one style sheet
    /// (a page of a route file without a theme).
    package static let contentSecurityPolicy = LinkPageStyle.standard.contentSecurityPolicy

    /// A page with a claim is one visitor's: no shared cache may keep it, no cache may reuse it.
    public static let claimCacheControl = "private, no-store"

    /// The copy button's script: copies the claim URL and says so (in the page's language, from
    /// the button's `data-copied`, so one script and one hash serve every language). Without it (scripts off, or
    /// no clipboard API) the page still shows the code and the URL to copy by hand.
    package static let claimScript = """
        document.getElementById("copy").addEventListener("click",function(){var b=this;\
        navigator.clipboard.writeText(b.dataset.copy).then(function(){b.textContent=b.dataset.copied})})
        """

    /// The policy of a page with a claim (without a theme): the usual one plus the copy script by its hash.
    package static let claimContentSecurityPolicy = LinkPageStyle.standard.claimContentSecurityPolicy

    static func headers(cacheControl: String, language: PageLanguage, style: LinkPageStyle) -> HTTPHeaders {
        [
            "Content-Type": contentType,
            "Content-Language": language.tag,
            "Content-Security-Policy": style.contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": cacheControl,
            "Vary": vary,
        ]
    }

    private static let problemHeaders: HTTPHeaders = ["Vary": vary, "Cache-Control": errorCacheControl]
}
