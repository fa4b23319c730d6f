import SceneLinkHTTP

/// One console page: the layout every page shares, written with `HTMLDocument`'s escaping, and
/// its answer with the console's fields (`ConsoleHeaders`).
///
/// A skip link to `<main>`, a `<header>` with the product name, the navigation (`<nav>` with
/// `aria-current` on the page shown) and the sign-out button (a POST with the form token), then
/// `<main id="main">` with the page's `<h1>`. No script, no inline style: the style sheet is
/// `/console/console.css`; the icon is an empty `data:` URL (no request for `/favicon.ico`).
///
/// ```swift
/// var page = ConsolePage(title: "Overview", section: .overview, session: session)
/// page.html.element("p", text: "Hello")
/// responder.respond(page.response())
/// ```
struct ConsolePage {
    /// The document; a handler writes the body of `<main>` into it.
    var html: HTMLDocument

    /// Opens a page titled `title`: with the navigation (the sections the session may open) when
    /// a session is shown, without it for sign-in and notices.
    init(title: String, section: ConsoleSection? = nil, session: ConsoleSession? = nil) {
        html = HTMLDocument(title: title + " · SceneLink console")
        html.styleSheetLink(ConsoleStyle.path)
        // No icon to fetch: without one a browser asks for /favicon.ico, a 404 it logs as an error.
        html.open("link", attributes: [(name: "rel", value: "icon"), (name: "href", value: "data:,")])
        html.startBody()
        html.element("a", text: "Skip to content", attributes: [(name: "class", value: "skip"), (name: "href", value: "#main")])
        html.open("header")
        html.element("p", text: "SceneLink console", attributes: [(name: "class", value: "brand")])
        if let session {
            html.open("nav", attributes: [(name: "aria-label", value: "Console")])
            html.open("ul")
            for item in ConsoleSection.allCases where item.operation.map(session.may) ?? true {
                html.open("li")
                var attributes: [(name: StaticString, value: String)] = [(name: "href", value: item.path)]
                if item == section { attributes.append((name: "aria-current", value: "page")) }
                html.element("a", text: item.title, attributes: attributes)
                html.close("li")
            }
            html.close("ul")
            html.close("nav")
            html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: "/console/sign-out")])
            Self.formTokenField(session.formToken, into: &html)
            html.element("button", text: "Sign out", attributes: [(name: "type", value: "submit")])
            html.close("form")
        }
        html.close("header")
        html.open("main", attributes: [(name: "id", value: "main")])
        html.element("h1", text: title)
    }

    /// The hidden `csrf` field every state-changing form carries.
    static func formTokenField(_ formToken: String, into html: inout HTMLDocument) {
        html.open("input", attributes: [(name: "type", value: "hidden"), (name: "name", value: "csrf"), (name: "value", value: formToken)])
    }

    /// A form under `heading` that posts to `action` with a required box (`confirm=yes`, id
    /// `boxID`) labelled `confirmation`, so nothing is deleted by one stray click.
    static func deleteForm(heading: String, action: String, boxID: String, confirmation: String, button: String, formToken: String,
                           into html: inout HTMLDocument) {
        html.element("h2", text: heading)
        html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: action)])
        formTokenField(formToken, into: &html)
        html.open("p")
        html.open("input", attributes: [(name: "type", value: "checkbox"), (name: "id", value: boxID), (name: "name", value: "confirm"),
                                        (name: "value", value: "yes"), (name: "required", value: "required")])
        html.element("label", text: confirmation, attributes: [(name: "for", value: boxID)])
        html.close("p")
        html.element("button", text: button, attributes: [(name: "type", value: "submit")])
        html.close("form")
    }

    /// The page's answer: `text/html` with the console's fields, and any `extra` fields.
    consuming func response(status: HTTPStatus = .ok, headers extra: [(name: String, value: String)] = []) -> HTTPResponse {
        html.close("main")
        var response = HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: html.finish())
        for field in extra { response.headers.add(field.name, field.value) }
        return ConsoleHeaders.applied(to: response)
    }

    /// A page that says one thing (a refusal, an error) and links to the sign-in page.
    static func notice(status: HTTPStatus, title: String, detail: String) -> HTTPResponse {
        var page = ConsolePage(title: title)
        page.html.element("p", text: detail)
        page.html.open("p")
        page.html.element("a", text: "Go to the console's sign-in page", attributes: [(name: "href", value: "/console/")])
        page.html.close("p")
        return page.response(status: status)
    }
}
