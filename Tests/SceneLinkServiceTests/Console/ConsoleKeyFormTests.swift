import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

@Suite struct ConsoleKeyFormTests {
    private func html(_ form: ConsoleKeyForm) -> String {
        var html = HTMLDocument.fragment()
        form.write(into: &html)
        return String(decoding: html.finish(), as: UTF8.self)
    }

    @Test func anEmptyFormSaysWhatToFillIn() {
        let errors = ConsoleKeyForm.errors(name: "", scopes: [])
        #expect(errors == [ConsoleFieldError(fieldID: "key-name", message: "Enter a name for the key, such as ci-deploy"),
                           ConsoleFieldError(fieldID: "scope-links-read", message: "Choose at least one scope the key may use")])
        #expect(ConsoleKeyForm.errors(name: "   ", scopes: ["console"]).map(\.fieldID) == ["key-name"])
    }

    @Test func aNameOrScopeTheOperationRefusesIsRefusedWithItsSentence() {
        let errors = ConsoleKeyForm.errors(name: "ci/deploy", scopes: ["everything"])
        #expect(errors.map(\.fieldID) == ["key-name", "scope-links-read"])
        #expect(errors[0].message == APIKeyInputError.invalidName("ci/deploy").description)
        #expect(errors[1].message == APIKeyInputError.unknownScope("everything").description)
        #expect(ConsoleKeyForm.errors(name: "ci deploy", scopes: ["console", "links:read"]).isEmpty)
    }

    @Test func eachBoxHasItsLabelBesideItAndARefusedFormKeepsWhatWasEntered() {
        let form = ConsoleKeyForm(name: "<b>ci", scopes: [.linksRead], errors: ConsoleKeyForm.errors(name: "<b>ci", scopes: ["links:read"]),
                                  formToken: "t")
        let text = html(form)
        #expect(text.contains(#"<div class="choice"><input type="checkbox" id="scope-links-read" name="scopes" value="links:read" checked="checked">"#
            + #"<label for="scope-links-read">links:read</label></div>"#))
        #expect(text.contains(#"value="&lt;b&gt;ci""#))
        #expect(!text.contains("<b>"))
        #expect(text.contains(#"aria-invalid="true" aria-describedby="key-name-error">"#))
        #expect(text.contains(#"novalidate="novalidate""#), "the server says what to fix, the same in every browser")
        #expect(!html(ConsoleKeyForm(formToken: "t")).contains("field-error"))
    }
}
