import Testing
@testable import SceneLinkCore

/// `app.pages`, `app.localized` and routes' `preview.localized`.
@Suite struct RouteFileLoaderPagesTests {
    private func load(app extra: String = "", preview: String = #""title": "Recipe {id}""#,
                      child: String = "") throws(RouteFileError) -> RouteTable {
        try RouteTable(routeFile: Array("""
        {"app": {"name": "Recipes", "schemes": ["r"], "hosts": ["r.example.com"]\(extra)},
         "routes": [{"name": "recipe", "path": "/recipes/{id:Int}", "preview": {\(preview)},
                     "push": [{"type": "Int", "value": "{id}"}]\(child)}]}
        """.utf8))
    }

    private func problems(app extra: String = "", preview: String = #""title": "Recipe {id}""#, child: String = "") -> [RouteFileProblem] {
        do {
            _ = try load(app: extra, preview: preview, child: child)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func localizedPreviewAndNameLoad() throws {
        let table = try load(app: #", "localized": {"ja": {"name": "レシピ"}}, "pages": {"defaultLanguage": "en"}"#,
                             preview: #""title": "Recipe {id}", "description": "A recipe.", "localized": {"ja": {"title": "レシピ {id}"}, "zh-hant": {"description": "食譜"}}"#)
        let link = try table.resolve("https://r.example.com/recipes/42")
        #expect(table.preview(for: link, in: .ja) == LinkPreview(title: "レシピ 42", description: "A recipe."))
        #expect(table.preview(for: link, in: .zhHant) == LinkPreview(title: "Recipe 42", description: "食譜"))
        #expect(table.preview(for: link, in: .fr) == LinkPreview(title: "Recipe 42", description: "A recipe."))
        #expect(table.preview(for: link) == LinkPreview(title: "Recipe 42", description: "A recipe."))
        #expect(table.appName(in: .ja) == "レシピ")
        #expect(table.appName(in: .de) == "Recipes")
        #expect(table.pages == LinkPageSettings(defaultLanguage: .en))
    }

    @Test func aChildThatSetsAFieldDropsItsParentsTranslations() throws {
        let table = try load(preview: #""title": "Recipe {id}", "localized": {"ja": {"title": "レシピ {id}"}}"#, child: """
            , "routes": [{"name": "steps", "path": "steps", "preview": {"title": "Steps"}, "push": [{"type": "Int", "value": 0}]},
                         {"name": "notes", "path": "notes", "push": [{"type": "Int", "value": 1}]}]
            """)
        #expect(table.preview(for: try table.resolve("https://r.example.com/recipes/1/steps"), in: .ja).title == "Steps")
        #expect(table.preview(for: try table.resolve("https://r.example.com/recipes/1/notes"), in: .ja).title == "レシピ 1")
    }

    @Test func unknownLanguageTagsSayTheNearest() {
        let found = problems(app: #", "pages": {"defaultLanguage": "jp"}, "localized": {"zh-TW": {"name": "食譜"}}"#,
                             preview: #""title": "Recipe {id}", "localized": {"ja-JP": {"title": "レシピ"}, "pt": {"title": "Receita"}, "xx": {"title": "?"}}"#)
        let listed = #""en", "ja", "zh-Hans", "zh-Hant", "ko", "es", "fr", "de", "pt-BR", "it""#
        #expect(found == [
            RouteFileProblem(location: #"app.localized["zh-TW"]"#, message: "Unknown language tag \"zh-TW\"; did you mean \"zh-Hant\"? The pages speak \(listed)."),
            RouteFileProblem(location: "app.pages.defaultLanguage", message: "Unknown language tag \"jp\"; did you mean \"ja\"? The pages speak \(listed)."),
            RouteFileProblem(location: #"routes[0].preview.localized["ja-JP"]"#, message: "Unknown language tag \"ja-JP\"; did you mean \"ja\"? The pages speak \(listed)."),
            RouteFileProblem(location: "routes[0].preview.localized.pt", message: "Unknown language tag \"pt\"; did you mean \"pt-BR\"? The pages speak \(listed)."),
            RouteFileProblem(location: "routes[0].preview.localized.xx", message: "Unknown language tag \"xx\"; the pages speak \(listed)."),
        ])
    }

    @Test func aTranslatedKeyTheRouteLacksOrMisspellsIsReported() {
        let found = problems(preview: #""title": "Recipe {id}", "localized": {"ja": {"description": "説明", "titel": "レシピ", "title": "{nope}"}}"#)
        #expect(found == [
            RouteFileProblem(location: "routes[0].preview.localized.ja.titel", message: "Unknown key \"titel\"; did you mean \"title\"? (Keys starting with \"x-\" are free for notes.)"),
            RouteFileProblem(location: "routes[0].preview.localized.ja.description", message: "The route's preview has no \"description\" to translate; give \"preview\" a \"description\" in the default language first, or remove this one."),
            RouteFileProblem(location: "routes[0].preview.localized.ja.title", message: "\"{nope}\" names no parameter of this route; its parameters are {id}."),
        ])
        #expect(problems(app: #", "localized": {"ja": {"name": ""}}"#).map(\.location) == ["app.localized.ja.name"])
        #expect(problems(preview: #""title": "R", "localized": {"ja": {"title": "a"}, "JA": {"title": "b"}}"#).map(\.location)
            == ["routes[0].preview.localized.JA"])
    }

    @Test func aThemeLoadsWhenItsPairsMeetAA() throws {
        let table = try load(app: ##", "pages": {"defaultLanguage": "ja", "theme": {"accent": "#0b57d0", "background": "#FFF", "text": "#1c1c1e", "logo": "https://cdn.example.com/logo.png"}}"##)
        #expect(table.pages.defaultLanguage == .ja)
        #expect(table.pages.theme?.accent.hex == "#0b57d0")
        #expect(table.pages.theme?.background.hex == "#ffffff")
        #expect(table.pages.theme?.logoOrigin == "https://cdn.example.com")
    }

    @Test func aThemeBelowAAIsRefusedWithItsRatio() {
        let found = problems(app: ##", "pages": {"theme": {"accent": "#66aaff", "background": "#ffffff", "text": "#777777"}}"##)
        #expect(found == [
            RouteFileProblem(location: "app.pages.theme.text", message: "The text #777777 on the background #ffffff has a contrast of 4.47:1, below the 4.50:1 WCAG 2 AA asks of text; make one of them darker or lighter."),
            RouteFileProblem(location: "app.pages.theme.accent", message: "The accent #66aaff and the background #ffffff have a contrast of 2.39:1, below the 4.50:1 WCAG 2 AA asks of text (the \"Open in the app\" button is the background colour on the accent, the other buttons the accent on the background); make one of them darker or lighter."),
        ])
        #expect(problems(app: ##", "pages": {"theme": {"accent": "blue", "background": "#fff", "logo": "http://x.example/l.png", "txt": "#000"}}"##).map(\.location)
            == ["app.pages.theme.txt", "app.pages.theme.accent", "app.pages.theme", "app.pages.theme.logo"])
    }
}
