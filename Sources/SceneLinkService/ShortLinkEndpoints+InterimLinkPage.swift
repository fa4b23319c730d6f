import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

/// The HTML a browser gets from `GET /s/{code}` until the link page (issue 13) exists.
/// `interimLinkPage` is the one function that page replaces; `interimStatusPage` answers
/// unknown and expired links meanwhile.
///
/// Every value is escaped with `HTMLEscaping` for where it goes (text or a quoted attribute),
/// and the response forbids everything a page could load or run (`default-src 'none'`: no
/// script, style, image, frame or form), so a hostile parameter in a target link can only
/// ever appear as text.
extension ShortLinkEndpoints {
    /// A minimal page for a live short link: the app's name, the screen's route, and links to
    /// the target's canonical custom-scheme link ("Open in the app") and its https link.
    static func interimLinkPage(for resolved: ResolvedLink, appName: String) -> HTTPResponse {
        let app = HTMLEscaping.escape(appName)
        var body = "<h1>\(app)</h1>\n"
        if let route = resolved.canonical.route ?? resolved.route {
            body += "<p>Screen: <code>\(HTMLEscaping.escape(route))</code></p>\n"
        }
        body += "<p>Link: <code>\(HTMLEscaping.escape(resolved.link))</code></p>\n<ul>\n"
        if let scheme = resolved.canonical.scheme, isSafeHref(scheme) {
            body += "<li><a href=\"\(HTMLEscaping.escape(scheme))\">Open in the app</a></li>\n"
        }
        if let https = resolved.canonical.https, isSafeHref(https) {
            body += "<li><a href=\"\(HTMLEscaping.escape(https))\">Open on the web</a></li>\n"
        }
        body += "</ul>\n"
        return htmlResponse(.ok, title: "Open in \(app)", body: body)
    }

    /// A small page for a link that cannot be followed (404 unknown or unresolvable, 410 expired).
    static func interimStatusPage(_ status: HTTPStatus, title: String, message: String) -> HTTPResponse {
        let title = HTMLEscaping.escape(title)
        return htmlResponse(status, title: title, body: "<h1>\(title)</h1>\n<p>\(HTMLEscaping.escape(message))</p>\n")
    }

    /// The headers every interim page carries.
    static let pageHeaders: HTTPHeaders = [
        "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store",
        "Vary": "Accept",
    ]

    /// `title` and `body` are HTML already escaped by the caller.
    private static func htmlResponse(_ status: HTTPStatus, title: String, body: String) -> HTTPResponse {
        let page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(title)</title>
            </head>
            <body>
            \(body)</body>
            </html>

            """
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(page.utf8), headers: pageHeaders)
    }

    /// False for URL schemes that run code or carry a document when followed (`javascript:`,
    /// `data:`, `vbscript:`, `blob:`, `file:`); a route file could name such a scheme.
    static func isSafeHref(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon].lowercased()
        return !["javascript", "data", "vbscript", "blob", "file"].contains(scheme)
    }
}
