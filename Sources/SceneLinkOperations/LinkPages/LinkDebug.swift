import SceneLinkCore
import SceneLinkHTTP

/// What a link does for each kind of visitor, and why (`?d=1` on any link: a short link, a long
/// link, a route's page), as Firebase Dynamic Links' debug flowchart showed it: an iPhone and an
/// Android phone with the app and without it, an iPad, a desktop and a link previewer. Made from
/// the same rules the link page and the short links follow (`LinkPage.fallbackTarget`,
/// `LinkCampaign.destination`, `skipPage`, `LinkDomains`), never from a second copy of them.
package struct LinkDebug: Sendable {
    /// One visitor's outcome.
    package struct Case: Sendable, Equatable {
        /// Who visits: "iPhone with the app", "Android without the app", "Link previewer", ….
        package let visitor: String
        /// Where they end up, in a few words.
        package let goes: String
        /// The URL they are sent or offered, when there is one.
        package let url: String?
        /// Why, in a sentence.
        package let why: String
    }

    /// The link as visited.
    package let link: String
    /// The route it resolves to (nil for a web page, "(root)" for the root).
    package let route: String?
    /// The stack as `navigationPath` JSON (nil for a web page).
    package let stack: String?
    package let cases: [Case]

    /// The cases of a link to a screen, with a short link's (or a long link's) own `settings`.
    package init(screen resolved: ResolvedLink, link: String, settings: ShortLinkSettings, table: RouteTable) {
        self.link = link
        route = resolved.route ?? "(root)"
        stack = (try? table.resolve(link, format: .navigationPath)).map { String(decoding: $0, as: UTF8.self) }
        var preview = table.preview(for: resolved)
        if let title = settings.preview.title { preview.title = title }
        if let description = settings.preview.description { preview.description = description }
        if let image = settings.preview.image { preview.image = image }
        let screen = "the screen \(route ?? "(root)")"
        var cases: [Case] = []
        func withoutApp(_ visitor: String, platform: LinkPlatform, device: LinkDevice) {
            guard let target = LinkPage.fallbackTarget(of: resolved, platform: platform, device: device, settings: settings, table: table) else {
                cases.append(Case(visitor: visitor, goes: "the link page", url: nil,
                                  why: "Neither the link nor the route file names a fallback for this device, so the page offers only \"Open in the app\"."))
                return
            }
            let url = settings.campaign.destination(target)
            let whose = settings.fallback(for: device) != nil ? "the link's own fallback" : "the route file's fallback"
            if settings.skipPage {
                cases.append(Case(visitor: visitor, goes: "redirected (302)", url: url,
                                  why: "skipPage (FDL's efr=1): no page in between; \(whose)\(settings.campaign.isEmpty ? "" : ", with the campaign")."))
            } else {
                let claim = platform == .web ? "" : " The page also hands out a claim, so the app opens at \(screen) once installed."
                cases.append(Case(visitor: visitor, goes: "the link page, then \(LinkPage.outcome(of: resolved, platform: platform, table: table, settings: settings, device: device) == .appStore ? "the store" : "the web page")",
                                  url: url, why: "\(whose.prefix(1).uppercased() + whose.dropFirst())\(settings.campaign.isEmpty ? "" : ", with the campaign")." + claim))
            }
        }
        let opens = "opens the app at \(screen)"
        cases.append(Case(visitor: "iPhone with the app", goes: table.appLinks.apple == nil ? "the link page" : opens, url: nil,
                          why: table.appLinks.apple == nil ? "The route file names no iOS app (app.apple), so iOS opens no app."
                              : "iOS hands https links on the app's hosts to the app (the apple-app-site-association file claims this path)."))
        withoutApp("iPhone without the app", platform: .ios, device: .iPhone)
        withoutApp("iPad without the app", platform: .ios, device: .iPad)
        cases.append(Case(visitor: "Android with the app", goes: table.appLinks.android.isEmpty ? "the link page" : opens, url: nil,
                          why: table.appLinks.android.isEmpty ? "The route file names no Android app (app.android), so Android opens no app."
                              : "Android hands verified App Links to the app (assetlinks.json)."))
        withoutApp("Android without the app", platform: .android, device: .android)
        withoutApp("Desktop", platform: .web, device: .desktop)
        cases.append(Case(visitor: "Link previewer (Slack, iMessage, X)", goes: "the card", url: preview.image,
                          why: "Title \"\(preview.title ?? table.appName)\"" + (preview.description.map { ", description \"\($0)\"" } ?? "")
                              + (settings.preview == LinkPreview() ? ", the route's preview." : ", the link's own card.")))
        self.cases = cases
    }

    /// The cases of a link to a web page on an allowed site.
    package init(web destination: String, link: String, host: String, title: String?, settings: ShortLinkSettings) {
        self.link = link
        route = nil
        stack = nil
        let why = "\(host) is on the allowed web sites (--link-domains), checked again at every visit."
        cases = ["iPhone", "iPad", "Android phone", "Desktop"].map {
            Case(visitor: $0, goes: "redirected (302)", url: destination, why: why)
        } + [Case(visitor: "Link previewer (Slack, iMessage, X)", goes: "the card", url: settings.preview.image,
                  why: "Title \"\(settings.preview.title ?? title ?? host)\", the link's own card.")]
    }

    /// `{"link","route","stack","cases":[{"visitor","goes","url","why"}]}`.
    package var json: JSONValue {
        .object([
            ("link", .string(link)), ("route", route.map { .string($0) } ?? .null),
            ("stack", stack.flatMap { try? JSONParser.parse($0) } ?? .null),
            ("cases", .array(cases.map { item in
                .object([("visitor", .string(item.visitor)), ("goes", .string(item.goes)), ("url", item.url.map { .string($0) } ?? .null),
                         ("why", .string(item.why))])
            })),
        ])
    }

    /// The answer for a request: JSON for a client that prefers it, else a page with a table;
    /// never cached, never indexed.
    package func response(json: Bool, style: LinkPageStyle) -> HTTPResponse {
        if json {
            return HTTPResponse(contentType: "application/json", body: JSONWriter.encode(self.json, escapingSlashes: false, sortingKeys: false),
                                headers: ["Cache-Control": "no-store"])
        }
        var page = HTMLDocument(title: "Where this link goes", language: "en", styleSheet: style.styleSheet)
        page.meta(name: "robots", content: "noindex")
        page.startBody()
        page.element("main") { html in
            html.element("h1", text: "Where this link goes")
            html.element("p", text: link, attributes: ["class": "detail"])
            if let route { html.element("p", text: "Route: \(route)" + (stack.map { " · stack \($0)" } ?? ""), attributes: ["class": "detail"]) }
            html.table(caption: "Each visitor", headings: ["Visitor", "Goes to", "Why"]) { html in
                for item in cases {
                    html.element("tr") { html in
                        html.element("th", text: item.visitor, attributes: ["scope": "row"])
                        html.element("td", text: item.goes + (item.url.map { ": " + $0 } ?? ""))
                        html.element("td", text: item.why)
                    }
                }
            }
        }
        var headers: HTTPHeaders = ["Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"]
        headers.set("Content-Security-Policy", style.contentSecurityPolicy)
        return HTTPResponse(status: .ok, contentType: LinkPage.contentType, body: page.finish(), headers: headers)
    }
}
