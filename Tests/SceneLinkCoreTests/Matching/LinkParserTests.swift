import Testing
@testable import SceneLinkCore

/// One test per normalisation rule of `LinkParser` and precedence rule of `RouteTrie`.
@Suite struct LinkParserTests {
    let table: RouteTable
    init() throws { table = try ExampleFiles.table("kitchen-sink") }

    private func route(_ link: String) throws -> String? { try table.resolve(link).route }

    @Test func schemeIsCaseInsensitive() throws { #expect(try route("KS://users/1") == "users") }

    @Test func customSchemeHostIsTheFirstSegmentAndCaseSensitive() throws {
        #expect(try route("ks://users/1") == "users")
        #expect(throws: ResolveError.self) { try table.resolve("ks://Users/1") }
    }

    @Test func httpsHostMustBeListedAndIsCaseInsensitive() throws {
        #expect(try route("https://KITCHEN.example.com:443/users/1") == "users")
        #expect(throws: ResolveError.unknownHost(host: "evil.example.com",
                                                 configured: ["kitchen.example.com", "www.kitchen.example.com"])) {
            try table.resolve("https://evil.example.com/users/1")
        }
    }

    @Test func unknownSchemeListsTheConfiguredOnes() {
        #expect(throws: ResolveError.unknownScheme(scheme: "http", configured: [
            "kitchensink://", "ks://", "https://kitchen.example.com", "https://www.kitchen.example.com"])) {
            try table.resolve("http://kitchen.example.com/users/1")
        }
    }

    @Test func fragmentIsIgnoredAndSlashesCollapse() throws {
        #expect(try route("ks:////users//1///#top") == "users")
    }

    @Test func percentDecodingHappensOncePerSegmentAfterSplitting() throws {
        #expect(try table.resolve("ks://level/a%2Fb").parameters.first?.value == .string("a/b"))
        #expect(try table.resolve("ks://level/%2541").parameters.first?.value == .string("%41"))
    }

    @Test func capturedValuesAreNeverCaseFolded() throws {
        #expect(try table.resolve("ks://level/MiXeD").parameters.first?.value == .string("MiXeD"))
    }

    @Test func queryItemsAreDecodedAndFirstWins() throws {
        let resolved = try table.resolve("ks://search?q=a%26b&q=second&tab=home")
        #expect(resolved.parameters.map(\.value) == [.string("a&b"), .string("home")])
    }

    @Test func invalidLinksAreRefused() {
        #expect(throws: ResolveError.invalidLink(link: "", reason: "it is empty; send a link such as scheme://path")) {
            try table.resolve("")
        }
        #expect(throws: ResolveError.self) { try table.resolve("no scheme here") }
        #expect(throws: ResolveError.self) { try table.resolve("ks://users/%zz") }
        #expect(throws: ResolveError.self) { try table.resolve("ks://users/1\n") }
    }

    @Test func typedParameterBacktracksToStringOnADeadEnd() throws {
        // {level} (typed) matches "2" but has no child "x"; the String parameter does not either,
        // so nothing matches — while "2" alone takes the typed route.
        #expect(try route("ks://level/2") == "level")
        #expect(try route("ks://level/high-ish") == "levelNamed")
    }

    @Test func restNeedsAtLeastOneSegment() {
        #expect(throws: ResolveError.self) { try table.resolve("ks://files") }
    }
}
