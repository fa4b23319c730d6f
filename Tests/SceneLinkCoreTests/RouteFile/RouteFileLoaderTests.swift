import Testing
@testable import SceneLinkCore

/// Validation: one pass reports every problem, each with its JSON location.
@Suite struct RouteFileLoaderTests {
    private func problems(_ text: String) -> [RouteFileProblem] {
        do {
            _ = try RouteTable(routeFile: Array(text.utf8))
            return []
        } catch {
            return error.problems
        }
    }

    private let app = #""app": {"name": "App", "schemes": ["app"], "hosts": ["app.example.com"]}"#
    private let homePath = #""HomePath": {"tag": "App.HomePath", "rawValue": "Int", "cases": {"a": 1, "b": 2}}"#

    @Test func malformedJSONHasLineAndColumn() {
        #expect(problems("{\n  \"app\": {,\n}") == [RouteFileProblem(
            location: "line 2, column 11",
            message: "The file is not valid JSON: expected a member name in double quotes but found ','.")])
    }

    @Test func everyProblemIsReportedInOnePass() {
        let found = problems("""
        { \(app), "types": { \(homePath), "Bad": {"tag": "not a type", "cases": {"x": {}}} },
          "routes": [
            { "name": "one", "path": "/one", "push": [ {"type": "Nope", "value": 1} ] },
            { "name": "two", "path": "/two/{id}", "push": [ {"type": "HomePath", "value": "c"} ] },
            { "name": "one", "path": "/three/{n:Int}",
              "routes": [ { "name": "kid", "path": "k", "push": [ {"type": "HomePath", "value": "{n}"} ] } ] }
          ] }
        """)
        #expect(found.map(\.location) == [
            "types.Bad.tag",
            "routes[0].push[0].type",
            "routes[1].push[0].value",
            "routes[1].path",
            "routes[2].name",
            "routes[2].routes[0].push[0].value",
        ])
        #expect(found[0].message.contains("not a Swift type name"))
        #expect(found[2].message == "HomePath has no case \"c\"; use one of a, b.")
        #expect(found[3].message.contains("{id} is used nowhere"))
        #expect(found[5].message == "The parameter {n} is stated as Int but this place holds HomePath; make them agree.")
    }

    @Test func aMisspelledTypeOrCaseNameGetsTheNearestAsUnknownKeysDo() {
        let found = problems("""
        { \(app), "types": { \(homePath), "Tab": {"tag": "App.Tab", "cases": {"home": {}, "settings": {}}} },
          "routes": [
            { "name": "one", "path": "/one", "push": [ {"type": "Homepath", "value": "a"} ] },
            { "name": "two", "path": "/two", "push": [ {"type": "HomePath", "value": "aa"} ] },
            { "name": "three", "path": "/three", "push": [ {"type": "Tab", "value": "setings"} ] },
            { "name": "four", "path": "/four/{n:Strng}", "push": [ {"type": "String", "value": "{n}"} ] },
            { "name": "five", "path": "/five", "push": [ {"type": "Zebra", "value": 1} ] }
          ] }
        """)
        #expect(found.map(\.message) == [
            "Unknown type \"Homepath\"; did you mean \"HomePath\"? Otherwise declare it under \"types\" or use Int, String, Bool, Double or UUID.",
            "HomePath has no case \"aa\"; did you mean \"a\"? Its cases are a, b.",
            "Tab has no case \"setings\"; did you mean \"settings\"? Its cases are home, settings.",
            "The parameter {n:Strng} names an unknown type; did you mean \"String\"? Otherwise declare it under \"types\" or use Int, String, Bool, Double or UUID.",
            "Unknown type \"Zebra\"; declare it under \"types\" or use Int, String, Bool, Double or UUID.",
        ])
    }

    @Test func aDeclaredTypeWithProblemsIsSuggestedBeforeABuiltInAndNamedAsBrokenNotUnknown() {
        // "Bok" is one edit from both Book and Bool; Book is what was meant even though its own
        // definition fails (a raw value without "rawValue").
        let found = problems("""
        { \(app), "types": { "Book": {"tag": "App.Book", "cases": {"a": 1}} },
          "routes": [
            { "name": "one", "path": "/one", "push": [ {"type": "Bok", "value": "a"} ] },
            { "name": "two", "path": "/two", "push": [ {"type": "Book", "value": "a"} ] }
          ] }
        """)
        #expect(found.map(\.location) == ["types.Book.cases.a", "routes[0].push[0].type", "routes[1].push[0].type"])
        #expect(found.map(\.message).dropFirst() == [
            "Unknown type \"Bok\"; did you mean \"Book\"? Otherwise declare it under \"types\" or use Int, String, Bool, Double or UUID.",
            "The type \"Book\" is declared under \"types\" but its definition has problems (reported at types.Book); fix those first.",
        ])
    }

    @Test("a type without a tag gets APP.NAME, a route without a name its own path joined by dots (root for none), as docs/route-file.md says")
    func defaultsOfAMissingTagAndName() throws {
        let table = try RouteTable(routeFile: Array("""
        { "app": {"name": "Shelf", "schemes": ["shelf"]},
          "types": { "Book": {"rawValue": "Int", "cases": {"a": 1}} },
          "routes": [
            { "path": "books/{id}", "push": [ {"type": "Book", "value": "{id}"} ],
              "routes": [ { "path": "more", "push": [] } ] },
            { "path": "", "push": [] }
          ] }
        """.utf8))
        #expect(String(decoding: try table.resolve("shelf://books/1", format: .navigationPath), as: UTF8.self) == #"["Shelf.Book","1"]"#)
        let lines = table.routesTable.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(lines.contains("books.{id}") && lines.contains("books.{id}.more") && lines.contains("root"), "\(table.routesTable)")
    }

    @Test func aParameterNamedOnlyByAWrongPlaceIsNotAlsoReportedAsUsedNowhere() {
        let found = problems("""
        { \(app), "types": { \(homePath) },
          "routes": [
            { "name": "one", "path": "/one/{x}", "push": [ {"type": "Nope", "value": "{x}"} ] },
            { "name": "two", "path": "/two/{y}", "push": [ {"type": "Int", "value": {"deep": ["{y}"]}} ] },
            { "name": "three", "path": "/three/{z}", "push": [ {"type": "Nope", "value": 1} ] }
          ] }
        """)
        // One problem per wrong place; {z} is named nowhere at all, so it is still reported.
        #expect(found.map(\.location) == ["routes[0].push[0].type", "routes[1].push[0].value",
                                           "routes[2].push[0].type", "routes[2].path"])
        #expect(found.last?.message.contains("{z} is used nowhere") == true)
    }

    @Test func equalRankRoutesAreReportedAsOverriding() {
        let found = problems("""
        { \(app), "routes": [
            { "name": "settings", "path": "/settings", "routes": [
                { "path": "{item:String}" },
                { "name": "account", "path": "{x:String}" } ] } ] }
        """)
        #expect(found == [RouteFileProblem(
            location: "routes[0].routes[1].path",
            message: "The route settings.account overrides route settings.{item:String}: a link like /settings/{String} reaches both with equal rank; change one path, or give one parameter another type.")])
    }

    @Test func overlappingTypedSiblingsAreReported() {
        let found = problems("""
        { \(app), "routes": [
            { "name": "a", "path": "/n/{x:Int}" }, { "name": "b", "path": "/n/{y:Double}" } ] }
        """)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("The route b overrides route a") == true)
    }

    @Test func wellKnownSchemesAreRefused() {
        let found = problems(#"{ "app": {"name": "A", "schemes": ["https", "mailto", "my app"]}, "routes": [] }"#)
        #expect(found.map(\.location) == ["app.schemes[0]", "app.schemes[1]", "app.schemes[2]"])
    }

    @Test func swiftTypeNames() {
        #expect(RouteFileLoader.isSwiftTypeName("MyApp.Box<Swift.Int>"))
        #expect(RouteFileLoader.isSwiftTypeName("MyApp.Pair<Swift.Int, Swift.String>"))
        #expect(RouteFileLoader.isSwiftTypeName("MyApp.ContentView.InnerPath"))
        #expect(!RouteFileLoader.isSwiftTypeName("MyApp.Pair<Swift.Int,Swift.String>"))
        #expect(!RouteFileLoader.isSwiftTypeName("1App.X"))
        #expect(!RouteFileLoader.isSwiftTypeName("App..X"))
        #expect(!RouteFileLoader.isSwiftTypeName("App.X<"))
    }

    @Test func structParameterCannotComeFromALink() {
        let found = problems("""
        { \(app), "types": {"User": {"tag": "App.User", "fields": {"id": "Int"}}},
          "routes": [ { "name": "u", "path": "/u/{user}", "push": [ {"type": "User", "value": "{user}"} ] } ] }
        """)
        #expect(found.map(\.location) == ["routes[0].path"])
        #expect(found.first?.message.contains("whole User") == true)
    }

    @Test func duplicateKeysAndDefaultsOfTheWrongType() {
        let found = problems("""
        { \(app), "types": { \(homePath) },
          "routes": [ { "name": "s", "path": "/s", "query": {"p": {"param": "{p}", "default": "x"}},
                        "push": [ {"type": "HomePath", "value": "{p}"} ], "push": [] } ] }
        """)
        #expect(found.map(\.location) == ["routes[0].push", "routes[0].query.p.default"])
    }

    @Test func casesMayBeListedByName() throws {
        let table = try RouteTable(routeFile: Array("""
        { \(app), "types": { "V": {"tag": "App.V", "rawValue": "String", "cases": ["a", "b"]},
                             "N": {"tag": "App.N", "rawValue": "Int", "cases": ["zero", "one"]} },
          "routes": [ { "name": "v", "path": "/v/{v}/{n}", "push": [ {"type": "V", "value": "{v}"}, {"type": "N", "value": "{n}"} ] } ] }
        """.utf8))
        #expect(String(decoding: try table.navigationPath(for: "app://v/b/1"), as: UTF8.self) == #"["App.N","1","App.V","\"b\""]"#)
    }

    @Test func loadsTwentyThousandRoutes() throws {
        // Correctness only; the time is measured by bench/ResolveBench.
        var text = "{ \(app), \"routes\": ["
        text += (0..<20_000).map { #"{"name":"r\#($0)","path":"/s\#($0)/{id}","push":[{"type":"Int","value":"{id}"}]}"# }
            .joined(separator: ",")
        text += "] }"
        let table = try RouteTable(routeFile: Array(text.utf8))
        #expect(table.routeCount == 20_000)
        #expect(String(decoding: try table.navigationPath(for: "app://s19999/5"), as: UTF8.self) == #"["Swift.Int","5"]"#)
    }
}
