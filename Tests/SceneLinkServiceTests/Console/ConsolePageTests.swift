import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkService

@Suite struct ConsolePageTests {
    static let session = ConsoleSession(idHash: String(repeating: "a", count: 64), formToken: String(repeating: "f", count: 64),
                                        signedInAs: .adminToken, startedAt: Date(timeIntervalSince1970: 0),
                                        lastSeenAt: Date(timeIntervalSince1970: 0))

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func whatAHandlerWritesLandsInMainAfterTheHeading() {
        var page = ConsolePage(title: "Links", section: .links, session: Self.session)
        page.html.element("p", text: "Hello")
        let html = text(page.response())
        #expect(html.contains(#"<main id="main"><h1>Links</h1><p>Hello</p></main></body></html>"#))
        #expect(HTMLTagBalance.problem(in: html) == nil)
    }

    @Test func theHeaderCarriesTheNavigationWithTheCurrentSectionAndTheSignOutForm() {
        let html = text(ConsolePage(title: "Links", section: .links, session: Self.session).response())
        #expect(html.contains(#"<title>Links · SceneLink console</title><link rel="stylesheet" href="/console/console.css">"#
                              + #"<link rel="icon" href="data:,"></head>"#))
        #expect(html.contains(#"<li><a href="/console/links" aria-current="page">Links</a></li>"#))
        #expect(html.contains(#"<form method="post" action="/console/sign-out"><input type="hidden" name="csrf" value=""#
                              + String(repeating: "f", count: 64) + #""><button type="submit">Sign out</button></form></header>"#))
    }

    @Test func aNoticeHasNoNavigationAndBalances() {
        let response = ConsolePage.notice(status: .forbidden, title: "Refused", detail: "<no>")
        let html = text(response)
        #expect(response.status == .forbidden)
        #expect(!html.contains("<nav"))
        #expect(html.contains(#"<header><p class="brand">SceneLink console</p></header><main id="main"><h1>Refused</h1>"#
                              + #"<p>&lt;no&gt;</p><p><a href="/console/">Go to the console's sign-in page</a></p></main>"#))
        #expect(HTMLTagBalance.problem(in: html) == nil)
    }

    @Test func theDeleteFormNeedsItsBoxTicked() {
        var page = ConsolePage(title: "Link abc", session: Self.session)
        ConsolePage.deleteForm(heading: "Delete", action: "/console/links/abc/delete", boxID: "delete-confirm",
                               confirmation: "Yes", button: "Delete the link", formToken: "t", into: &page.html)
        let html = text(page.response())
        #expect(html.contains(#"<h2>Delete</h2><form method="post" action="/console/links/abc/delete">"#
                              + #"<input type="hidden" name="csrf" value="t"><p><input type="checkbox" id="delete-confirm" name="confirm" "#
                              + #"value="yes" required="required"><label for="delete-confirm">Yes</label></p>"#
                              + #"<button type="submit">Delete the link</button></form>"#))
        #expect(HTMLTagBalance.problem(in: html) == nil)
    }
}
