import Testing
import SceneLinkSwiftGenerator

/// Route files that cannot become Swift: one sentence with the JSON location, never a file that does not compile.
@Suite struct SwiftGeneratorErrorTests {
    private func file(types: String, routes: String = "[]") -> String {
        #"{"app": {"name": "App", "schemes": ["app"]}, "types": {\#(types)}, "routes": \#(routes)}"#
    }

    private func error(_ json: String, module: String = "App") -> SwiftGenerationError? {
        do {
            _ = try GeneratorFiles.generator(json: json).types(module: module)
            return nil
        } catch {
            return error
        }
    }

    @Test func aModuleNoTagUsesNamesTheModulesThatAre() throws {
        let generator = try GeneratorFiles.generator(example: "fuelmoney")
        #expect(throws: SwiftGenerationError.unsupported(location: "types", message: "No tag in the route file lies in module \"Fuel\" (the file uses \"FuelMoney\"); pass the module of the tags (the part before the first dot) as --module.")) {
            try generator.types(module: "Fuel")
        }
        #expect(throws: SwiftGenerationError.self) { try generator.tests(module: "Fuel") }
    }

    @Test func aTagWithoutAModuleIsNotASwiftTypePath() {
        let found = error(file(types: #""Home": {"tag": "Home", "rawValue": "Int", "cases": {"a": 1}}"#))
        #expect(found?.location == "types.Home.tag")
        #expect(found?.description == "types.Home.tag: The tag \"Home\" names no type inside a module; String(reflecting:) always starts with the module, like \"Home.Home\".")
    }

    @Test func aTagNamedLikeAKeywordNoTypeCanHaveIsRefused() {
        let found = error(file(types: #""Kind": {"tag": "App.Type", "rawValue": "Int", "cases": {"a": 1}}"#))
        #expect(found?.description == "types.Kind.tag: The tag \"App.Type\" cannot be a Swift type path: no type can be named \"Type\".")
    }

    @Test func aTypeInsideAGenericTypeIsRefused() {
        let found = error(file(types: #""Inner": {"tag": "App.Box<Swift.Int>.Inner", "fields": {"a": "Int"}}"#))
        #expect(found?.location == "types.Inner.tag")
        #expect(found?.description.contains("inside the generic Box<...>") == true)
    }

    @Test func twoTypesWithOneSwiftNameAreRefused() {
        let found = error(file(types: #""A": {"tag": "App.Box", "fields": {"a": "Int"}}, "B": {"tag": "App.Box<Swift.Int>", "fields": {"a": "Int"}}"#))
        #expect(found?.location == "types.B.tag")
        #expect(found?.description.contains("two types would get the same Swift name") == true)
        let shapes = error(file(types: #""A": {"tag": "App.Box<Swift.Int>", "fields": {"a": "Int"}}, "B": {"tag": "App.Box<Swift.String>", "fields": {"b": "Int"}}"#))
        #expect(shapes?.location == "types.B")
    }

    @Test func aTagThatIsOneOfTheGeneratedNamesIsRefused() {
        let found = error(file(types: #""L": {"tag": "App.Links", "rawValue": "Int", "cases": {"a": 1}}"#))
        #expect(found?.location == "types.L.tag")
        #expect(found?.description.contains("two types would get the same Swift name") == true)
    }

    @Test func aStructThatHoldsItselfIsRefused() {
        let found = error(file(types: #""S": {"tag": "App.S", "fields": {"next": "S"}}"#))
        #expect(found?.description == "types.S: The struct App.S contains itself through struct fields only, which no Swift struct can; put an enum between them.")
    }

    @Test func routesWhoseNamesBecomeOneSwiftNameAreRefused() {
        let routes = #"[{"name": "a-b", "path": "/x"}, {"name": "aB", "path": "/y"}]"#
        let found = error(file(types: #""T": {"tag": "App.T", "rawValue": "Int", "cases": {"a": 1}}"#, routes: routes))
        #expect(found?.location == "routes[1]")
        #expect(found?.description.contains("would get the same Swift name, aB, in Links") == true)
    }

    @Test func aRouteFileThatDoesNotLoadReportsEveryProblem() {
        #expect(throws: SwiftGenerationError.self) { try GeneratorFiles.generator(json: "{") }
        let found = error(file(types: #""T": {"tag": "App.T", "rawValue": "Int", "cases": {"a": "x"}}"#))
        #expect(found?.location == "types.T.cases.a")
        #expect(found?.description.hasPrefix("The route file has 1 problem") == true)
    }
}
