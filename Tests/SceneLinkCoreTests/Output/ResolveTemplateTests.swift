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

    @Test func aRouteWithoutParametersIsOneConstantRunAndOneWithParametersHasHoles() throws {
        var withParameters = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for (index, route) in table.routes.enumerated() {
                let oneRun: Bool = if table.templates[index].document.count == 1, case .constant = table.templates[index].document[0] { true } else { false }
                #expect(oneRun == route.parameters.isEmpty, "\(route.name)")
                if !route.parameters.isEmpty { withParameters += 1 }
            }
        }
        #expect(withParameters > 5)
    }

    @Test func aMixedStackHasNoTypedArray() throws {
        let table = try ExampleFiles.table("fuelmoney")
        for (index, route) in table.routes.enumerated() {
            let types = Set(route.stack.map(\.typeName))
            switch table.templates[index].array {
            case .success: #expect(types.count <= 1, "\(route.name)")
            case .failure(let error): #expect(error == .notSingleType(types: Array(route.stack.map(\.typeName).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })))
            }
        }
    }
}
