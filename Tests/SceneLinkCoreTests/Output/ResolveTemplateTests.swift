import Testing
@testable import SceneLinkCore

/// The one writer of resolve answers: the document carries exactly what `resolve(_:)` finds.
@Suite struct ResolveTemplateTests {
    /// The document of `link`, parsed, has every member `model` gives it.
    static func expectDocument(_ table: RouteTable, _ link: String, describes model: ResolvedLink,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        guard let bytes = try? table.resolve(link, format: .document), let document = try? JSONParser.parse(bytes) else {
            Issue.record("\(link): no document, or not JSON", sourceLocation: sourceLocation)
            return
        }
        let expected = JSONValue.object([
            (key: "link", value: .string(model.link)),
            (key: "route", value: model.route.map(JSONValue.string) ?? .null),
            (key: "parameters", value: .object(model.parameters.map { (key: $0.name, value: $0.value) })),
            (key: "elements", value: .array(model.elements.map(\.json))),
            (key: "navigationPath", value: (try? JSONParser.parse(NavigationPathEncoding.codableRepresentation(model.elements))) ?? .null),
            (key: "selection", value: model.selection?.json ?? .null),
            (key: "canonical", value: model.canonical.json),
        ])
        #expect(document == expected, "\(link)", sourceLocation: sourceLocation)
        // Members in the documented order.
        #expect(document.objectMembers?.map(\.key) == ["link", "route", "parameters", "elements", "navigationPath", "selection", "canonical"],
                sourceLocation: sourceLocation)
    }

    @Test func everyExampleRouteAndTheRootGiveADocumentThatDescribesTheResolvedStack() throws {
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            var links: [String] = []
            for route in table.routes {
                let printed = table.links(route: route, values: RoundTripTests.sampleValues(route))
                links += [printed.scheme, printed.https].compactMap { $0 }
                // The same template serves a link in another form (a trailing slash, an unused query).
                if let https = printed.https, route.query.isEmpty { links.append(https + "/?unused=1") }
            }
            if let scheme = table.schemes.first { links.append("\(scheme)://") }
            for link in links {
                Self.expectDocument(table, link, describes: try table.resolve(link))
            }
        }
    }

    /// The template of the route `table` matches for `link`, read back as pieces.
    static func pieces(_ table: RouteTable, _ link: String, _ format: ResolveFormat) throws -> [ResolveTemplate.Piece]? {
        try table.match(link) { ResolveTemplate($0).pieces(format) }
    }

    @Test func aRouteWithoutParametersIsOneConstantRunAndOneWithParametersHasHoles() throws {
        var withParameters = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for route in table.routes {
                let link = try #require(table.links(route: route, values: RoundTripTests.sampleValues(route)).scheme)
                #expect(try table.match(link).route.map { table.routes[$0].name } == route.name, "\(link)")
                let document = try Self.pieces(table, link, .document)
                let oneRun: Bool = if document?.count == 1, case .constant = document?[0] { true } else { false }
                #expect(oneRun == route.parameters.isEmpty, "\(route.name)")
                if !route.parameters.isEmpty { withParameters += 1 }
            }
        }
        #expect(withParameters > 5)
    }

    @Test func theRootLinkIsOneConstantRunInEveryFormat() throws {
        let table = try ExampleFiles.table("fuelmoney")
        for format in ResolveFormat.allCases {
            let pieces = try Self.pieces(table, "fuelmoney://", format)
            let oneRun: Bool = if pieces?.count == 1, case .constant = pieces?[0] { true } else { false }
            #expect(oneRun, "\(format)")
        }
        #expect(try ExampleFiles.navigationPath(table, "fuelmoney://") == "[]")
        #expect(String(decoding: try table.resolve("fuelmoney://", format: .array), as: UTF8.self) == "[]")
    }

    @Test func aMixedStackHasNoTypedArray() throws {
        var mixed = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for route in table.routes {
                let link = try #require(table.links(route: route, values: RoundTripTests.sampleValues(route)).scheme)
                let typeNames = route.stack.map(\.typeName).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                if try Self.pieces(table, link, .array) != nil {
                    #expect(typeNames.count <= 1, "\(route.name)")
                } else {
                    mixed += 1
                    #expect(throws: ResolveError.notSingleType(types: typeNames)) { try table.resolve(link, format: .array) }
                }
            }
        }
        #expect(mixed > 0)
    }
}
