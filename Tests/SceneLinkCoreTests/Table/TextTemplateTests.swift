import Testing
@testable import SceneLinkCore

/// Preview and fallback texts with `{parameter}` holes.
@Suite struct TextTemplateTests {
    private let scope = ["id": 0, "tab": 1]

    @Test func textAndParametersBecomeChunks() {
        #expect(TextTemplate.parse("", scope: scope) == .success(TextTemplate(chunks: [])))
        #expect(TextTemplate.parse("レシピ 🍜", scope: scope) == .success(TextTemplate(chunks: [.text("レシピ 🍜")])))
        #expect(TextTemplate.parse("Recipe {id} · {tab}!", scope: scope)
            == .success(TextTemplate(chunks: [.text("Recipe "), .parameter(0), .text(" · "), .parameter(1), .text("!")])))
        #expect(TextTemplate.parse("{ id }", scope: scope) == .success(TextTemplate(chunks: [.parameter(0)])))
    }

    @Test func doubledBracesAreLiteralBraces() {
        #expect(TextTemplate.parse("{{é}} {id}}}", scope: scope)
            == .success(TextTemplate(chunks: [.text("{é} "), .parameter(0), .text("}")])))
    }

    @Test func eachMistakeIsNamed() {
        #expect(TextTemplate.parse("a {id", scope: scope) == .failure(.unclosed))
        #expect(TextTemplate.parse("a } b", scope: scope) == .failure(.strayClosingBrace))
        #expect(TextTemplate.parse("{1x}", scope: scope) == .failure(.notAName("1x")))
        #expect(TextTemplate.parse("{page}", scope: scope) == .failure(.unknownParameter("page")))
    }

    @Test func renderingFillsTheValues() {
        let template = try? TextTemplate.parse("Recipe {id} ({tab})", scope: scope).get()
        #expect(template?.render([.number("42"), .string("a b")], kinds: [.int, .string], encoding: .plain) == "Recipe 42 (a b)")
        #expect(template?.render([.number("42"), nil], kinds: [.int, .string], encoding: .url) == "Recipe 42 ()")
        #expect(template?.prefix == "Recipe ")
    }
}
