import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService

/// A short link's own card, fallbacks, redirect and campaign (`ShortLinkSettings`), through the
/// API and as visitors meet them at `/s/CODE`.
extension ShortLinkEndpointsTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1"
    static let iPad = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15"
    static let slack = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"

    static func visit(_ client: LoopbackClient, _ code: String, as userAgent: String) async throws -> LoopbackClient.Response {
        try await client.send("GET", "/s/\(code)", headers: browser.merging(["User-Agent": userAgent]) { a, _ in a })
    }

    /// The `href` of the page's fallback link, with `&amp;` read back.
    static func fallback(_ page: LoopbackClient.Response) -> String? {
        guard let anchor = page.text.range(of: #"<a href="[^"]*" class="fallback""#, options: .regularExpression) else { return nil }
        let tag = page.text[anchor]
        let start = tag.index(tag.startIndex, offsetBy: 9)
        let end = tag.range(of: "\" class")?.lowerBound ?? tag.endIndex
        return tag[start..<end].replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(arguments: Store.all)
    func aLinksOwnCardFallbacksAndCampaignReachItsVisitors(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            let created = try await Self.create(client, #"""
                {"link": "https://fuelmoney.example.com/settings?utm_source=paper", "alias": "Spring",
                 "preview": {"title": "Spring <sale>", "image": "https://cdn.example.org/s.png"},
                 "fallbacks": {"ios": "https://example.org/ios", "desktop": "https://example.org/desk#top"},
                 "campaign": {"utm_medium": "print", "ct": "spring"}}
                """#)
            #expect(created.status == 201)
            let body = try JSONParser.parse(created.body)
            #expect(body["preview"] == .object([("title", .string("Spring <sale>")), ("image", .string("https://cdn.example.org/s.png"))]))
            #expect(body["skipPage"] == .bool(false))
            #expect(body["campaign"]?["ct"] == .string("spring"))

            let iPhone = try await Self.visit(client, "Spring", as: Self.iPhone)
            #expect(iPhone.text.contains(#"<meta property="og:title" content="Spring &lt;sale&gt;">"#))
            #expect(iPhone.text.contains(#"<meta property="og:image" content="https://cdn.example.org/s.png">"#))
            // The target's own utm_source and the link's utm_medium; ct is the App Store's, not a website's.
            #expect(Self.fallback(iPhone) == "https://example.org/ios?utm_source=paper&utm_medium=print")
            // An iPad without a fallback of its own takes the iPhone's.
            #expect(Self.fallback(try await Self.visit(client, "Spring", as: Self.iPad)) == "https://example.org/ios?utm_source=paper&utm_medium=print")
            #expect(Self.fallback(try await Self.visit(client, "Spring", as: Self.desktop))
                == "https://example.org/desk?utm_source=paper&utm_medium=print#top")
            // Android keeps the route's Play page, with the campaign in its install referrer after the claim.
            let android = try #require(Self.fallback(try await Self.visit(client, "Spring", as: Self.android)))
            #expect(android.hasPrefix("https://play.google.com/store/apps/details?id=com.example.fuelmoney&referrer=scenelink_claim%3D"))
            #expect(android.hasSuffix("%26utm_source%3Dpaper%26utm_medium%3Dprint"))
        }
    }

    @Test func theAppStoreGetsTheCampaignTokensAndTheRoutesPageKeepsTheVisitorsCampaign() async throws {
        try await Self.withService { client, _ in
            _ = try await Self.create(client, #"{"link": "https://fuelmoney.example.com/settings", "alias": "store", "campaign": {"pt": "118950", "ct": "spring"}}"#)
            #expect(Self.fallback(try await Self.visit(client, "store", as: Self.iPhone))
                == "https://apps.apple.com/app/id1234567890?pt=118950&ct=spring")
            // A link page opened with a campaign in its own query hands it on too.
            let page = try await client.send("GET", "/settings?utm_source=tw", headers: Self.browser.merging(["User-Agent": Self.desktop]) { a, _ in a })
            #expect(Self.fallback(page) == "https://www.fuelmoney.example.com/?utm_source=tw")
            let plain = try await client.send("GET", "/settings", headers: Self.browser.merging(["User-Agent": Self.desktop]) { a, _ in a })
            #expect(Self.fallback(plain) == "https://www.fuelmoney.example.com/")
        }
    }

    @Test(arguments: Store.all)
    func skipPageSendsAPersonOnAtOnceAndStillShowsPreviewersTheCard(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            _ = try await Self.create(client, #"""
                {"link": "https://fuelmoney.example.com/settings", "alias": "go", "skipPage": true,
                 "preview": {"title": "Go now"}, "fallbacks": {"desktop": "https://example.org/"}, "campaign": {"utm_source": "qr"}}
                """#)
            let desktop = try await Self.visit(client, "go", as: Self.desktop)
            #expect(desktop.status == 302)
            #expect(desktop.headers["location"] == "https://example.org/?utm_source=qr")
            #expect(desktop.headers["cache-control"] == "no-store")
            let iPhone = try await Self.visit(client, "go", as: Self.iPhone)
            #expect(iPhone.status == 302)
            #expect(iPhone.headers["location"] == "https://apps.apple.com/app/id1234567890")
            let slack = try await Self.visit(client, "go", as: Self.slack)
            #expect(slack.status == 200)
            #expect(slack.text.contains(#"content="Go now""#))
            let json = try await client.send("GET", "/s/go", headers: Self.json)
            #expect(json.status == 200)
            #expect(try JSONParser.parse(json.body)["route"] == .string("settings"))
        }
    }

    @Test(arguments: Store.all)
    func aChangeMergesIntoTheSettingsAndBadValuesAre400NamingTheMember(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            _ = try await Self.create(client, #"{"link": "fuelmoney://settings", "alias": "m", "preview": {"title": "A", "image": "https://cdn.example.org/a.png"}}"#)
            let patch = { (body: String) in
                try await client.send("PATCH", "/v1/short-links/m", headers: Self.admin.merging(["Content-Type": "application/json"]) { a, _ in a },
                                      body: Array(body.utf8))
            }
            let changed = try await patch(#"{"preview": {"image": null}, "fallbacks": {"android": "https://example.org/a"}}"#)
            #expect(changed.status == 200)
            let body = try JSONParser.parse(changed.body)
            #expect(body["preview"] == .object([("title", .string("A"))]))
            #expect(body["fallbacks"] == .object([("android", .string("https://example.org/a"))]))
            #expect(changed.headers["etag"] == "\"l2\"")

            for (bad, member) in [(#"{"fallbacks": {"ios": "javascript:alert(1)"}}"#, "fallbacks.ios"),
                                  (#"{"campaign": {"pt": "abc"}}"#, "campaign.pt"), (#"{"preview": {"sub": "x"}}"#, "preview.sub")] {
                let refused = try await patch(bad)
                #expect(refused.status == 400)
                #expect(refused.headers["content-type"] == "application/problem+json")
                #expect(try JSONParser.parse(refused.body)["detail"]?.stringValue?.hasPrefix("\"\(member)\"") == true)
            }
            let refusedCreate = try await Self.create(client, #"{"link": "fuelmoney://settings", "skipPage": "yes"}"#)
            #expect(refusedCreate.status == 400)
            let unchanged = try await client.send("GET", "/v1/short-links/m", headers: Self.admin)
            #expect(unchanged.headers["etag"] == "\"l2\"")
            let cleared = try await patch(#"{"preview": null, "fallbacks": null}"#)
            #expect(try JSONParser.parse(cleared.body)["preview"] == .null)
        }
    }
}
