import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Short links to web pages on the sites `--link-domains` allows: a redirect for people, a card
/// for previewers, never a redirect anywhere else.
extension ShortLinkEndpointsTests {
    @Test(arguments: Store.all)
    func aLinkToAnAllowedWebPageRedirectsPeopleAndShowsPreviewersACard(store: Store) async throws {
        try await Self.withService(store: store, linkDomains: try LinkDomains(parsing: "*.example.org")) { client, _ in
            let created = try await Self.create(client, #"""
                {"link": "https://www.example.org/landing?ref=1", "alias": "land", "title": "Landing",
                 "campaign": {"utm_source": "mail"}}
                """#)
            #expect(created.status == 201)
            let person = try await Self.visit(client, "land", as: Self.iPhone)
            #expect(person.status == 302)
            #expect(person.headers["location"] == "https://www.example.org/landing?ref=1&utm_source=mail")
            let slack = try await Self.visit(client, "land", as: Self.slack)
            #expect(slack.status == 200)
            #expect(slack.text.contains(#"<meta property="og:title" content="Landing">"#))
            #expect(slack.text.contains(#"<meta property="og:url" content="https://www.example.org/landing?ref=1&amp;utm_source=mail">"#))
            let json = try await client.send("GET", "/s/land", headers: Self.json)
            #expect(try JSONParser.parse(json.body)["web"] == .string("https://www.example.org/landing?ref=1&utm_source=mail"))
            let resolve = try await client.send("GET", "/v1/resolve?url=https%3A%2F%2Ffuelmoney.example.com%2Fs%2Fland")
            #expect(resolve.status == 404)
            #expect(try JSONParser.parse(resolve.body)["type"] == .string("https://scenelink.dev/problems/web-destination"))
        }
    }

    @Test func aWebPageOffTheListIsRefusedNamingTheListAndNeverFollowed() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-web-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = file
        configuration.accessLog = false
        configuration.shortLinks.adminToken = Self.token
        configuration.shortLinks.linkDomains = try LinkDomains(parsing: "example.org")
        for allowed in [true, false] {
            if !allowed { configuration.shortLinks.linkDomains = .none }
            let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
            let client = LoopbackClient(port: try application.start(handlingSignals: false))
            if allowed {
                #expect(try await Self.create(client, #"{"link": "https://example.org/a", "alias": "web"}"#).status == 201)
                let refused = try await Self.create(client, #"{"link": "https://evil.example/a"}"#)
                #expect(refused.status == 422)
                let problem = try JSONParser.parse(refused.body)
                #expect(problem["type"] == .string("https://scenelink.dev/problems/web-destination-not-allowed"))
                #expect(problem["detail"]?.stringValue?.contains("example.org (--link-domains)") == true)
                #expect(try await Self.create(client, #"{"link": "http://example.org/a"}"#).status == 422)
            } else {
                // The site was taken off the list: the stored link is a 404 page, never a redirect.
                let followed = try await Self.visit(client, "web", as: Self.desktop)
                #expect(followed.status == 404)
                #expect(followed.headers["location"] == nil)
            }
            await SceneLinkApplicationTests.stop(application)
        }
    }
}
