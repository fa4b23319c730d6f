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

    @Test func routesWithoutParametersHaveTheirTailWrittenOnceAndStillGiveTheReference() throws {
        var cached = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for (index, route) in table.routes.enumerated() {
                // Every example file is far under the budget: each route without parameters has a tail.
                #expect((table.documentTails[index] != nil) == route.parameters.isEmpty, "\(route.name)")
                guard route.parameters.isEmpty, let link = table.links(route: route, values: []).scheme else { continue }
                #expect(expectSame(table, link))
                // The same tail serves a link in another form (https, a trailing slash, a query).
                if let https = table.links(route: route, values: []).https { #expect(expectSame(table, https + "/?unused=1")) }
                cached += 1
            }
        }
        #expect(cached > 10)
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
