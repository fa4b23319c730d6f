import Foundation
import SceneLinkClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Deferred deep links through the client: a phone's link page makes a claim, the app redeems it.
@Suite("SceneLinkClient redeems claims against a live server")
struct SceneLinkClientClaimsTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"

    /// The link page of `path` as a phone's browser gets it.
    static func page(_ server: LiveServer, _ path: String, userAgent: String) async throws -> String {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("text/html", forHTTPHeaderField: "Accept")
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self)
    }

    static func value(after prefix: String, in html: String) throws -> String {
        let range = try #require(html.range(of: prefix))
        return String(html[range.upperBound...].prefix { $0 != "\"" && $0 != "<" && $0 != "&" })
    }

    @Test func aTypedCodeAndAPastedURLRedeemTheLinkOnceForOneInstall() async throws {
        try await LiveServer.with { server in
            let html = try await Self.page(server, "/settings/account", userAgent: Self.iPhone)
            let code = try Self.value(after: "<strong id=\"claim-code\">", in: html)
            let url = try #require(URL(string: try Self.value(after: "data-copy=\"", in: html)))
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            let install = UUID()
            let claimed = try await client.redeemClaim(code: code.lowercased(), install: install)
            #expect(claimed.source == .code)
            #expect(claimed.resolution.route == "settings.account")
            #expect(!claimed.resolution.navigationPath.isEmpty)
            // A retry (the answer was lost) gets the same answer, by code or by URL.
            #expect(try await client.redeemClaim(url: url, install: install) == claimed)
            let error = await #expect(throws: SceneLinkError.self) { try await client.redeemClaim(url: url, install: UUID()) }
            guard case .problem(let problem)? = error else {
                Issue.record("expected a problem, got \(String(describing: error))")
                return
            }
            #expect(problem.status == 409)
            #expect(problem.slug == "claim-redeemed")
        }
    }

    @Test func aPlayReferrerRedeemsWithTheReferrerSource() async throws {
        try await LiveServer.with { server in
            let html = try await Self.page(server, "/settings/account", userAgent: Self.android)
            let token = try Self.value(after: "referrer=scenelink_claim%3D", in: html)
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            let claimed = try await client.redeemClaim(playReferrer: "utm_source=google-play&scenelink_claim=" + token,
                                                       install: UUID())
            #expect(claimed.source == .referrer)
            #expect(claimed.resolution.route == "settings.account")
        }
    }

    @Test func nothingThereIsANotFoundOrBadRequestProblemTheAppCanShow() async throws {
        try await LiveServer.with { server in
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            let unknown = await #expect(throws: SceneLinkError.self) { try await client.redeemClaim(code: "ZZZZ-ZZZZ", install: UUID()) }
            guard case .problem(let notFound)? = unknown else {
                Issue.record("expected a problem")
                return
            }
            #expect(notFound.status == 404 && notFound.slug == "claim-not-found")
            let typo = await #expect(throws: SceneLinkError.self) { try await client.redeemClaim(code: "ZZZZ-ZZZ", install: UUID()) }
            guard case .problem(let bad)? = typo else {
                Issue.record("expected a problem")
                return
            }
            #expect(bad.status == 400)
            #expect(bad.detail == "'ZZZZ-ZZZ' is not a claim code: a code is 8 characters of 0-9 and A-Z without U, like ABCD-EFGH.")
        }
    }
}
