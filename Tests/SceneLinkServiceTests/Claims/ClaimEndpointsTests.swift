import Foundation
import SceneLinkCore
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Claims over a real socket: a phone's link page makes one, the app redeems it.
@Suite struct ClaimEndpointsTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let install = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let otherInstall = "0B4A1F6C-1D2E-4F3A-8B9C-0D1E2F3A4B5C"

    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let seconds = Mutex<Double>(0)
        func advance(by interval: TimeInterval) { seconds.withLock { $0 += interval } }
        var now: Date { ClaimEndpointsTests.start.addingTimeInterval(seconds.withLock { $0 }) }
        var clock: SceneStateClock { SceneStateClock { self.now } }
    }

    /// Runs `body` against a service with `LinkPageTests.file` as its route file and `clock` as "now".
    private func withService(_ configure: (inout ServiceConfiguration) -> Void = { _ in },
                             _ body: (LoopbackClient, SceneLinkApplication, ManualClock) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-claims-\(UUID().uuidString).json")
        try Data(LinkPageTests.file.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configuration.routesPath = file.path
        configure(&configuration)
        let clock = ManualClock()
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in },
                                                   clock: clock.clock)
        let port = try application.start(handlingSignals: false)
        do {
            try await body(LoopbackClient(port: port), application, clock)
        } catch {
            await SceneLinkApplicationTests.stop(application)
            throw error
        }
        await SceneLinkApplicationTests.stop(application)
    }

    /// The text between `prefix` and the next `"` or `<` in `html`.
    static func value(after prefix: String, in html: String) -> String? {
        guard let range = html.range(of: prefix) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" && $0 != "<" })
    }

    static func redeem(_ client: LoopbackClient, _ claim: String, install: String = install) async throws -> LoopbackClient.Response {
        let body = JSONWriter.encode(.object([(key: "claim", value: .string(claim)), (key: "install", value: .string(install))]))
        return try await client.send("POST", "/v1/claims/redeem", headers: ["Content-Type": "application/json"], body: body)
    }

    static func json(_ response: LoopbackClient.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    @Test func anIPhonePageShowsTheCodeAndTheCopyButtonAndIsTheVisitorsOwn() async throws {
        try await withService { client, _, _ in
            let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(page.status == 200)
            #expect(page.headers["cache-control"] == "private, no-store")
            #expect(page.headers["content-security-policy"]?.contains("script-src 'sha256-") == true)
            let code = try #require(Self.value(after: "Enter this code in the app: <strong id=\"claim-code\">", in: page.text))
            #expect(code.count == 9 && code.dropFirst(4).first == "-")
            let url = try #require(Self.value(after: "data-copy=\"", in: page.text))
            #expect(url.hasPrefix("https://recipes.example.com/c/") && url.count == "https://recipes.example.com/c/".count + 27)
            #expect(page.text.contains(#"<button type="button" id="copy""#))
            // Each visitor gets a claim of their own.
            let again = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(Self.value(after: "data-copy=\"", in: again.text) != url)
        }
    }

    @Test func anAndroidPageCarriesTheTokenAsThePlayInstallReferrer() async throws {
        try await withService { client, _, _ in
            let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.android])
            #expect(page.headers["cache-control"] == "private, no-store")
            let prefix = "https://play.google.com/store/apps/details?id=com.example.recipes&amp;referrer=scenelink_claim%3D"
            let token = try #require(Self.value(after: prefix, in: page.text))
            #expect(token.count == 27)
            let redeemed = try await Self.redeem(client, "scenelink_claim=" + token)
            #expect(redeemed.status == 200)
            let document = Self.json(redeemed)
            #expect(document["route"] as? String == "recipe")
            let claim = document["claim"] as? [String: Any]
            #expect(claim?["source"] as? String == "referrer")
            #expect(claim?["link"] as? String == "https://recipes.example.com/recipes/soup")
        }
    }

    @Test func aDesktopPageMakesNoClaimAndStaysCacheable() async throws {
        try await withService { client, _, _ in
            let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.desktop])
            #expect(page.headers["cache-control"] == "public, max-age=300")
            #expect(!page.text.contains("id=\"claim") && !page.text.contains("data-copy") && !page.text.contains("referrer="))
            let metrics = try await client.send("GET", "/metrics")
            #expect(metrics.text.contains("scenelink_claims_made_total 0\n"))
        }
    }

    @Test func everyRedeemAnswerFromTheFirstInstallToTheUnknownClaim() async throws {
        try await withService { client, _, _ in
            let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            let code = try #require(Self.value(after: "<strong id=\"claim-code\">", in: page.text))
            let url = try #require(Self.value(after: "data-copy=\"", in: page.text))
            let first = try await Self.redeem(client, code.lowercased().replacingOccurrences(of: "-", with: ""))
            #expect(first.status == 200)
            #expect(first.headers["cache-control"] == "no-store")
            #expect((Self.json(first)["claim"] as? [String: Any])?["source"] as? String == "code")
            // The resolve document's own bytes, with `claim` as the last member.
            let resolve = try await client.send("GET", "/v1/resolve?url=https%3A%2F%2Frecipes.example.com%2Frecipes%2Fsoup")
            #expect(first.body.starts(with: resolve.body.dropLast()))
            #expect(first.text.dropFirst(resolve.body.count - 1)
                == #","claim":{"link":"https://recipes.example.com/recipes/soup","redeemedAt":"2027-01-15T08:00:00Z","shortLink":null,"source":"code"}}"#)
            let retry = try await Self.redeem(client, url)
            #expect(retry.status == 200 && retry.body == first.body)
            let other = try await Self.redeem(client, url, install: Self.otherInstall)
            #expect(other.status == 409)
            #expect(other.headers["content-type"] == "application/problem+json")
            #expect(Self.json(other)["detail"] as? String
                == "Another install of the app redeemed this claim; a claim opens its link on one install only.")
            let unknown = try await Self.redeem(client, "ZZZZ-ZZZZ")
            #expect(unknown.status == 404)
            let malformed = try await Self.redeem(client, "ABCD-EFGU")
            #expect(malformed.status == 400)
            #expect(Self.json(malformed)["detail"] as? String
                == "'ABCD-EFGU' is not a claim code: a code is 8 characters of 0-9 and A-Z without U, like ABCD-EFGH.")
            let noInstall = try await Self.redeem(client, url, install: "my-phone")
            #expect(noInstall.status == 400)
            #expect((Self.json(noInstall)["detail"] as? String)?.hasPrefix("\"install\" must be a UUID") == true)
            let notJSON = try await client.send("POST", "/v1/claims/redeem", headers: ["Content-Type": "application/json"],
                                                body: Array("claim".utf8))
            #expect(notJSON.status == 400)
            let elsewhere = try await Self.redeem(client, url.replacingOccurrences(of: "recipes.example.com", with: "evil.example"))
            #expect(elsewhere.status == 400)
            let metrics = try await client.send("GET", "/metrics")
            #expect(metrics.text.contains("scenelink_claims_made_total 1\n"))
            // The retry counts under the source of the redemption it repeats.
            #expect(metrics.text.contains("scenelink_claims_redeemed_total{source=\"code\"} 2\n"))
            #expect(metrics.text.contains("scenelink_claims_redeemed_total{source=\"url\"} 0\n"))
            #expect(metrics.text.contains("scenelink_claims_refused_total{reason=\"other_install\"} 1\n"))
            #expect(metrics.text.contains("scenelink_claims_refused_total{reason=\"unknown\"} 1\n"))
            #expect(metrics.text.contains("scenelink_claims_refused_total{reason=\"malformed\"} 4\n"))
        }
    }

    @Test func aRedemptionSendsOneClaimRedeemedWithTheRouteThePageResolvedAndRetriesSendNone() async throws {
        let receiver = try WebhookReceiver()
        try await withService({ configuration in
            configuration.shortLinks.adminToken = WebhookEndpointsTests.token
            configuration.webhooks.allowPrivate = true
            configuration.webhooks.pollInterval = .milliseconds(20)
        }) { client, _, clock in
            // The worker sends what is due by the wall clock: bring the test's clock to it.
            clock.advance(by: Date().timeIntervalSince(clock.now))
            let registered = try await WebhookEndpointsTests.register(client, url: receiver.url, events: ["claim.redeemed"])
            let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            let url = try #require(Self.value(after: "data-copy=\"", in: page.text))
            let code = try #require(Self.value(after: "<strong id=\"claim-code\">", in: page.text))
            #expect(try await Self.redeem(client, url).status == 200)
            #expect(try await Self.redeem(client, code).status == 200)
            #expect(try await Self.redeem(client, url, install: Self.otherInstall).status == 409)
            let received = try await receiver.requests(count: 1)
            #expect(received.count == 1)
            let event = try #require(received.first)
            #expect(WebhookReceiver.verifies(event, secret: registered.secret))
            let body = (try? JSONSerialization.jsonObject(with: Data(event.body))) as? [String: Any] ?? [:]
            #expect(body["type"] as? String == "claim.redeemed")
            let data = body["data"] as? [String: Any] ?? [:]
            #expect(data["route"] as? String == "recipe")
            #expect(data["link"] as? String == "https://recipes.example.com/recipes/soup")
            #expect(data["source"] as? String == "url")
            #expect(data["redeemedAt"] as? String == body["timestamp"] as? String)
            #expect(Set(data.keys) == ["route", "link", "source", "redeemedAt"])
            // Every redemption has been answered, so anything more would be queued by now.
            let deliveries = try await WebhookEndpointsTests.deliveries(client, registered.id)
            #expect(deliveries.count == 1)
        }
        await receiver.stop()
    }

    @Test func theCodeExpiresAfterAnHourTheClaimAfterAWeekAndTheSweepDeletesIt() async throws {
        try await withService { client, application, clock in
            let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            let code = try #require(Self.value(after: "<strong id=\"claim-code\">", in: page.text))
            let url = try #require(Self.value(after: "data-copy=\"", in: page.text))
            clock.advance(by: 3_600)
            // The claim URL's page no longer shows a code that would not redeem.
            let late = try await client.send("GET", "/c/" + String(url.suffix(27)), headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(late.status == 200 && !late.text.contains("claim-code") && late.text.contains("Copy this link, then open the app:"))
            let lateCode = try await Self.redeem(client, code)
            #expect(lateCode.status == 410)
            #expect(Self.json(lateCode)["detail"] as? String == "This claim (or its short code) has expired; open the link again to get a new one.")
            clock.advance(by: 7 * 86_400)
            #expect(try await Self.redeem(client, url).status == 410)
            let gone = try await client.send("GET", "/c/" + String(url.suffix(27)), headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(gone.status == 410)
            #expect(await application.sweepExpiredClaims(now: ClaimEndpointsTests.start.addingTimeInterval(8 * 86_400)) == 1)
            #expect(try await Self.redeem(client, url).status == 404)
            let metrics = try await client.send("GET", "/metrics")
            #expect(metrics.text.contains("scenelink_claims_expired_total 2\n"))
        }
    }

    @Test func theClaimURLShowsTheLinkPageAgainWithTheSameClaim() async throws {
        try await withService { client, _, _ in
            let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            let url = try #require(Self.value(after: "data-copy=\"", in: page.text))
            let code = try #require(Self.value(after: "<strong id=\"claim-code\">", in: page.text))
            let path = "/c/" + String(url.suffix(27))
            let again = try await client.send("GET", path, headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(again.status == 200)
            #expect(again.text.contains("Enter this code in the app: <strong id=\"claim-code\">\(code)</strong>"))
            #expect(again.text.contains("Or copy this link for the app:"))
            #expect(again.headers["content-security-policy"] == page.headers["content-security-policy"])
            #expect(again.headers["cache-control"] == "private, no-store")
            #expect(again.text.contains("<title>Recipe soup · Recipes</title>"))
            #expect(Self.value(after: "data-copy=\"", in: again.text) == url)
            let json = try await client.send("GET", path, headers: ["Accept": "application/json"])
            #expect(json.status == 200 && Self.json(json)["route"] as? String == "recipe")
            #expect(try await client.send("GET", "/c/" + ClaimToken.random(id: 1).rawValue, headers: ["User-Agent": LinkPlatformTests.iPhone]).status == 404)
            #expect(try await client.send("GET", "/c/short").status == 404)
            // Looking does not redeem.
            #expect(try await Self.redeem(client, url).status == 200)
        }
    }

    @Test func theClaimURLsPageAndItsNoticesSpeakTheVisitorsLanguage() async throws {
        try await withService { client, _, _ in
            let japanese = ["User-Agent": LinkPlatformTests.iPhone, "Accept-Language": "ja-JP,ja;q=0.9"]
            let page = try await client.send("GET", "/recipes/soup", headers: japanese)
            let url = try #require(Self.value(after: "data-copy=\"", in: page.text))
            let again = try await client.send("GET", "/c/" + String(url.suffix(27)), headers: japanese)
            #expect(again.status == 200 && again.headers["content-language"] == "ja")
            // The code still redeems, so the page shows it again, in Japanese, with the link.
            #expect(again.text.contains(#"<html lang="ja">"#) && again.text.contains("アプリでこのコードを入力してください："))
            #expect(again.text.contains("<p>または、アプリ用にこのリンクをコピーしてください：</p>"))
            #expect(again.text.contains(">アプリ用のリンクをコピー</button>"))
            let unknown = try await client.send("GET", "/c/" + ClaimToken.random(id: 1).rawValue,
                                                headers: ["Accept-Language": "zh-TW"])
            #expect(unknown.status == 404 && unknown.headers["content-language"] == "zh-Hant")
            #expect(unknown.text.contains("<h1>此連結不存在</h1>"))
        }
    }

    @Test func aShortLinkFollowedOnAPhoneCarriesAClaimForItsTarget() async throws {
        let token = "NeqawAC87SD3cfssckjEPbpGZg9J8_P9hcOxf9At0S8"
        try await withService({ $0.shortLinks.adminToken = token }) { client, _, _ in
            let created = try await client.send("POST", "/v1/short-links",
                                                headers: ["Authorization": "Bearer " + token, "Content-Type": "application/json"],
                                                body: Array(#"{"link": "https://recipes.example.com/recipes/soup", "alias": "soup"}"#.utf8))
            #expect(created.status == 201)
            let page = try await client.send("GET", "/s/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(page.status == 200)
            #expect(page.headers["cache-control"] == "private, no-store")
            let url = try #require(Self.value(after: "data-copy=\"", in: page.text))
            let redeemed = try await Self.redeem(client, url)
            #expect((Self.json(redeemed)["claim"] as? [String: Any])?["link"] as? String == "https://recipes.example.com/recipes/soup")
            let desktop = try await client.send("GET", "/s/soup", headers: ["User-Agent": LinkPlatformTests.desktop])
            #expect(desktop.headers["cache-control"] == "no-store")
        }
    }

    /// A budget for claim pages: per client, or for the whole instance.
    enum ClaimPageBudget: String, CaseIterable, Sendable {
        case perClient, instance

        var limits: RateLimits {
            let two = RateLimitPolicy(count: 2, periodSeconds: 3_600)
            return switch self {
            case .perClient: RateLimits(policies: [.claimPages: two], instancePolicies: [:])
            case .instance: RateLimits(policies: [:], instancePolicies: [.claimPages: two])
            }
        }

        /// The sample that counts the page served without a claim.
        var refusal: String {
            switch self {
            case .perClient: "scenelink_rate_limited_total{class=\"claim-pages\"} 1\n"
            case .instance: "scenelink_instance_limited_total{class=\"claim-pages\"} 1\n"
            }
        }
    }

    @Test(arguments: ClaimPageBudget.allCases)
    func pastItsClaimPagesBudgetAPhoneGetsThePageWithoutAClaimAndItIsCounted(budget: ClaimPageBudget) async throws {
        try await withService({ $0.rateLimits = budget.limits }) { client, _, _ in
            for _ in 0..<2 {
                let page = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
                #expect(page.status == 200 && Self.value(after: "data-copy=\"", in: page.text) != nil)
            }
            let third = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(third.status == 200)
            #expect(third.text.contains("<title>Recipe soup · Recipes</title>"))
            #expect(Self.value(after: "data-copy=\"", in: third.text) == nil)
            #expect(!third.text.contains("claim-code"))
            let metrics = try await client.send("GET", "/metrics")
            #expect(metrics.text.contains("scenelink_claims_made_total 2\n"))
            #expect(metrics.text.contains(budget.refusal))
            // The other scope is off, so nothing else is counted.
            let other = budget == .instance ? "scenelink_rate_limited_total" : "scenelink_instance_limited_total"
            #expect(!metrics.text.contains(other))
        }
    }

    @Test func redemptionIsRateLimitedPerClient() async throws {
        try await withService({ $0.rateLimits = RateLimits(policies: [.claims: RateLimitPolicy(count: 2, periodSeconds: 3_600)]) }) { client, _, _ in
            #expect(try await Self.redeem(client, "ZZZZ-ZZZZ").status == 404)
            #expect(try await Self.redeem(client, "ZZZZ-ZZZZ").status == 404)
            let limited = try await Self.redeem(client, "ZZZZ-ZZZZ")
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] != nil)
        }
    }
}
