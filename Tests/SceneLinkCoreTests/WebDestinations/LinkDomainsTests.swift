import SceneLinkCore
import Testing

@Suite struct LinkDomainsTests {
    @Test func entriesAreHostsOrWildcardsReadCaseFoldedAndOnce() throws {
        let domains = try LinkDomains(parsing: " Example.org, *.example.org ,shop.example.net,example.org")
        #expect(domains.entries == ["example.org", "*.example.org", "shop.example.net"])
        #expect(domains.description == "example.org,*.example.org,shop.example.net")
        #expect(try LinkDomains(parsing: "") == .none)
        #expect(LinkDomains.none.description == "(none)")
    }

    @Test(arguments: ["localhost", "*.org", "exa mple.org", "127.0.0.1", "-bad.example.org", "a,,b.org", "*.*.example.org", "example.org/x"])
    func anythingElseIsRefusedNamingTheEntry(text: String) {
        #expect(throws: LinkDomainsError.self) { try LinkDomains(parsing: text) }
    }

    @Test func aWildcardCoversEveryHostUnderItsDomainButNotTheDomain() throws {
        let domains = try LinkDomains(parsing: "*.example.org,shop.example.net")
        #expect(domains.allows(host: "www.example.org"))
        #expect(domains.allows(host: "a.b.example.org"))
        #expect(!domains.allows(host: "example.org"))
        #expect(!domains.allows(host: "badexample.org"))
        #expect(domains.allows(host: "shop.example.net"))
        #expect(!domains.allows(host: "www.shop.example.net"))
    }

    @Test func aLinkOnTheAppsHostsOrWithACustomSchemeIsAScreenNotAWebPage() throws {
        let domains = try LinkDomains(parsing: "example.org")
        #expect(domains.webDestination("https://app.example.com/settings", appHosts: ["app.example.com"]) == nil)
        #expect(domains.webDestination("https://APP.example.com/settings", appHosts: ["app.example.com"]) == nil)
        #expect(domains.webDestination("fuelmoney://settings", appHosts: ["app.example.com"]) == nil)
        #expect(domains.webDestination("https://example.org/landing?utm_source=x", appHosts: ["app.example.com"]) == .allowed(host: "example.org"))
    }

    @Test func aWebPageOffTheListOrNotHTTPSIsRefusedSayingWhy() throws {
        let domains = try LinkDomains(parsing: "example.org")
        guard case .refused(let offList)? = domains.webDestination("https://evil.example/x", appHosts: ["app.example.com"]) else {
            Issue.record("a site off the list must be refused")
            return
        }
        #expect(offList.contains("evil.example is not one of the app's hosts (app.example.com)"))
        #expect(offList.contains("example.org (--link-domains)"))
        guard case .refused(let none)? = LinkDomains.none.webDestination("https://example.org/", appHosts: []) else {
            Issue.record("no web page is allowed without a list")
            return
        }
        #expect(none.contains("--link-domains example.org"))
        #expect(domains.webDestination("http://example.org/", appHosts: []) != .allowed(host: "example.org"))
        #expect(domains.webDestination("https://user@example.org/", appHosts: []) != .allowed(host: "example.org"))
    }
}
