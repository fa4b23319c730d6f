import Testing
import SceneLinkSwiftGenerator

/// `Links`: typed builders that print what `POST /v1/links` prints (CI compiles and runs them against
/// the server's printer with scripts/check-generated-swift.sh; these pin the generated text).
@Suite struct SwiftGeneratorLinksTests {
    @Test func nestedRoutesBecomeNamespacesCalledAsFunctions() throws {
        let source = try GeneratorFiles.generator(example: "fuelmoney").types(module: "FuelMoney")
        #expect(source.contains("static var settings: SettingsLinks { SettingsLinks() }"))
        #expect(source.contains("func callAsFunction() -> Links.Canonical {\n            return Links.Canonical(route: \"settings\", path: \"settings\")"))
        #expect(source.contains("func account() -> Links.Canonical {\n            return Links.Canonical(route: \"settings.account\", path: \"settings/account\")"))
        #expect(source.contains("fileprivate static let scheme: String? = \"fuelmoney\"\n    fileprivate static let host: String? = \"fuelmoney.example.com\""))
    }

    @Test func aRoutesAliasesAreNamedOnItsBuilderWhichPrintsTheRoutesOwnPath() throws {
        let source = try GeneratorFiles.generator(json: """
            {"app": {"name": "App", "schemes": ["app"], "hosts": ["app.example.com"]},
             "types": {"Screen": {"tag": "App.Screen", "cases": {"account": {}}}},
             "routes": [{"name": "account", "path": "/profile", "aliases": ["/settings/account", "/me"], "push": [{"type": "Screen", "value": "account"}]}]}
            """).types(module: "App")
        #expect(source.contains("/// Route account: `/profile`; old links through its aliases `/settings/account`, `/me` open it too."))
        #expect(source.contains("return Links.Canonical(route: \"account\", path: \"profile\")"))
        #expect(source.components(separatedBy: "static func account()").count == 2)
    }

    @Test func queryItemsWithDefaultsBecomeDefaultArgumentsLeftOutWhenEqual() throws {
        let source = try SwiftGenerator(routeFile: GeneratorFiles.fixture("shop"), fileName: "shop.json").types(module: "ShopApp")
        #expect(source.contains("func product(category: ShopKit.Category, id: Int, variant: String, size: ShopKit.Catalog.Size = .medium) -> Links.Canonical {"))
        #expect(source.contains("if String(size.rawValue) != \"2\" { query.append(\"size=\" + LinkText.query(String(size.rawValue))) }"))
        #expect(source.contains("static func search(q: String, stock: Bool = false) -> Links.Canonical {"))
    }

    @Test func aRouteWhoseStackAnEarlierRouteYieldsPrintsTheEarlierRoute() throws {
        let source = try GeneratorFiles.generator(example: "kitchen-sink").types(module: "KitchenSink")
        #expect(source.contains("""
                static func legacy() -> Links.Canonical {
                    // Route home, earlier in the file, yields this stack too, so it prints it.
                    return Links.Canonical(route: "home", path: "")
                }
            """))
    }

    @Test func anEarlierRouteThatTakesSomeValuesIsCheckedAtRunTime() throws {
        let source = try GeneratorFiles.generator(json: """
            {"app": {"name": "App", "schemes": ["app"], "hosts": ["app.example.com"]},
             "types": {"Level": {"tag": "App.Level", "rawValue": "Int", "cases": {"low": 1, "high": 3}}},
             "routes": [{"name": "high", "path": "/top", "push": [{"type": "Level", "value": "high"}]},
                        {"name": "level", "path": "/level/{level}", "push": [{"type": "Level", "value": "{level}"}]}]}
            """).types(module: "App")
        #expect(source.contains("""
                static func level(level: Level) -> Links.Canonical {
                    if String(level.rawValue) == "3" {
                        return Links.Canonical(route: "high", path: "top")
                    }
                    return Links.Canonical(route: "level", path: "level/" + LinkText.segment(String(level.rawValue)))
                }
            """))
    }

    @Test func aRestParameterThatPrintsNoSegmentPrintsNoLink() throws {
        let source = try GeneratorFiles.generator(example: "kitchen-sink").types(module: "KitchenSink")
        #expect(source.contains("""
                static func files(path: String) -> Links.Canonical {
                    if let rest0 = LinkText.rest(path) {
                        return Links.Canonical(route: "files", path: "files/" + rest0)
                    }
                    return .none
                }
            """))
    }

    @Test func literalSegmentsArePercentEncodedOnce() throws {
        let source = try GeneratorFiles.generator(json: """
            {"app": {"name": "App", "schemes": ["app"]},
             "types": {"Level": {"tag": "App.Level", "rawValue": "Int", "cases": {"low": 1}}},
             "routes": [{"name": "odd", "path": "/caf%C3%A9 menu/{level}", "push": [{"type": "Level", "value": "{level}"}]}]}
            """).types(module: "App")
        #expect(source.contains("path: \"caf%C3%A9%20menu/\" + LinkText.segment(String(level.rawValue))"))
    }
}
