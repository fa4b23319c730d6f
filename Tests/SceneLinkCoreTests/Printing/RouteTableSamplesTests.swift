import Testing
@testable import SceneLinkCore

/// A sample link of every route, for checks that replay the routes of a file.
@Suite struct RouteTableSamplesTests {
    @Test func everyRouteHasOneSampleThatResolvesToItself() throws {
        let table = try ExampleFiles.table("kitchen-sink")
        let samples = table.sampleLinks
        #expect(samples.count == table.routeCount)
        for sample in samples {
            #expect(try table.resolve(sample.link).route == sample.route, "\(sample.link)")
        }
    }

    @Test func parametersTakeAValueOfTheirTypeAndOptionalQueryItemsTheirDefault() throws {
        let table = try RouteTable(routeFile: Array(#"""
        { "app": {"name": "A", "hosts": ["a.example.com"]},
          "types": {"Level": {"tag": "A.Level", "rawValue": "Int", "cases": {"high": 3, "low": 1}}},
          "routes": [
            { "name": "item", "path": "/items/{id:Int}/{level}", "query": {"q": "{q:String}", "page": {"param": "{page:Int}", "default": 1}},
              "aliases": ["/old/{id}/{level}"], "push": [ {"type": "Int", "value": "{id}"}, {"type": "Level", "value": "{level}"} ] }
          ] }
        """#.utf8))
        #expect(table.sampleLinks.map(\.link) == ["https://a.example.com/items/1/1?q=sample"])
    }
}
