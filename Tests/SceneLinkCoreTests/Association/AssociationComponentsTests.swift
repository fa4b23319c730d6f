import Testing
@testable import SceneLinkCore

/// The proof that the association files are right: for every example route file, a matcher
/// written from Apple's and Google's published rules (`PublishedRulesMatcher`, not the
/// resolver) claims every https link the resolver takes, and no server path, short links
/// aside, and none of a list of links no route takes.
///
/// A parameter's pattern cannot stop at `/`, so links with more segments where a parameter
/// is (`/first/A/extra` for `/first/{name}`) are claimed too; the list below avoids them.
/// Links with empty path segments (`/a//b`), which the resolver reads as `/a/b`, are not
/// canonical and are left out: no pattern can claim them without also claiming server paths
/// written with `//`. They open the link page, which resolves them.
@Suite struct AssociationComponentsTests {
    static let app = AppLinks(
        apple: AppleApp(teamID: "A1B2C3D4E5", bundleIDs: ["com.example.app"]),
        android: [AndroidApp(package: "com.example.app", sha256CertFingerprints: [RouteFileLoaderAppLinksTests.fingerprint])])

    /// Links the example files' own tests use, written for their custom scheme.
    static let exampleLinks: [String: [String]] = [
        "fuelmoney": ["fuelmoney://", "fuelmoney://settings", "fuelmoney://settings/account", "fuelmoney://settings/premium/",
                      "fuelmoney://explain", "fuelmoney://information", "fuelmoney://settings/%61ccount"],
        "drilldown": ["drilldown://", "drilldown://first/A", "drilldown://first/A/second/B", "drilldown://first/B/second/A/"],
        "lists": ["lists://first/1/second/Item2", "lists://first/3", "lists://first/1/second/Item1"],
        "recipes": ["recipes://categories/1/recipes/e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
                    "recipes://categories/0/recipes/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/related/00000000-0000-0000-0000-00000000000A"],
        "kitchen-sink": ["ks://", "ks://users/1", "ks://users/42/profile?name=Blob", "ks://users/42/profile?name=",
                         "ks://users/1/posts/9/photos/e621e1f8-c36c-495a-93fc-0c247a3e6e5f?scale=1",
                         "ks://search?q=a%26b&q=second&tab=home", "ks://search?q=hello%20world", "ks://search?tab=profile&q=x",
                         "ks://files/a/b%2Fc", "ks://flags/true", "ks://scale/2.50", "ks://scale/3", "ks://level/2",
                         "ks://level/all", "ks://level/MiXeD", "ks://level/%2541", "ks://level/a%2Fb", "ks://level/high-ish",
                         "ks://tabs/profile", "ks://items/Hi", "ks://box/5", "ks://users/1#top", "ks://users/1/"],
    ]

    /// Paths no route of any example takes (checked against the resolver below). Not `/search`
    /// without `q`: both platforms read an absent query item as an empty one, and `q=` is a
    /// `String` the resolver takes, so a required `String` item claims its absence too.
    static let unclaimedPaths = ["/no-such-route", "/zz/top", "/settings/unknown", "/settings/account/x", "/first",
                                 "/users", "/users/", "/flags/yes", "/flags/TRUE", "/tabs/nowhere", "/categories",
                                 "/settings/premium/more", "/tabs/profile/x"]

    static let serverPaths = ["/v1", "/v1/resolve?url=x", "/v1/routes", "/v1/sessions/abc/scenes/1", "/healthz", "/healthz/",
                              "/readyz", "/metrics", "/openapi.yaml", "/.well-known/apple-app-site-association",
                              "/.well-known/assetlinks.json", "/.well-known"]

    private func matchers(_ table: RouteTable) throws -> [PublishedRulesMatcher] {
        let files = AssociationFiles(appLinks: Self.app, routes: table.routes)
        let apple = try #require(files.apple?.bytes)
        let android = try #require(files.android?.bytes)
        return [
            try #require(PublishedRulesMatcher(document: apple, platform: .apple)),
            try #require(PublishedRulesMatcher(document: android, platform: .android)),
        ]
    }

    private func https(_ link: String, _ table: RouteTable) -> String {
        guard let range = link.range(of: "://"), let host = table.hosts.first else { return link }
        return "https://" + host + "/" + link[range.upperBound...]
    }

    @Test func everyLinkTheResolverTakesIsClaimed() throws {
        var checked = 0
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            var links = (Self.exampleLinks[name] ?? []).map { https($0, table) }
            for route in table.routes {
                links += [table.links(route: route, values: RoundTripTests.sampleValues(route)).https].compactMap { $0 }
            }
            for matcher in try matchers(table) {
                for link in links {
                    #expect((try? table.resolve(link)) != nil, "\(name): \(link) should resolve")
                    let claimed = matcher.claims(link)
                    #expect(claimed, "\(name): \(link) is not claimed")
                    checked += 1
                }
            }
        }
        #expect(checked > 140)
    }

    @Test func serverPathsAreExcludedAndShortLinksClaimed() throws {
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for matcher in try matchers(table) {
                for path in Self.serverPaths {
                    let claimed = matcher.claims("https://\(table.hosts[0])\(path)")
                    #expect(!claimed, "\(name): \(path)")
                    #expect(ServerPaths.owns(path.split(separator: "?")[0].description), "\(path)")
                }
                #expect(matcher.claims("https://\(table.hosts[0])/s/Ab3dE"))
                #expect(!matcher.claims("https://\(table.hosts[0])/s/"))
            }
        }
    }

    @Test func linksNoRouteTakesAreNotClaimed() throws {
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for matcher in try matchers(table) {
                for path in Self.unclaimedPaths {
                    let link = "https://\(table.hosts[0])\(path)"
                    guard (try? table.resolve(link)) == nil else { continue }
                    let claimed = matcher.claims(link)
                    #expect(!claimed, "\(name): \(link) is claimed but resolves to nothing")
                }
            }
        }
    }

    @Test func componentsPastTheirBudgetAreNotMade() throws {
        let table = try ExampleFiles.table("kitchen-sink")
        let all = try #require(AssociationComponents.make(routes: table.routes, detail: .routes))
        #expect(all.count > 10)
        #expect(AssociationComponents.make(routes: table.routes, detail: .routes, budget: 10) == nil)
        #expect(AssociationComponents.make(routes: table.routes, detail: .routes, budget: 1 << 20) == all)
    }

    @Test func patternsFollowTheParameterTypes() throws {
        let table = try ExampleFiles.table("kitchen-sink")
        let components = try #require(AssociationComponents.make(routes: table.routes, detail: .routes))
        let paths = components.filter { !$0.exclude }.map(\.path)
        #expect(paths.contains("/flags/true") && paths.contains("/flags/false/"))
        #expect(paths.contains("/files/?*"))
        #expect(paths.contains("/users/?*/posts/?*/photos/????????-????-????-????-????????????"))
        let search = components.first { $0.comment == "search" }
        #expect(search?.query == [.init(name: "q", pattern: "*")])
    }

    @Test func literalsNeverBecomeWildcards() {
        #expect(AssociationComponents.literalPattern("a*b?c$(x)") == "a?b?c??x)")
        #expect(AssociationComponents.literalPattern("café") == "café")
    }
}
