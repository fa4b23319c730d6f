import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

@Suite struct ConsoleLinkCreateFormTests {
    private let link = ConsoleLinkCreateForm.Target.link(label: "Link", value: "")

    @Test func aRefusalIsAboutTheFieldItsSentenceNames() {
        #expect(ConsoleLinkCreateForm.fieldID(for: "The alias 'spring' is taken by another link.", target: link) == "create-alias")
        #expect(ConsoleLinkCreateForm.fieldID(for: "\"expiresAt\" must be an RFC 3339 instant", target: link) == "create-expiresAt")
        #expect(ConsoleLinkCreateForm.fieldID(for: "\"title\" is 300 characters long", target: link) == "create-title")
        #expect(ConsoleLinkCreateForm.fieldID(for: "'Big' is not a tag: use a-z 0-9 - _", target: link) == "create-tags")
        #expect(ConsoleLinkCreateForm.fieldID(for: "The link does not resolve with the route table in force.", target: link) == "create-link")
    }

    @Test func aRoutesRefusalIsAboutItsFirstEmptyRequiredParameter() {
        let target = ConsoleLinkCreateForm.Target.route(name: "product", parameters: [
            .init(field: "parameter.shop", label: "shop (String)", value: "x", isRequired: true),
            .init(field: "parameter.id", label: "id (Int)", value: "", isRequired: true),
        ])
        #expect(ConsoleLinkCreateForm.fieldID(for: "Fill in every parameter that is not optional.", target: target) == "create-parameter-1")
        #expect(ConsoleLinkCreateForm.fieldID(for: "No route matches", target: .route(name: "home", parameters: [])) == "create-route")
    }

    @Test func theRefusedFieldCarriesItsMessageAndTheSummaryLinksToIt() throws {
        let table = try BuiltInRoutes.fuelMoneyTable()
        let form = ConsoleLinkCreateForm(table: table, route: nil, entered: ConsoleForm(body: Array("link=%3Cx%3E".utf8)),
                                         error: "The link '<x>' does not resolve.", formToken: "t")
        #expect(form.fieldError == ConsoleFieldError(fieldID: "create-link", message: "The link '<x>' does not resolve."))
        var html = HTMLDocument.fragment()
        form.write(into: &html)
        let text = String(decoding: html.finish(), as: UTF8.self)
        #expect(text.contains(#"<p class="field-error" id="create-link-error"><span class="visually-hidden">Error: </span>The link &#39;&lt;x&gt;&#39; does not resolve.</p>"#)
            || text.contains(#"<p class="field-error" id="create-link-error"><span class="visually-hidden">Error: </span>The link '&lt;x&gt;' does not resolve.</p>"#))
        #expect(text.contains(#"aria-invalid="true" aria-describedby="create-link-error">"#))
        let view = ConsoleLinksView(refusing: form, status: .unprocessableContent)
        #expect(view.errorSummary?.errors == [form.fieldError].compactMap { $0 })
    }
}
