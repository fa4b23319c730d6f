import Testing
@testable import SceneLinkCore

/// One test per normalisation rule of `LinkScanner` (RFC 3986 §6, with its examples where
/// they apply to app links) and precedence rule of `RouteTrie`.
@Suite struct LinkScannerTests {
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

    /// RFC 3986 §6.2.2.1: `HTTP://www.EXAMPLE.com/` and `http://www.example.com/` are one link.
    @Test func schemeAndHostCaseAreNormalisedButPathCaseIsNot() throws {
        #expect(try route("HTTPS://Kitchen.EXAMPLE.com/users/1") == "users")
        #expect(try route("KitchenSink://users/1") == "users")
        #expect(throws: ResolveError.self) { try table.resolve("https://kitchen.example.com/USERS/1") }
    }

    /// RFC 3986 §6.2.3: the default port and an empty port are the same link as none, and any
    /// other port up to 65535 is dropped; a port a browser would refuse is refused.
    @Test func defaultAndEmptyPortsAreDroppedAndABadPortRefused() throws {
        for link in ["https://kitchen.example.com:443/users/1", "https://kitchen.example.com:/users/1",
                     "https://kitchen.example.com:8443/users/1", "https://kitchen.example.com:65535/users/1"] {
            #expect(try route(link) == "users", "\(link)")
        }
        for port in ["x", "65536", "1e3", "-1"] {
            #expect(throws: ResolveError.invalidLink(link: "https://kitchen.example.com:\(port)/users/1",
                                                     reason: "its port \"\(port)\" is not a number from 0 to 65535")) {
                try table.resolve("https://kitchen.example.com:\(port)/users/1")
            }
        }
    }

    /// What a browser (the WHATWG URL Standard) would read as another host or another path is
    /// refused with the reason, never read another way.
    @Test func linksABrowserReadsDifferentlyAreRefused() throws {
        let refused: [(String, String)] = [
            (#"https://evil.example\@kitchen.example.com/users/1"#, "backslash"),
            ("https://someone@kitchen.example.com/users/1", "credentials"),
            ("https://kitchen.example.com%2e/users/1", "percent-escape"),
            (#"https://kitchen.example.com/users\1"#, "backslash"),
            ("https://kitchen.example.com/users/1 2", "space"),
            ("ks://user@users/1", "'@'"),
            ("ks://users:80/1", "':'"),
            ("ks://users/%2e%2E/settings", "dot segment"),
            ("ks://users/.%2e", "dot segment"),
        ]
        for (link, word) in refused {
            #expect {
                try table.resolve(link)
            } throws: { error in
                guard case .invalidLink(_, let reason) = error as? ResolveError else { return false }
                return reason.contains(word)
            }
        }
        // A backslash or a space in the query is read the same by both.
        #expect(try route(#"https://kitchen.example.com/users/1?q=a\b"#) == "users")
        // Dots inside a segment are no dot segment.
        #expect(try table.resolve("ks://level/.x").parameters.first?.value == .string(".x"))
    }

    /// RFC 3986 §6.2.2.2: a percent-encoded unreserved character is the character itself
    /// (`%7Euser` is `~user`), and matches the literal it spells.
    @Test func percentEncodedUnreservedCharactersMatchTheirLiterals() throws {
        #expect(try route("ks://%75sers/1") == "users")
        #expect(try route("https://kitchen.example.com/%75%73ers/%31") == "users")
        #expect(try table.resolve("ks://level/%7Euser").parameters.first?.value == .string("~user"))
    }

    /// RFC 3986 §6.2.2.3's dot segments: a browser removes them (and the segment before `..`), so
    /// a link with one is refused rather than read as another screen or as a parameter's value.
    @Test func dotSegmentsAreRefused() throws {
        #expect(throws: ResolveError.invalidLink(link: "ks://users/../settings",
                                                 reason: "it has the dot segment \"..\", which a browser removes with the segment before it; write the path without it")) {
            try table.resolve("ks://users/../settings")
        }
        #expect(throws: ResolveError.self) { try table.resolve("ks://./users/1") }
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
        #expect(throws: ResolveError.invalidLink(link: "no scheme here",
                                                 reason: "it has no scheme; write it as scheme://path, like kitchensink://...")) {
            try table.resolve("no scheme here")
        }
        #expect(throws: ResolveError.invalidLink(link: "ks://users/%zz",
                                                 reason: "the segment \"%zz\" has a malformed percent-escape; write '%' as %25")) {
            try table.resolve("ks://users/%zz")
        }
        #expect(throws: ResolveError.invalidLink(link: "ks://users/%FF",
                                                 reason: "the segment \"%FF\" has a malformed percent-escape; write '%' as %25")) {
            try table.resolve("ks://users/%FF")
        }
        #expect(throws: ResolveError.invalidLink(link: "ks://users/1\n",
                                                 reason: "it contains a control character at byte 13; percent-encode it")) {
            try table.resolve("ks://users/1\n")
        }
        #expect(throws: ResolveError.invalidLink(link: "https:kitchen.example.com/users/1",
                                                 reason: "an https link needs \"https://\" and a host")) {
            try table.resolve("https:kitchen.example.com/users/1")
        }
        #expect(throws: ResolveError.invalidLink(link: "https:///users/1", reason: "it has no host after https://")) {
            try table.resolve("https:///users/1")
        }
        let long = "ks://" + String(repeating: "a", count: LinkScanner.maximumLength)
        #expect(throws: ResolveError.invalidLink(link: long, reason: "it is longer than 8192 bytes")) { try table.resolve(long) }
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

