import Testing
@testable import SceneLinkCore

/// The flat index must give exactly what the general path gives, or leave the link to it.
@Suite struct ResolveIndexTests {
    /// Both paths on one link: the same bytes, or the same error.
    static func expectSame(_ table: RouteTable, _ link: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let general: Result<[UInt8], ResolveError> = Result { () throws(ResolveError) in try table.generalNavigationPath(for: link) }
        let public_: Result<[UInt8], ResolveError> = Result { () throws(ResolveError) in try table.navigationPath(for: link) }
        switch (general, public_) {
        case (.success(let a), .success(let b)):
            #expect(String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self), "\(link)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(link)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(link): general \(general), index \(public_)", sourceLocation: sourceLocation)
        }
        if let fast = table.index?.navigationPath(for: link) {
            #expect(Result.success(fast) == general, "\(link)", sourceLocation: sourceLocation)
        }
        // The route and values the index finds (for the other formats) are the general match's.
        if let found = table.index?.match(link) {
            let match = try? table.match(link)
            #expect(match?.route == found.route, "\(link)", sourceLocation: sourceLocation)
            #expect(match?.values == found.values, "\(link)", sourceLocation: sourceLocation)
        } else if table.index?.navigationPath(for: link) != nil {
            Issue.record("\(link): the index writes its navigationPath but does not match it", sourceLocation: sourceLocation)
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

    @Test func randomLinksOverEveryExampleGiveWhatTheGeneralPathGives() throws {
        var answeredByIndex = 0
        var resolved = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            let index = try #require(table.index, "\(name)")
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
                Self.expectSame(table, link)
                if (try? table.navigationPath(for: link)) != nil { resolved += 1 }
                if index.navigationPath(for: link) != nil { answeredByIndex += 1 }
            }
        }
        // Not vacuous: the index answers a good share of the links that resolve (not those with
        // escapes, non-ASCII bytes or query routes, which this generator makes often).
        #expect(answeredByIndex > resolved / 3, "\(answeredByIndex) of \(resolved)")
    }

    @Test func everyExampleRouteIsAnsweredByTheIndexWhenItCanBe() throws {
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for route in table.routes {
                let printed = table.links(route: route, values: RoundTripTests.sampleValues(route))
                for link in [printed.scheme, printed.https].compactMap({ $0 }) { Self.expectSame(table, link) }
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
        for link in ["t://a/b/c", "t://a/5/d", "t://a/b/d", "t://a/b/x/y", "t://a/b", "t://a", "t://b", "t://a/-5/d", "t://a/05/d",
                     "t://a/99999999999999999999/d", "t://a/%62/c", "https://t.example.com:80/a/b/c", "https://u@T.EXAMPLE.COM/a/5/d"] {
            Self.expectSame(table, link)
            #expect(table.index?.navigationPath(for: link) != nil || link.contains("%") || (try? table.navigationPath(for: link)) == nil, "\(link)")
        }
    }

    @Test func manyLiteralSiblingsAreLookedUpInTheHashTable() throws {
        let routes = (0..<40).map { #"{"name":"r\#($0)","path":"/p\#($0)/x","push":[{"type":"Int","value":\#($0)}]}"# }
        let table = try Self.table(routes.joined(separator: ","))
        let index = try #require(table.index)
        #expect(index.literals.count >= 40)
        for number in 0..<40 {
            #expect(index.navigationPath(for: "t://p\(number)/x").map { String(decoding: $0, as: UTF8.self) } == #"["Swift.Int","\#(number)"]"#)
        }
        for absent in ["t://p40/x", "t://p1/y", "t://p/x", "t://x", "t://p1"] {
            #expect(index.navigationPath(for: absent) == nil)
            Self.expectSame(table, absent)
        }
    }

    @Test func aNonASCIILiteralLeavesTheNodeToTheGeneralPath() throws {
        // String equality is canonical equivalence: the Kelvin sign equals "K".
        let table = try Self.table(#"""
            {"name":"kelvin","path":"/t/\u212A","push":[{"type":"Int","value":1}]},
            {"name":"other","path":"/t/{s:String}","push":[{"type":"Int","value":2}]}
            """#)
        #expect(table.index?.navigationPath(for: "t://t/K") == nil)
        Self.expectSame(table, "t://t/K")
        Self.expectSame(table, "t://t/L")
    }

    @Test func routesWithQueryItemsAreLeftToTheGeneralPath() throws {
        let table = try Self.table(#"""
            {"name":"q","path":"/q","query":{"page":"{page:Int}"},"push":[{"type":"Int","value":"{page}"}]},
            {"name":"plain","path":"/q","push":[{"type":"Int","value":0}]}
            """#)
        #expect(table.index?.navigationPath(for: "t://q?page=2") == nil)
        for link in ["t://q?page=2", "t://q", "t://q?page=x", "t://q?page=%zz"] { Self.expectSame(table, link) }
    }
}

extension ResolveIndexTests {
    @Test func aConstantLongerThanOneProgramRunIsWrittenWhole() throws {
        // Runs of constant bytes hold at most 65,535 bytes each; longer output spans several.
        let long = String(repeating: "a", count: 70_000)
        let table = try Self.table(#"""
            {"name":"long","path":"/long/{id:Int}","push":[{"type":"String","value":"\#(long)"},{"type":"Int","value":"{id}"}]}
            """#)
        let bytes = try #require(table.index?.navigationPath(for: "t://long/7"))
        #expect(bytes.count > 70_000)
        Self.expectSame(table, "t://long/7")
    }
}
