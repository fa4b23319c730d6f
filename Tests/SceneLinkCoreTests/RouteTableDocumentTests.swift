import Testing
@testable import SceneLinkCore

/// `documentBytes(for:)` writes the default resolve document directly; it must give exactly
/// the bytes of `NavigationPathEncoding.document(resolve(link))`, or the same error.
@Suite struct RouteTableDocumentTests {
    private func expectSame(_ table: RouteTable, _ link: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let reference: Result<[UInt8], ResolveError> = Result { () throws(ResolveError) in
            NavigationPathEncoding.document(try table.resolve(link))
        }
        let direct: Result<[UInt8], ResolveError> = Result { () throws(ResolveError) in try table.documentBytes(for: link) }
        switch (reference, direct) {
        case (.success(let a), .success(let b)):
            #expect(String(decoding: b, as: UTF8.self) == String(decoding: a, as: UTF8.self), "\(link)", sourceLocation: sourceLocation)
            return true
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(link)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(link): reference \(reference), direct \(direct)", sourceLocation: sourceLocation)
        }
        return false
    }

    @Test func everyExampleRouteGivesTheReferenceDocument() throws {
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for route in table.routes {
                let printed = table.links(route: route, values: RoundTripTests.sampleValues(route))
                for link in [printed.scheme, printed.https].compactMap({ $0 }) {
                    #expect(expectSame(table, link), "\(link) should resolve")
                }
            }
            // The root link (no route) and a link no route takes.
            if let scheme = table.schemes.first {
                _ = expectSame(table, "\(scheme)://")
                _ = expectSame(table, "\(scheme)://no/such/route/here")
            }
        }
    }

    @Test func everyRouteWithoutRestOrQueryHasATemplateThatGivesTheReference() throws {
        var templated = 0
        var withParameters = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for (index, route) in table.routes.enumerated() {
                let hasRest = route.segments.contains { if case .rest = $0 { true } else { false } }
                // Every example file is far under the budget: each such route has a template.
                #expect((table.documentTemplates[index] != nil) == (!hasRest && route.query.isEmpty), "\(route.name)")
                guard let template = table.documentTemplates[index] else { continue }
                // A route without parameters is one constant run; a route with them has holes.
                let oneRun: Bool = if template.pieces.count == 1, case .constant = template.pieces[0] { true } else { false }
                #expect(oneRun == route.parameters.isEmpty, "\(route.name)")
                let printed = table.links(route: route, values: RoundTripTests.sampleValues(route))
                guard let link = printed.scheme else { continue }
                #expect(expectSame(table, link))
                // The same template serves a link in another form (https, a trailing slash, a query).
                if let https = printed.https { #expect(expectSame(table, https + "/?unused=1")) }
                templated += 1
                if !route.parameters.isEmpty { withParameters += 1 }
            }
        }
        #expect(templated > 10)
        #expect(withParameters > 5)
    }

    @Test func aTemplateRefusesMissingOrNonScalarValuesSoTheDocumentIsWrittenFromThem() throws {
        let table = try ExampleFiles.table("lists")
        let found = try #require(table.routes.indices.first { !table.routes[$0].parameters.isEmpty })
        let template = try #require(table.documentTemplates[found])
        let count = table.routes[found].parameters.count
        var out: [UInt8] = []
        #expect(!template.append(Array(repeating: nil, count: count), to: &out))
        #expect(!template.append([], to: &out))
        // A value that is no scalar prints into no link.
        #expect(!template.append(Array(repeating: .array([]), count: count), to: &out))
    }

    @Test func randomLinksGiveTheReferenceDocumentOrTheSameError() throws {
        var resolved = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            var pieces = Set<String>()
            for route in table.routes {
                for segment in route.segments { if case .literal(let text) = segment { pieces.insert(text) } }
            }
            pieces.formUnion(["0", "7", "-3", "2.5", "true", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "x", "a%2Fb",
                              "\"q\"", "a\\b", "é", "info", "1", "2"])
            let sorted = pieces.sorted()
            var generator = ResolveIndexTests.Generator(state: UInt64(name.utf8.count) &+ 17)
            let prefixes = table.schemes.map { $0 + "://" } + table.hosts.map { "https://\($0)/" } + ["nope"]
            for _ in 0..<1_500 {
                var link = prefixes[generator.next(prefixes.count)]
                for _ in 0..<generator.next(6) { link += sorted[generator.next(sorted.count)] + "/" }
                if generator.next(5) == 0 { link += "?" + ["tab=2", "q=a%2Fb", "x=%zz", "page=3"][generator.next(4)] }
                if expectSame(table, link) { resolved += 1 }
            }
        }
        #expect(resolved > 500, "only \(resolved) links resolved: the comparison would say little")
    }
}
