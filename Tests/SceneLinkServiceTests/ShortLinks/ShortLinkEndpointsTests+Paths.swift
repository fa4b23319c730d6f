import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Short links at the root (`--short-link-prefix /`, as Firebase Dynamic Links' custom domains
/// had them) and under another prefix.
extension ShortLinkEndpointsTests {
    static func withPath(_ path: ShortLinkPath, database: String = ":memory:",
                         _ body: (LoopbackClient) async throws -> Void) async throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = database
        configuration.accessLog = false
        configuration.shortLinks.adminToken = Self.token
        configuration.shortLinks.path = path
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        let client = LoopbackClient(port: try application.start(handlingSignals: false))
        do {
            try await body(client)
        } catch {
            await SceneLinkApplicationTests.stop(application)
            throw error
        }
        await SceneLinkApplicationTests.stop(application)
    }

    @Test func atTheRootACodeIsFollowedBesideTheRoutesAndNeverTakesARoutesPath() async throws {
        try await Self.withPath(.root) { client in
            let created = try await Self.create(client, #"{"link": "fuelmoney://settings/account", "alias": "Ab3x", "preview": {"title": "Root card"}}"#)
            #expect(created.status == 201)
            #expect(try JSONParser.parse(created.body)["url"] == .string("https://fuelmoney.example.com/Ab3x"))
            let slack = try await client.send("GET", "/Ab3x", headers: Self.browser.merging(["User-Agent": Self.slack]) { a, _ in a })
            #expect(slack.status == 200)
            #expect(slack.text.contains(#"content="Root card""#))
            // Case-exact, and a route's page is still the route's.
            #expect(try await client.send("GET", "/ab3x", headers: Self.browser).status == 404)
            let page = try await client.send("GET", "/settings", headers: Self.browser.merging(["User-Agent": Self.desktop]) { a, _ in a })
            #expect(page.status == 200)
            #expect(!page.text.contains("Root card"))
            #expect(try await client.send("GET", "/s/Ab3x", headers: Self.browser).status == 404)
            let json = try await client.send("GET", "/Ab3x", headers: Self.json)
            #expect(try JSONParser.parse(json.body)["route"] == .string("settings.account"))
            let resolved = try await client.send("GET", "/v1/resolve?url=https%3A%2F%2Ffuelmoney.example.com%2FAb3x&format=navigationPath")
            #expect(resolved.text == #"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#)

            let route = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "settings"}"#)
            #expect(route.status == 409)
            #expect(try JSONParser.parse(route.body)["detail"]?.stringValue == "Short links live at the root, and /settings is the path of the route settings; pick another alias.")
        }
    }

    @Test func underAnotherPrefixCodesLiveThereOnly() async throws {
        try await Self.withPath(.segment("promo")) { client in
            _ = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "spring"}"#)
            #expect(try await client.send("GET", "/promo/spring", headers: Self.json).status == 200)
            #expect(try await client.send("GET", "/s/spring", headers: Self.json).status == 404)
        }
    }

    @Test func theServerWillNotStartWhereARouteWouldHideShortLinks() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-root-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        // A link made under /s/ whose code is a route's path: fine there, hidden at the root.
        try await Self.withPath(.standard, database: file) { client in
            let made = try await Self.create(client, #"{"link": "fuelmoney://settings", "alias": "explain"}"#)
            #expect(made.status == 201)
        }
        var configuration = ServiceConfiguration()
        configuration.databasePath = file
        configuration.shortLinks.path = .root
        let hidden = StartupError(StoredLinks.shadowSentence([(try ShortCode("explain"), "explain")]), isConfigurationError: true)
        #expect(throws: hidden) {
            try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        }
        configuration.shortLinks.path = .segment("settings")
        #expect(throws: StartupError.self) { try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in }) }
    }
}
