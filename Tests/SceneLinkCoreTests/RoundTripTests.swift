import Testing
@testable import SceneLinkCore

/// `resolve(print(stack)) == stack` for every route of every example file.
@Suite struct RoundTripTests {
    /// A value for each parameter that exercises printing (spaces, slashes, lowercase UUIDs).
    static func sampleValues(_ route: Route) -> [JSONValue?] {
        route.parameters.enumerated().map { index, parameter -> JSONValue? in
            let isRest = route.segments.contains(.rest(index))
            switch parameter.kind {
            case .int: return .number(String(40 + index))
            case .double: return .number("2.5")
            case .bool: return .bool(index % 2 == 0)
            case .uuid: return .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5\(index % 10)")
            case .string: return .string(isRest ? "docs/read me.txt" : "hello world/\(index)?&=#%")
            case .intEnum(let raws): return .number(String(raws.max() ?? 0))
            case .stringEnum(let raws): return .string(raws.max() ?? "")
            }
        }
    }

    @Test func everyRoutePrintsALinkThatResolvesBackToItsStack() throws {
        var checked = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for route in table.routes {
                let printed = table.links(route: route, values: Self.sampleValues(route))
                let scheme = try #require(printed.scheme, "\(name) \(route.name)")
                let first = try table.resolve(scheme)
                #expect(first.route == route.name, "\(name): \(scheme)")
                let https = try #require(printed.https)
                #expect(try table.resolve(https).elements == first.elements)
                // Now the other way: the stack alone (and its selection) prints a link that resolves to it.
                let links = try table.links(for: first.elements, selection: first.selection)
                let again = try table.resolve(try #require(links.scheme))
                #expect(again.elements == first.elements, "\(name) \(route.name)")
                #expect(again.selection == first.selection, "\(name) \(route.name)")
                if first.selection == nil {
                    #expect(try table.links(forJSON: NavigationPathEncoding.codableRepresentation(first.elements)) == links)
                }
                checked += 1
            }
        }
        #expect(checked > 30)
    }

    @Test func restValuesWithEmptyPiecesSurviveThePrintedLink() throws {
        let table = try ExampleFiles.table("kitchen-sink")
        for value in ["a//b", "/x", "a/", "a///b", "x y/%z"] {
            let stack = [StackElement(type: "String", tag: "Swift.String", value: .string(value))]
            let links = try table.links(for: stack)
            #expect(try table.resolve(try #require(links.scheme)).elements == stack, "\(value)")
        }
        #expect(LinkPrinter.restSegments("a//b") == ["a%2F", "b"])
    }

    @Test func aStackNoRouteYieldsIsReported() throws {
        let table = try ExampleFiles.table("fuelmoney")
        #expect(throws: LinkPrintError.noRoute(stack: #"[{"type":"HomePath","tag":"FuelMoney.HomePath","value":2}]"#)) {
            try table.links(forJSON: Array(#"["FuelMoney.HomePath","2"]"#.utf8))
        }
    }

    @Test func elementsArrayAcceptsCaseNames() throws {
        let table = try ExampleFiles.table("fuelmoney")
        let links = try table.links(forJSON: Array(#"[{"type":"HomePath","value":"setting"},{"tag":"FuelMoney.HomePath","value":5}]"#.utf8))
        #expect(links == CanonicalLinks(route: "settings.premium", scheme: "fuelmoney://settings/premium",
                                        https: "https://fuelmoney.example.com/settings/premium"))
    }

    @Test func emptyStackPrintsTheRootLink() throws {
        let table = try ExampleFiles.table("fuelmoney")
        #expect(try table.links(forJSON: Array("[]".utf8))
            == CanonicalLinks(route: nil, scheme: "fuelmoney://", https: "https://fuelmoney.example.com/"))
    }

    @Test func malformedBodiesAndUnknownTags() throws {
        let table = try ExampleFiles.table("fuelmoney")
        #expect(throws: LinkPrintError.self) { try table.links(forJSON: Array("[\"a\"]".utf8)) }
        #expect(throws: LinkPrintError.unknownType(index: 0, name: "Other.Tag")) {
            try table.links(forJSON: Array(#"["Other.Tag","1"]"#.utf8))
        }
        #expect(throws: LinkPrintError.invalidItem(index: 0, type: "HomePath",
                                                   reason: "expected a HomePath (one of 0, 1, 2, 3, 4, 5, 6, 7) but found a number")) {
            try table.links(forJSON: Array(#"["FuelMoney.HomePath","9"]"#.utf8))
        }
    }
}