/// The scanner's views over a link's bytes, read without the route table.
@Suite struct ScannedLinkTests {
    func scan(_ link: String, schemes: [String] = ["ks"], hosts: [String] = ["kitchen.example.com"])
        -> (scanned: Result<ScannedLink, LinkScanFailure>, segments: [String], host: String?, query: String?) {
        var text = link
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: LinkSegment.self, capacity: LinkScanner.maximumSegments) { buffer in
                let result = LinkScanner.scan(bytes, schemes: schemes, hosts: hosts, segments: buffer)
                guard case .success(let scanned) = result else { return (result, [], nil, nil) }
                let texts = buffer.prefix(scanned.segmentCount).map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
                return (result, texts, scanned.host.map { String(decoding: bytes[$0], as: UTF8.self) },
                        scanned.query.map { String(decoding: bytes[$0], as: UTF8.self) })
            }
        }
    }

    @Test func viewsAreTheLinksOwnBytes() throws {
        let read = scan("https://Kitchen.Example.com:443//users/1/?tab=2&x#top")
        #expect(read.host == "Kitchen.Example.com")
        #expect(read.segments == ["users", "1"])
        #expect(read.query == "tab=2&x")
        #expect(try read.scanned.get().hasEscapes == false)
        #expect(scan("ks://settings/account").host == nil)
        #expect(scan("ks://settings/account").segments == ["settings", "account"])
    }

    @Test func escapesAndNonASCIIBytesAreFlaggedForTheDecodingBranch() throws {
        #expect(try scan("ks://a/%41").scanned.get().hasEscapes)
        #expect(try scan("ks://a/%41").scanned.get().isASCII)
        #expect(try scan("ks://café").scanned.get().isASCII == false)
        #expect(try scan("ks://café").scanned.get().hasEscapes == false)
    }

    @Test func failuresSayWhatIsWrong() {
        #expect(scan("mailto:x", schemes: ["ks"], hosts: []).scanned
            == .failure(.unknownScheme(scheme: "mailto", configured: ["ks://"])))
        #expect(scan("https://other.example/x").scanned
            == .failure(.unknownHost(host: "other.example", configured: ["kitchen.example.com"])))
    }

    @Test func theHostFieldIsReadAsALinksAuthority() {
        let hosts = ["fuelmoney.example.com", "fm.example"]
        #expect(LinkScanner.listedHost(inHostField: "FM.example:8080", hosts: hosts) == "fm.example")
        #expect(LinkScanner.listedHost(inHostField: "fuelmoney.example.com", hosts: hosts) == "fuelmoney.example.com")
        #expect(LinkScanner.listedHost(inHostField: "evil.example", hosts: hosts) == nil)
        #expect(LinkScanner.listedHost(inHostField: "", hosts: hosts) == nil)
    }
}

@Suite struct RouteTableReadingTests {
    let table: RouteTable

    init() throws { table = try ExampleFiles.table("kitchen-sink") }

    @Test func readsTheHostAndTheDecodedSegmentsOfALink() throws {
        #expect(try table.reading(of: "HTTPS://Kitchen.Example.com:443//users/%31/?tab=2#top")
                == LinkReading(host: "kitchen.example.com", segments: ["users", "1"]))
        #expect(try table.reading(of: "ks://settings/a%2Fb") == LinkReading(host: nil, segments: ["settings", "a/b"]))
    }

    @Test func refusesWhatTheResolverRefusesWithTheSameError() {
        for link in [#"https://evil.example\@kitchen.example.com/users/1"#, "https://other.example/users/1", "nope://x", "ks://a/../b"] {
            #expect(throws: ResolveError.self) { try table.reading(of: link) }
            #expect(throws: ResolveError.self) { try table.resolve(link) }
        }
    }
}
