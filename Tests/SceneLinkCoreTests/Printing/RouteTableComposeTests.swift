import Testing
@testable import SceneLinkCore

/// `RouteTable.link(route:texts:)`: the link a person composes from a route and its values as
/// typed, which resolves back to those values.
@Suite struct RouteTableComposeTests {
    static let table: RouteTable = {
        let file = #"""
        {"app":{"name":"T","schemes":["t"],"hosts":["t.example.com"]},"routes":[
          {"name":"item","path":"/items/{id:Int}","query":{"tab":{"param":"{tab:String}","default":"info"},"q":"{q:String}"},
           "push":[{"type":"Int","value":"{id}"},{"type":"String","value":"{tab}"},{"type":"String","value":"{q}"}]},
          {"name":"files","path":"/files/{rest...}","push":[{"type":"String","value":"{rest}"}]},
          {"name":"home","path":"/home","push":[]}
        ]}
        """#
        do { return try RouteTable(routeFile: Array(file.utf8)) } catch { fatalError("\(error)") }
    }()

    @Test func valuesAreEncodedAndTheLinkResolvesBackToThem() throws {
        let link = try #require(Self.table.link(route: "item", texts: ["id": "42", "q": "a&b=c d/é", "tab": ""]))
        #expect(link == "https://t.example.com/items/42?q=a%26b%3Dc%20d%2F%C3%A9")
        let resolved = try Self.table.resolve(link)
        #expect(resolved.route == "item")
        #expect(resolved.elements.map(\.value) == [.number("42"), .string("info"), .string("a&b=c d/é")])
    }

    @Test func aRestParameterKeepsItsSlashesAndARouteWithoutParametersIsItsPath() throws {
        let link = try #require(Self.table.link(route: "files", texts: ["rest": "a/b c/d"]))
        #expect(link == "https://t.example.com/files/a/b%20c/d")
        #expect(try Self.table.resolve(link).elements.first?.value == .string("a/b c/d"))
        #expect(Self.table.link(route: "home", texts: [:]) == "https://t.example.com/home")
    }

    @Test func anUnknownRouteOrAnEmptyPathParameterMakesNoLink() {
        #expect(Self.table.link(route: "nope", texts: [:]) == nil)
        #expect(Self.table.link(route: "item", texts: ["id": ""]) == nil)
        #expect(Self.table.parameterFields(route: "nope") == nil)
        let fields = Self.table.parameterFields(route: "item")?.map { "\($0.name):\($0.typeName):\($0.isOptional)" }
        #expect(fields == ["id:Int:false", "tab:String:true", "q:String:false"])
    }
}
