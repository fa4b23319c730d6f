import Testing
@testable import SceneLinkCore

/// The one matcher: precedence and backtracking, the hash table of many literals, the
/// Unicode and query branches, and every format agreeing with `resolve(_:)` on random links.
@Suite struct ResolveIndexTests {
    /// Every format of `link`, and `routeName(of:)`, agree with `resolve(_:)`: the stack's own
    /// encodings and route when it resolves, the same error from each when it does not. True
    /// when it resolved.
    @discardableResult
    static func expectFormatsAgree(_ table: RouteTable, _ link: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let resolved: Result<ResolvedLink, ResolveError> = Result { () throws(ResolveError) in try table.resolve(link) }
        switch resolved {
        case .failure(let error):
            for format in ResolveFormat.allCases {
                #expect(throws: error, "\(link) \(format)", sourceLocation: sourceLocation) { try table.resolve(link, format: format) }
            }
            #expect(throws: error, "\(link) routeName", sourceLocation: sourceLocation) { try table.routeName(of: link) }
            return false
        case .success(let model):
            #expect((try? table.routeName(of: link)) == model.route, "\(link)", sourceLocation: sourceLocation)
            #expect((try? table.navigationPath(for: link)) == NavigationPathEncoding.codableRepresentation(model.elements),
                     "\(link)", sourceLocation: sourceLocation)
            #expect((try? table.resolve(link, format: .elements)) == NavigationPathEncoding.elements(model.elements),
                     "\(link)", sourceLocation: sourceLocation)
            ResolveTemplateTests.expectDocument(table, link, describes: model, sourceLocation: sourceLocation)
            return true
        }
    }

    /// A small deterministic generator (no randomness between runs).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func randomLinksOverEveryExampleGiveTheSameStackInEveryFormat() throws {
        var resolved = 0
        var total = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            var pieces = Set<String>()
            for route in table.routes {
                for segment in route.segments { if case .literal(let text) = segment { pieces.insert(text) } }
            }
            pieces.formUnion(["0", "7", "-3", "007", "-0", "12345678901234567890", "2.5", "-1e3", "true", "false", "TRUE",
                              "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "all",
                              "x", "a%2Fb", "%41", "\"q\"", "a\\b", "é", "K", "\u{212A}", " ", "info", "more", "1", "2", "3"])
            let sorted = pieces.sorted()
            var generator = Generator(state: UInt64(name.utf8.count))
            let prefixes = table.schemes.map { $0 + "://" } + table.hosts.map { "https://\($0)/" } + ["HTTPS://\(table.hosts.first ?? "x")/", "ftp://", "nope"]
            for _ in 0..<3_000 {
                var link = prefixes[generator.next(prefixes.count)]
                for _ in 0..<generator.next(6) { link += sorted[generator.next(sorted.count)] + (generator.next(8) == 0 ? "//" : "/") }
                if generator.next(6) == 0 { link += "?" + ["tab=2", "q=a&q=b", "x=%zz", "page=3"][generator.next(4)] }
                if generator.next(10) == 0 { link += "#frag" }
                if Self.expectFormatsAgree(table, link) { resolved += 1 }
                total += 1
            }
        }
        // Not vacuous: a good share of the links resolve.
        #expect(resolved > total / 20, "\(resolved) of \(total)")
    }

    @Test func everyExampleRoutesPrintedLinksResolveToTheirRoute() throws {
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for route in table.routes {
                let printed = table.links(route: route, values: RoundTripTests.sampleValues(route))
                for link in [printed.scheme, printed.https].compactMap({ $0 }) {
                    #expect(Self.expectFormatsAgree(table, link), "\(link)")
                    #expect(try table.resolve(link).route == route.name, "\(link)")
                }
            }
        }
    }

    static func table(_ routes: String, types: String = "{}") throws -> RouteTable {
        try RouteTable(routeFile: Array(#"{"app":{"name":"T","schemes":["t"],"hosts":["t.example.com"]},"types":\#(types),"routes":[\#(routes)]}"#.utf8))
    }

    @Test func backtracksFromALiteralDeadEndToAParameter() throws {
        let table = try Self.table(#"""
            {"name":"a","path":"/a/b/c","push":[{"type":"Int","value":1}]},
            {"name":"b","path":"/a/{x:Int}/d","push":[{"type":"Int","value":"{x}"}]},
            {"name":"c","path":"/a/{s:String}/d","push":[{"type":"String","value":"{s}"}]},
            {"name":"r","path":"/a/{rest...}","push":[{"type":"String","value":"{rest}"}]}
            """#)
        #expect(try ExampleFiles.navigationPath(table, "t://a/b/c") == #"["Swift.Int","1"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://a/5/d") == #"["Swift.Int","5"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://a/b/d") == #"["Swift.String","\"b\""]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://a/b/x/y") == #"["Swift.String","\"b\\\/x\\\/y\""]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://a/q\"/d") == #"["Swift.String","\"q\\\"\""]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://a/%62/c") == #"["Swift.Int","1"]"#)
        #expect(try ExampleFiles.navigationPath(table, "https://T.EXAMPLE.COM:80/a/05/d") == #"["Swift.Int","5"]"#)
        for link in ["t://a/b/c", "t://a/5/d", "t://a/b/d", "t://a/b/x/y", "t://a/b", "t://a", "t://b", "t://a/-5/d", "t://a/05/d",
                     "t://a/99999999999999999999/d", "t://a/%62/c", "https://t.example.com:80/a/b/c", "https://T.EXAMPLE.COM/a/5/d"] {
            Self.expectFormatsAgree(table, link)
        }
    }

    @Test func manyLiteralSiblingsAreLookedUpInTheHashTable() throws {
        let routes = (0..<40).map { #"{"name":"r\#($0)","path":"/p\#($0)/x","push":[{"type":"Int","value":\#($0)}]}"# }
        let table = try Self.table(routes.joined(separator: ","))
        #expect(table.index.literals.count >= 40)
        for number in 0..<40 {
            #expect(try ExampleFiles.navigationPath(table, "t://p\(number)/x") == #"["Swift.Int","\#(number)"]"#)
        }
        for absent in ["t://p40/x", "t://p1/y", "t://p/x", "t://x", "t://p1"] {
            #expect(throws: ResolveError.self) { try table.navigationPath(for: absent) }
            Self.expectFormatsAgree(table, absent)
        }
    }

    @Test func unicodeLiteralsCompareAsStringsDo() throws {
        // String equality is canonical equivalence: the Kelvin sign equals "K", both ways.
        let table = try Self.table(#"""
            {"name":"kelvin","path":"/t/\u212A","push":[{"type":"Int","value":1}]},
            {"name":"other","path":"/t/{s:String}","push":[{"type":"Int","value":2}]},
            {"name":"k","path":"/u/K","push":[{"type":"Int","value":3}]}
            """#)
        #expect(try ExampleFiles.navigationPath(table, "t://t/K") == #"["Swift.Int","1"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://t/L") == #"["Swift.Int","2"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://u/\u{212A}") == #"["Swift.Int","3"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://u/%E2%84%AA") == #"["Swift.Int","3"]"#)
        // Among many siblings (the hash table), too.
        let many = (0..<40).map { #"{"name":"r\#($0)","path":"/p\#($0)","push":[{"type":"Int","value":\#($0)}]}"# }
        let hashed = try Self.table((many + [#"{"name":"k","path":"/K","push":[{"type":"Int","value":99}]}"#]).joined(separator: ","))
        #expect(try ExampleFiles.navigationPath(hashed, "t://\u{212A}") == #"["Swift.Int","99"]"#)
        #expect(throws: ResolveError.self) { try hashed.navigationPath(for: "t://\u{212B}") }
    }

    @Test func routesWithQueryItemsMatchOnlyWhenTheQuerySatisfiesThem() throws {
        let table = try Self.table(#"""
            {"name":"q","path":"/q","query":{"page":"{page:Int}"},"push":[{"type":"Int","value":"{page}"}]},
            {"name":"plain","path":"/q","push":[{"type":"Int","value":0}]},
            {"name":"only","path":"/only","query":{"id":"{id:Int}"},"push":[{"type":"Int","value":"{id}"}]}
            """#)
        #expect(try ExampleFiles.navigationPath(table, "t://q?page=2") == #"["Swift.Int","2"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://q?x=1&page=%33") == #"["Swift.Int","3"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://q") == #"["Swift.Int","0"]"#)
        #expect(try ExampleFiles.navigationPath(table, "t://q?page=x") == #"["Swift.Int","0"]"#)
        #expect(throws: ResolveError.noRoute(path: "/only", closest: ["/only?id={id}"], hint: "Route only needs the query item \"id\".")) {
            try table.navigationPath(for: "t://only")
        }
        #expect(throws: ResolveError.self) { try table.navigationPath(for: "t://only?id=%zz") }
        for link in ["t://q?page=2", "t://q", "t://q?page=x", "t://q?page=%zz", "t://only?id=x", "t://only?id=4"] {
            Self.expectFormatsAgree(table, link)
        }
    }

    @Test func linksWithTheMostSegmentsTheGrammarAllowsAreMatched() throws {
        let table = try Self.table(#"{"name":"r","path":"/files/{rest...}","push":[{"type":"String","value":"{rest}"}]}"#)
        let segments = (1..<LinkScanner.maximumSegments).map { "s\($0)" }
        let resolved = try table.resolve("t://files/" + segments.joined(separator: "/"))
        #expect(resolved.elements.first?.value == .string(segments.joined(separator: "/")))
        #expect(throws: ResolveError.invalidLink(link: "t://files/" + segments.joined(separator: "/") + "/one-more",
                                                 reason: "it has more than 128 path segments")) {
            try table.resolve("t://files/" + segments.joined(separator: "/") + "/one-more")
        }
    }

    @Test func aLongConstantIsWrittenWhole() throws {
        let long = String(repeating: "a", count: 70_000)
        let table = try Self.table(#"""
            {"name":"long","path":"/long/{id:Int}","push":[{"type":"String","value":"\#(long)"},{"type":"Int","value":"{id}"}]}
            """#)
        let bytes = try table.navigationPath(for: "t://long/7")
        #expect(bytes.count > 70_000)
        Self.expectFormatsAgree(table, "t://long/7")
    }
}
