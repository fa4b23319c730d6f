import SceneLinkCore
import SceneLinkHTTP

extension LinkPage {
    /// The card a link previewer (or a bot) is shown for a short link to a web page, where a
    /// person's browser is redirected: the link's own `preview` (its title the link's `title`,
    /// else the site's host, when it sets none), `og:url` the destination, and a link to it.
    /// Never cached (the link may change).
    public func webCard(destination: String, host: String, title: String?, preview: LinkPreview, language: PageLanguage) -> HTTPResponse {
        let strings = LinkPageStrings.in(language)
        let appName = table.appName(in: language)
        let heading = preview.title ?? title ?? host
        var page = HTMLDocument(title: heading, language: language.tag, styleSheet: style.styleSheet)
        if let description = preview.description {
            page.meta(name: "description", content: description)
            page.meta(property: "og:description", content: description)
        }
        page.meta(property: "og:type", content: "website")
        page.meta(property: "og:locale", content: language.openGraphLocale)
        page.meta(property: "og:site_name", content: host)
        page.meta(property: "og:title", content: heading)
        page.metaURL("og:url", url: destination)
        let image = preview.image.flatMap { page.metaURL("og:image", url: $0) ? $0 : nil }
        page.meta(name: "twitter:card", content: image == nil ? "summary" : "summary_large_image")
        page.meta(name: "twitter:title", content: heading)
        if let image { page.metaURL("twitter:image", url: image) }
        page.startBody()
        page.element("main") { html in
            Self.logo(on: &html, appName: appName, table: table)
            html.element("p", text: host, attributes: ["class": "app"])
            html.element("h1", text: heading)
            if let description = preview.description { html.element("p", text: description, attributes: ["class": "detail"]) }
            html.anchor(strings[.continueOnWebsite], href: destination, attributes: ["class": "fallback", "id": "fallback"])
        }
        return HTTPResponse(status: .ok, contentType: Self.contentType, body: page.finish(),
                            headers: Self.headers(cacheControl: "no-store", language: language, style: style))
    }
}
