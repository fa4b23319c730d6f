import SceneLinkHTTP
import SceneLinkOperations

/// One console page: the layout every page shares, written with `HTMLDocument`'s escaping, and
/// its answer with the console's fields (`ConsoleHeaders`).
///
/// A skip link to `<main>`, a `<header>` with the product name, the navigation (`<nav>` with
/// `aria-current` on the page shown) and the sign-out button (a POST with the form token), then
/// `<main id="main">` with the error summary of a refused form or the banner of a change just
/// made (`ConsoleErrorSummary`, `ConsoleBanner`), the page's `<h1>` and what the handler wrote. No script, no inline
/// style: the style sheet is `/console/console.css`; the icon is an empty `data:` URL (no request
/// for `/favicon.ico`).
///
/// A handler writes the body of `<main>` into `html`, a fragment; `response(status:headers:)`
/// writes the whole document around it, so `<main>` is one balanced element like every other.
///
/// ```swift
/// var page = ConsolePage(title: "Overview", section: .overview, session: session)
/// page.html.element("p", text: "Hello")
/// responder.respond(page.response())
/// ```
package struct ConsolePage {
    /// The body of `<main>` after its heading: a handler writes into it.
    package var html = HTMLDocument.fragment()
    /// The page's title (`<h1>`, and before " · SceneLink console" in `<title>`).
    package let title: String
    /// The navigation's current section, if any.
    package let section: ConsoleSection?
    /// The session whose navigation and sign-out button are shown; nil for sign-in and notices.
    package let session: ConsoleSession?
    /// The notification banner above the heading (a change just made), if any.
    package var banner: ConsoleBanner?
    /// The error summary above the heading (a refused form), if any; the title then starts with "Error: ".
    package var errorSummary: ConsoleErrorSummary?

    /// A page titled `title`: with the navigation (the sections the session may open) when a
    /// session is shown, without it for sign-in and notices.
    package init(title: String, section: ConsoleSection? = nil, session: ConsoleSession? = nil) {
        self.title = title
        self.section = section
        self.session = session
    }

    /// The hidden `csrf` field every state-changing form carries.
    package static func formTokenField(_ formToken: String, into html: inout HTMLDocument) {
        html.void(.input, attributes: ["type": "hidden", "name": "csrf", "value": formToken])
    }

    /// A form under `heading` that posts to `action` with a required box (`confirm=yes`, id
    /// `boxID`) labelled `confirmation`, so nothing is deleted by one stray click. `error`: the
    /// box's message when the form was sent without it ticked.
    package static func deleteForm(heading: String, action: String, boxID: String, confirmation: String, button: String, formToken: String,
                                   error: ConsoleFieldError? = nil, into html: inout HTMLDocument) {
        html.element("h2", text: heading)
        html.element("form", attributes: ["method": "post", "action": action]) { html in
            formTokenField(formToken, into: &html)
            error?.write(into: &html)
            html.element("p") { html in
                let refused = error?.fieldAttributes ?? [:]
                html.void(.input, attributes: ["type": "checkbox", "id": boxID, "name": "confirm", "value": "yes", "required": "required"] + refused)
                html.element("label", text: confirmation, attributes: ["for": boxID])
            }
            html.element("button", text: button, attributes: ["type": "submit"])
        }
    }

    /// The page's answer: `text/html` with the console's fields, and any `extra` fields.
    package consuming func response(status: HTTPStatus = .ok, headers extra: [(name: String, value: String)] = []) -> HTTPResponse {
        var response = HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: document())
        for field in extra { response.headers.add(field.name, field.value) }
        return ConsoleHeaders.applied(to: response)
    }

    /// The whole document: head, header and navigation, then `<main>` holding the heading and `html`.
    private func document() -> [UInt8] {
        var document = HTMLDocument(title: (errorSummary == nil ? "" : "Error: ") + title + " · SceneLink console")
        document.styleSheetLink(ConsoleStyle.path)
        // No icon to fetch: without one a browser asks for /favicon.ico, a 404 it logs as an error.
        document.void(.link, attributes: ["rel": "icon", "href": "data:,"])
        document.startBody()
        document.element("a", text: "Skip to content", attributes: ["class": "skip", "href": "#main"])
        document.element("header") { html in
            html.element("p", text: "SceneLink console", attributes: ["class": "brand"])
            if let session { Self.writeNavigation(current: section, session: session, into: &html) }
        }
        document.element("main", attributes: ["id": "main"]) { main in
            errorSummary?.write(into: &main)
            banner?.write(into: &main)
            main.element("h1", text: title)
            main.append(html)
        }
        return document.finish()
    }

    /// The sections `session` may open, `current` marked, and the sign-out form.
    private static func writeNavigation(current: ConsoleSection?, session: ConsoleSession, into html: inout HTMLDocument) {
        html.element("nav", attributes: ["aria-label": "Console"]) { html in
            html.element("ul") { html in
                for item in ConsoleSection.allCases where item.operation.map(session.may) ?? true {
                    html.element("li") { html in
                        var attributes: HTMLAttributes = ["href": item.path]
                        if item == current { attributes.append("aria-current", "page") }
                        html.element("a", text: item.title, attributes: attributes)
                    }
                }
            }
        }
        html.element("form", attributes: ["method": "post", "action": "/console/sign-out"]) { html in
            formTokenField(session.formToken, into: &html)
            html.element("button", text: "Sign out", attributes: ["type": "submit"])
        }
    }

    /// A page that says one thing (a refusal, an error) and links to the sign-in page.
    package static func notice(status: HTTPStatus, title: String, detail: String) -> HTTPResponse {
        var page = ConsolePage(title: title)
        page.html.element("p", text: detail)
        page.html.element("p") { html in
            html.element("a", text: "Go to the console's sign-in page", attributes: ["href": "/console/"])
        }
        return page.response(status: status)
    }
}
