import Testing
@testable import SceneLinkCore

/// Links of examples/drilldown.json, lists.json and recipes.json resolved to hand-written JSON.
@Suite struct ExampleRoutesTests {
    @Test func drilldownPushesOneElementPerLevel() throws {
        let table = try ExampleFiles.table("drilldown")
        #expect(try ExampleFiles.navigationPath(table, "drilldown://first/A") == #"["Drilldown.FirstView","\"A\""]"#)
        #expect(try ExampleFiles.navigationPath(table, "drilldown://first/A/second/B")
            == #"["Drilldown.SecondView","\"B\"","Drilldown.FirstView","\"A\""]"#)
        #expect(try ExampleFiles.navigationPath(table, "https://drilldown.example.com/first/B/second/A/")
            == #"["Drilldown.SecondView","\"A\"","Drilldown.FirstView","\"B\""]"#)
    }

    @Test func drilldownRootIsTheEmptyStack() throws {
        let table = try ExampleFiles.table("drilldown")
        #expect(try ExampleFiles.navigationPath(table, "drilldown://") == "[]")
        #expect(try table.resolve("drilldown://").route == "root")
    }

    @Test func drilldownValuesAreCaseSensitive() throws {
        let table = try ExampleFiles.table("drilldown")
        #expect(throws: ResolveError.self) { try table.resolve("drilldown://first/a") }
    }

    @Test func listsMatchesOnlyExistingRawValues() throws {
        let table = try ExampleFiles.table("lists")
        #expect(try ExampleFiles.navigationPath(table, "lists://first/1/second/Item2")
            == #"["Sample.SecondItem","\"Item2\"","Sample.FirstItem","1"]"#)
        #expect(throws: ResolveError.wrongParameterType(path: "/first/4", segment: 2, value: "4",
                                                        expected: ["a FirstItem (one of 1, 2, 3)"])) {
            try table.resolve("lists://first/4")
        }
        #expect(throws: ResolveError.wrongParameterType(path: "/first/1/second/Item9", segment: 4, value: "Item9",
                                                        expected: ["a SecondItem (one of Item1, Item2, Item3)"])) {
            try table.resolve("lists://first/1/second/Item9")
        }
    }

    @Test func listsTypedArrayRefusesTwoTypes() throws {
        let table = try ExampleFiles.table("lists")
        #expect(String(decoding: try table.resolve("lists://first/3", format: .array), as: UTF8.self) == "[3]")
        #expect(throws: ResolveError.notSingleType(types: ["FirstItem", "SecondItem"])) {
            try table.resolve("lists://first/1/second/Item1", format: .array)
        }
    }

    @Test func recipesReportTheSelectionBesideTheStack() throws {
        let table = try ExampleFiles.table("recipes")
        let link = "recipes://categories/1/recipes/e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        let expected = #"{"link":"recipes://categories/1/recipes/e621e1f8-c36c-495a-93fc-0c247a3e6e5f","route":"category.recipe","#
            + #""parameters":{"category":1,"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"#
            + #""elements":[{"type":"UUID","tag":"Foundation.UUID","value":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}],"#
            + #""navigationPath":["Foundation.UUID","\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\""],"#
            + #""selection":{"type":"Category","tag":"Recipes.Category","value":1},"#
            + #""canonical":{"https":"https://recipes.example.com/categories/1/recipes/E621E1F8-C36C-495A-93FC-0C247A3E6E5F","#
            + #""scheme":"recipes://categories/1/recipes/E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}}"#
        #expect(try ExampleFiles.document(table, link) == expected)
    }

    @Test func recipesRelatedRecipesStackUp() throws {
        let table = try ExampleFiles.table("recipes")
        let link = "recipes://categories/0/recipes/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/related/00000000-0000-0000-0000-00000000000A"
        #expect(try ExampleFiles.navigationPath(table, link)
            == #"["Foundation.UUID","\"00000000-0000-0000-0000-00000000000A\"","Foundation.UUID","\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\""]"#)
        #expect(String(decoding: try table.resolve(link, format: .array), as: UTF8.self)
            == #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F","00000000-0000-0000-0000-00000000000A"]"#)
    }

    @Test func recipesUnknownCategoryIsAWrongParameterType() throws {
        let table = try ExampleFiles.table("recipes")
        #expect(throws: ResolveError.wrongParameterType(path: "/categories/9", segment: 2, value: "9",
                                                        expected: ["a Category (one of 0, 1, 2, 3)"])) {
            try table.resolve("recipes://categories/9")
        }
    }
}
