import Foundation
import SceneLinkHTTP
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

@Suite struct ConsoleErrorSummaryTests {
    private func written(_ write: (inout HTMLDocument) -> Void) -> String {
        var html = HTMLDocument.fragment()
        write(&html)
        return String(decoding: html.finish(), as: UTF8.self)
    }

    @Test func theSummaryHasItsHeadingAndALinkToEachFieldRefused() throws {
        let summary = try #require(ConsoleErrorSummary([
            ConsoleFieldError(fieldID: "key-name", message: "Enter a name for the key"),
            ConsoleFieldError(fieldID: "scope-console", message: "Choose at least one scope"),
        ]))
        #expect(written(summary.write) == #"<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title">"#
            + #"<h2 class="error-summary-title" id="error-summary-title">There is a problem</h2><ul class="error-summary-list">"#
            + ##"<li><a href="#key-name">Enter a name for the key</a></li><li><a href="#scope-console">Choose at least one scope</a></li></ul></div>"##)
        #expect(summary.error(for: "scope-console")?.message == "Choose at least one scope")
        #expect(summary.error(for: "nothing") == nil)
    }

    @Test func noErrorsIsNoSummary() {
        #expect(ConsoleErrorSummary([]) == nil)
    }

    @Test func everyMessageIsEscapedInTheSummaryAndBesideTheField() throws {
        let error = ConsoleFieldError(fieldID: "create-link", message: "'fuelmoney://x/\"><script>x</script>' does not resolve")
        let summary = written(try #require(ConsoleErrorSummary([error])).write)
        let beside = written(error.write)
        for html in [summary, beside] {
            #expect(!html.contains("<script>"))
            #expect(html.contains("&lt;script&gt;x&lt;/script&gt;"))
        }
    }

    @Test func theFieldsMessageIsBesideItWithAHiddenErrorPrefix() {
        let error = ConsoleFieldError(fieldID: "key-name", message: "Enter a name for the key")
        #expect(written(error.write) == #"<p class="field-error" id="key-name-error"><span class="visually-hidden">Error: </span>Enter a name for the key</p>"#)
        let attributes = written { $0.void(.input, attributes: ["id": "key-name"] + error.fieldAttributes) }
        #expect(attributes == #"<input id="key-name" aria-invalid="true" aria-describedby="key-name-error">"#)
    }

    @Test func aPageWithASummaryShowsItFirstAndSaysErrorInItsTitle() throws {
        var page = ConsolePage(title: "System", section: .system, session: ConsoleViewFixtures.admin)
        page.errorSummary = ConsoleErrorSummary([ConsoleFieldError(fieldID: "key-name", message: "Enter a name for the key")])
        let text = String(decoding: page.response(status: .badRequest).body, as: UTF8.self)
        #expect(text.contains("<title>Error: System · SceneLink console</title>"))
        #expect(text.contains(#"<main id="main"><div class="error-summary""#))
        #expect(HTMLTagBalance.problem(in: text) == nil)
    }
}
