import Testing
@testable import SceneLinkCore

/// The route listings: summaries with aliases, and the paths of routes without parameters.
@Suite struct RouteTableListingTests {
    @Test func parameterlessRoutesAreListedWithTheirLiteralPathsAliasesLeftOut() throws {
        let table = try RouteTable(routeFile: Array(#"""
        { "app": {"name": "A", "hosts": ["a.example.com"]},
          "routes": [
            { "name": "home", "path": "/", "push": [] },
            { "name": "settings", "path": "/settings", "aliases": ["/prefs"], "push": [ {"type": "Int", "value": 1} ],
              "routes": [ { "name": "account", "path": "my account", "push": [ {"type": "Int", "value": 2} ] },
                          { "name": "item", "path": "{id:Int}", "push": [ {"type": "Int", "value": "{id}"} ] } ] }
          ] }
        """#.utf8))
        #expect(table.parameterlessRoutePaths.map { "\($0.name) \($0.path)" } == ["home /", "settings /settings", "settings.account /settings/my account"])
        #expect(table.summaries.map(\.name) == ["home", "settings", "settings.account", "settings.item"])
        #expect(table.summaries[1].aliases == ["/prefs"])
    }
}
