import SceneLinkHTTP
import SceneLinkOperations

/// A console page's view model: the display-ready values one page shows (numbers, texts,
/// rows, which forms are shown), built by a pure initializer from the operations' typed
/// results and, where a page hides forms, the session's permissions.
///
/// A page's endpoint does session → operation(s) → view → render; the rendering reads only
/// the view, so every sum and every decision is in the view's construction, where a test can
/// check it without a server:
///
/// ```swift
/// claims.daily(days: firstDay...today, by: caller) { result in
///     let view = ConsoleClaimsView(result, firstDay: firstDay)
///     responder.respond(view.response(session: session))
/// }
/// ```
package protocol ConsolePageView: Sendable {
    /// The page's title (`<h1>`, and in `<title>`).
    var title: String { get }
    /// The navigation's section the page belongs to.
    var section: ConsoleSection { get }
    /// The page's status: a refused query or change is the page with the operation's status.
    var status: HTTPStatus { get }
    /// What to fix in a refused form, shown above the heading; nil (the default) when nothing was refused.
    var errorSummary: ConsoleErrorSummary? { get }
    /// Writes the body of `<main>` after its heading: reads only the view.
    func write(into html: inout HTMLDocument)
}

extension ConsolePageView {
    package var status: HTTPStatus { .ok }
    package var errorSummary: ConsoleErrorSummary? { nil }

    /// The page for `session` (its navigation and sign-out form), with the notification `banner`
    /// of a change just made above the heading, and `headers` added.
    package func response(session: ConsoleSession, banner: ConsoleBanner? = nil, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        var page = ConsolePage(title: title, section: section, session: session)
        page.banner = banner
        page.errorSummary = errorSummary
        write(into: &page.html)
        return page.response(status: status, headers: headers)
    }
}
