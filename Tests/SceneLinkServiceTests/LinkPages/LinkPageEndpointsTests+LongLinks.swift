import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService

/// Firebase Dynamic Links' long links (`/?link=…&ofl=…&st=…`), read at request time.
@Suite struct LinkPageLongLinkTests {
    typealias Links = ShortLinkEndpointsTests
    static let account = "https%3A%2F%2Ffuelmoney.example.com%2Fsettings%2Faccount"

    static func get(_ client: LoopbackClient, _ query: String, as agent: String = Links.desktop,
                    accept: [String: String] = Links.browser) async throws -> LoopbackClient.Response {
        try await client.send("GET", "/?" + query, headers: accept.merging(["User-Agent": agent]) { a, _ in a })
    }

    @Test func aLongLinksParametersAreThatVisitsCardFallbacksAndCampaign() async throws {
        try await Links.withService(linkDomains: try LinkDomains(parsing: "blog.fuelmoney.example.com")) { client, _ in
            let page = try await Self.get(client, "link=\(Self.account)&apn=com.x&ibi=com.y&ofl=https%3A%2F%2Fexample.org%2Fd&st=Long%20card&utm_source=fdl")
            #expect(page.status == 200)
            #expect(page.text.contains(#"<meta property="og:title" content="Long card">"#))
            #expect(Links.fallback(page) == "https://example.org/d?utm_source=fdl")
            let skip = try await Self.get(client, "link=\(Self.account)&efr=1&ofl=https%3A%2F%2Fexample.org%2Fd")
            #expect(skip.status == 302)
            #expect(skip.headers["location"] == "https://example.org/d")
            let json = try await Self.get(client, "link=\(Self.account)", accept: Links.json)
            #expect(try JSONParser.parse(json.body)["route"] == .string("settings.account"))
            let web = try await Self.get(client, "link=https%3A%2F%2Fblog.fuelmoney.example.com%2Fp&utm_source=x")
            #expect(web.status == 302)
            #expect(web.headers["location"] == "https://blog.fuelmoney.example.com/p?utm_source=x")
            // The root without a link is the root's page.
            #expect(try await Self.get(client, "utm_source=x").status == 200)
        }
    }

    @Test(arguments: ["link=https%3A%2F%2Fevil.example%2Fx", "link=javascript%3Aalert(1)", "link=https%3A%2F%2Ffuelmoney.example.com%2Fnope",
                      "link=\(account)&ifl=javascript%3Aalert(1)", "link=\(account)&pt=abc"])
    func aLongLinkThatCannotBeFollowedIs400NeverARedirect(query: String) async throws {
        try await Links.withService { client, _ in
            let page = try await Self.get(client, query)
            #expect(page.status == 400)
            #expect(page.headers["location"] == nil)
            let json = try await Self.get(client, query, accept: Links.json)
            #expect(json.status == 400)
            #expect(try JSONParser.parse(json.body)["type"] == .string("https://scenelink.dev/problems/invalid-long-link"))
        }
    }
}

/// `?d=1` on any link: where each kind of visitor goes, and why.
@Suite struct LinkDebugEndpointTests {
    typealias Links = ShortLinkEndpointsTests

    static func cases(_ response: LoopbackClient.Response) throws -> [String: String] {
        var out: [String: String] = [:]
        for item in try JSONParser.parse(response.body)["cases"]?.arrayValue ?? [] {
            out[item["visitor"]?.stringValue ?? ""] = (item["goes"]?.stringValue ?? "") + " " + (item["url"]?.stringValue ?? "-")
        }
        return out
    }

    @Test func aShortLinksDebugNamesEachVisitorsDestinationAndCountsNoClick() async throws {
        try await Links.withService { client, _ in
            _ = try await Links.create(client, #"""
                {"link": "https://fuelmoney.example.com/settings/account", "alias": "dbg", "skipPage": true,
                 "fallbacks": {"desktop": "https://example.org/d"}, "campaign": {"utm_source": "qr"}, "preview": {"title": "Debug card"}}
                """#)
            let debug = try await client.send("GET", "/s/dbg?d=1", headers: Links.json)
            #expect(debug.status == 200)
            #expect(try JSONParser.parse(debug.body)["route"] == .string("settings.account"))
            let cases = try Self.cases(debug)
            #expect(cases["Desktop"] == "redirected (302) https://example.org/d?utm_source=qr")
            #expect(cases["iPhone with the app"] == "opens the app at the screen settings.account -")
            #expect(cases["iPhone without the app"] == "redirected (302) https://apps.apple.com/app/id1234567890")
            #expect(cases["Link previewer (Slack, iMessage, X)"]?.hasPrefix("the card") == true)
            let page = try await client.send("GET", "/s/dbg?d=1", headers: Links.browser)
            #expect(page.text.contains("<title>Where this link goes</title>"))
            #expect(page.text.contains("Debug card"))
            let listed = try JSONParser.parse(try await client.send("GET", "/v1/short-links/dbg", headers: Links.admin).body)
            #expect(listed["clicks"] == .number("0"))
            #expect(try await client.send("GET", "/s/nope?d=1", headers: Links.json).status == 404)
        }
    }

    @Test func aRoutesLinkAndALongLinkHaveTheirDebugToo() async throws {
        try await Links.withService(linkDomains: try LinkDomains(parsing: "example.org")) { client, _ in
            let route = try await client.send("GET", "/settings?d=1&utm_source=tw", headers: Links.json)
            #expect(try Self.cases(route)["Desktop"] == "the link page, then the web page https://www.fuelmoney.example.com/?utm_source=tw")
            let long = try await client.send("GET", "/?link=https%3A%2F%2Fexample.org%2Fa&d=1", headers: Links.json)
            #expect(try Self.cases(long)["Desktop"] == "redirected (302) https://example.org/a")
            #expect(try await client.send("GET", "/nope?d=1", headers: Links.json).status == 404)
        }
    }
}
