import Foundation
import SceneLinkCore
import SceneLinkText
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Short links over a real socket: a service on port 0 with SQLite `:memory:` (and, for the tests
/// that store links, PostgreSQL when `SCENELINK_TEST_POSTGRES` is set) and a clock the tests move by hand.
@Suite struct ShortLinkEndpointsTests {
    /// The stores the application may keep short links in. PostgreSQL gets a schema of its own
    /// in the test database (left there: the database is a throwaway), and is left out of the
    /// arguments without `SCENELINK_TEST_POSTGRES`.
    enum Store: String, Sendable, CustomTestStringConvertible {
        case sqlite
        case postgres

        static var all: [Store] { [.sqlite] + (EndpointStore.postgresURL == nil ? [] : [.postgres]) }

        var testDescription: String { rawValue }

        func configure(_ configuration: inout ServiceConfiguration) throws {
            switch self {
            case .sqlite:
                configuration.databasePath = ":memory:"
            case .postgres:
                let url = try #require(EndpointStore.postgresURL)
                configuration.storeURL = url
                configuration.postgres.connectionCount = 2
                configuration.postgres.schema = "short_links_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            }
        }
    }

    static let token = "5QOGJ0oYVpW2xXjwSG-c2_iLCKJR1rEOhoMn9krFfHY"
    static let admin = ["Authorization": "Bearer \(token)"]
    static let json = ["Accept": "application/json"]
    static let browser = ["Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// "Now" for the service, moved by the test.
    final class Clock: Sendable {
        private let now = Mutex(ShortLinkEndpointsTests.start)
        var clock: SceneStateClock { SceneStateClock { self.now.withLock { $0 } } }
        func advance(by seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static func withService(store: Store = .sqlite, adminToken: String? = token, routes: String? = nil, clock: Clock = Clock(),
                            linkDomains: LinkDomains = .none,
                            _ body: (LoopbackClient, SceneLinkApplication) async throws -> Void) async throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        try store.configure(&configuration)
        configuration.accessLog = false
        configuration.shortLinks.adminToken = adminToken
        configuration.shortLinks.linkDomains = linkDomains
        configuration.routesPath = routes
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in },
                                                   clock: clock.clock)
        let port = try application.start(handlingSignals: false)
        do {
            try await body(LoopbackClient(port: port), application)
        } catch {
            await SceneLinkApplicationTests.stop(application)
            throw error
        }
        await SceneLinkApplicationTests.stop(application)
    }

    /// A route file written to a temporary file for one test.
    static func withRouteFile(_ text: String, _ body: (String) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-short-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(text.utf8).write(to: file)
        try await body(file.path)
    }

    static func create(_ client: LoopbackClient, _ body: String, headers: [String: String] = admin) async throws -> LoopbackClient.Response {
        try await client.send("POST", "/v1/short-links", headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
                              body: Array(body.utf8))
    }

    static func document(_ response: LoopbackClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func problemType(_ response: LoopbackClient.Response) -> String? {
        (try? document(response))?["type"].flatMap { $0 as? String }?.replacingOccurrences(of: "https://scenelink.dev/problems/", with: "")
    }

    /// The listing's links once `settled` holds for them (at most 5 s): a click is answered
    /// before its count is committed, and on PostgreSQL a later read may come first.
    static func listedLinks(_ client: LoopbackClient, until settled: ([[String: Any]]) -> Bool) async throws -> [[String: Any]] {
        var links: [[String: Any]] = []
        for _ in 0..<500 {
            let listed = try await client.send("GET", "/v1/short-links", headers: admin)
            #expect(listed.status == 200)
            links = try #require(try document(listed)["shortLinks"] as? [[String: Any]])
            if settled(links) { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        return links
    }

    static func encoded(_ link: String) -> String {
        link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link
    }

    @Test(arguments: Store.all)
    func aShortLinkIsCreatedFollowedListedAndDeleted(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            let created = try await Self.create(client, #"{"link": "fuelmoney://settings/account"}"#)
            #expect(created.status == 201)
            let doc = try Self.document(created)
            let code = try #require(doc["code"] as? String)
            #expect(code.utf8.count == 12)
            #expect(doc["url"] as? String == "https://fuelmoney.example.com/s/\(code)")
            #expect(created.headers["location"] == "https://fuelmoney.example.com/s/\(code)")
            #expect(doc["link"] as? String == "fuelmoney://settings/account")
            #expect(doc["expiresAt"] is NSNull)
            #expect(created.headers["cache-control"] == "no-store")

            // A JSON client gets the target's resolve document.
            let followed = try await client.send("GET", "/s/\(code)", headers: Self.json)
            let direct = try await client.send("GET", "/v1/resolve?url=\(Self.encoded("fuelmoney://settings/account"))")
            #expect(followed.status == 200)
            #expect(followed.headers["content-type"] == "application/json")
            #expect(followed.body == direct.body)

            // A browser gets the target's link page, never cached (each click counts).
            let page = try await client.send("GET", "/s/\(code)", headers: Self.browser)
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.headers["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
            #expect(page.headers["x-content-type-options"] == "nosniff")
            #expect(page.headers["referrer-policy"] == "no-referrer")
            #expect(page.headers["cache-control"] == "no-store")
            #expect(page.text.contains(#"<a href="fuelmoney://settings/account" class="open" id="open">Open in the app</a>"#))
            #expect(page.text.contains(#"<link rel="canonical" href="https://fuelmoney.example.com/settings/account">"#))
            // No Accept at all is a browser too; HEAD counts no click.
            #expect(try await client.send("GET", "/s/\(code)").headers["content-type"] == "text/html; charset=utf-8")
            #expect(try await client.send("HEAD", "/s/\(code)").status == 200)

            let links = try await Self.listedLinks(client) { $0.first?["clicks"] as? Int == 3 }
            #expect(links.count == 1)
            #expect(links.first?["code"] as? String == code)
            #expect(links.first?["clicks"] as? Int == 3)
            #expect(links.first?["expired"] as? Bool == false)
            // Each listed link says where its QR code is, and the code is served there.
            let qr = try #require(links.first?["qr"] as? String)
            #expect(qr == "/v1/qr?url=https%3A%2F%2Ffuelmoney.example.com%2Fs%2F\(code)")
            let svg = try await client.send("GET", qr)
            #expect(svg.status == 200 && svg.headers["content-type"] == "image/svg+xml")
            #expect(svg.text == (try QRCode(encoding: "https://fuelmoney.example.com/s/\(code)").svg()))

            #expect(try await client.send("DELETE", "/v1/short-links/\(code)", headers: Self.admin).status == 204)
            let gone = try await client.send("GET", "/s/\(code)", headers: Self.json)
            #expect(gone.status == 404)
            #expect(Self.problemType(gone) == "short-link-not-found")
            let gonePage = try await client.send("GET", "/s/\(code)", headers: Self.browser)
            #expect(gonePage.status == 404)
            #expect(gonePage.headers["content-type"] == "text/html; charset=utf-8")
            #expect(try await client.send("DELETE", "/v1/short-links/\(code)", headers: Self.admin).status == 404)
        }
    }

    @Test func withoutAConfiguredTokenTheAdminRoutesAreOffAndSayHowToTurnThemOn() async throws {
        try await Self.withService(adminToken: nil) { client, _ in
            for (method, path) in [("POST", "/v1/short-links"), ("GET", "/v1/short-links"), ("DELETE", "/v1/short-links/abc")] {
                let response = try await client.send(method, path, headers: Self.admin, body: Array(#"{"link":"fuelmoney://"}"#.utf8))
                #expect(response.status == 403)
                #expect(Self.problemType(response) == "admin-disabled")
                #expect((try Self.document(response)["detail"] as? String)?.contains("--admin-token") == true)
            }
            // Following needs no token.
            #expect(try await client.send("GET", "/s/abc", headers: Self.json).status == 404)
        }
    }

    @Test func aMissingOrWrongTokenIs401() async throws {
        try await Self.withService { client, _ in
            let body = #"{"link": "fuelmoney://settings"}"#
            let missing = try await Self.create(client, body, headers: [:])
            #expect(missing.status == 401)
            #expect(missing.headers["www-authenticate"] == "Bearer realm=\"scenelink-admin\"")
            for header in ["Bearer wrong-token-0123456789", "Bearer \(Self.token)x", "Basic abc", "Bearer",
                           "Bearer \(String(Self.token.dropLast()))"] {
                let refused = try await Self.create(client, body, headers: ["Authorization": header])
                #expect(refused.status == 401, "\(header)")
                #expect(Self.problemType(refused) == "admin-unauthorized")
            }
            #expect(try await client.send("GET", "/v1/short-links", headers: ["Authorization": "Bearer nope"]).status == 401)
            #expect(try await client.send("DELETE", "/v1/short-links/x", headers: [:]).status == 401)
            // The scheme is case-insensitive (RFC 6750 §2.1).
            #expect(try await Self.create(client, body, headers: ["Authorization": "bearer \(Self.token)"]).status == 201)
        }
    }

    @Test(arguments: Store.all)
    func anAliasIsValidatedAndATakenOneIs409(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            let first = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "spring-sale"}"#)
            #expect(first.status == 201)
            #expect(try Self.document(first)["url"] as? String == "https://fuelmoney.example.com/s/spring-sale")
            let again = try await Self.create(client, #"{"link": "fuelmoney://information", "alias": "spring-sale"}"#)
            #expect(again.status == 409)
            #expect(Self.problemType(again) == "short-link-exists")
            let badCharacter = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "a b"}"#)
            #expect(badCharacter.status == 400)
            #expect(try Self.document(badCharacter)["detail"] as? String == "The alias contains the character U+20; use only A-Z a-z 0-9 - _.")
            let long = String(repeating: "a", count: 65)
            let tooLong = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "\#(long)"}"#)
            #expect(tooLong.status == 400)
            #expect(Self.problemType(tooLong) == "invalid-alias")
            // The alias still serves its first target.
            let followed = try await client.send("GET", "/s/spring-sale", headers: Self.json)
            #expect(try Self.document(followed)["route"] as? String == "explain")
        }
    }

    @Test func aTargetThatDoesNotResolveIs422WithTheClosestRoutes() async throws {
        try await Self.withService { client, _ in
            let typo = try await Self.create(client, #"{"link": "fuelmoney://settings/acount"}"#)
            #expect(typo.status == 422)
            #expect(Self.problemType(typo) == "no-route")
            #expect((try Self.document(typo)["closest"] as? [String])?.first == "/settings/account")
            let otherScheme = try await Self.create(client, #"{"link": "other://settings"}"#)
            #expect(otherScheme.status == 422)
            #expect(Self.problemType(otherScheme) == "unknown-scheme")
            let chained = try await Self.create(client, #"{"link": "https://fuelmoney.example.com/s/abc"}"#)
            #expect(chained.status == 422)
            #expect(Self.problemType(chained) == "target-is-short-link")
        }
    }

    @Test("malformed bodies are 400 with a sentence saying what to fix", arguments: [
        ("not json", "The body is not JSON"),
        (#"["fuelmoney://"]"#, "The body must be a JSON object"),
        (#"{}"#, "The body needs \"link\""),
        (#"{"link": 3}"#, "\"link\" must be a non-empty string"),
        (#"{"link": "fuelmoney://", "alais": "x"}"#, "The body has the member \"alais\""),
        (#"{"link": "fuelmoney://", "expiresAt": "tomorrow"}"#, "\"expiresAt\" must be an RFC 3339 instant"),
        (#"{"link": "fuelmoney://", "alias": 7}"#, "\"alias\" must be a string"),
    ])
    func malformedBodies(body: String, detail: String) async throws {
        try await Self.withService { client, _ in
            let response = try await Self.create(client, body)
            #expect(response.status == 400)
            #expect((try Self.document(response)["detail"] as? String)?.hasPrefix(detail) == true)
        }
    }

    @Test(arguments: Store.all)
    func anExpiredLinkIs410AndExpiryMustBeInTheFuture(store: Store) async throws {
        let clock = Clock()
        try await Self.withService(store: store, clock: clock) { client, application in
            let past = try await Self.create(client, #"{"link": "fuelmoney://explain", "expiresAt": "2020-01-01T00:00:00Z"}"#)
            #expect(past.status == 422)
            #expect(Self.problemType(past) == "expiry-in-past")

            let created = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "soon", "expiresAt": "2027-01-15T08:01:00+00:00"}"#)
            #expect(created.status == 201)
            #expect(try Self.document(created)["expiresAt"] as? String == "2027-01-15T08:01:00Z")
            #expect(try await client.send("GET", "/s/soon", headers: Self.json).status == 200)

            clock.advance(by: 60)  // 2027-01-15T08:01:00Z, the expiry instant: expired from it on
            let expired = try await client.send("GET", "/s/soon", headers: Self.json)
            #expect(expired.status == 410)
            #expect(Self.problemType(expired) == "short-link-expired")
            #expect(try Self.document(expired)["expiredAt"] as? String == "2027-01-15T08:01:00Z")
            let page = try await client.send("GET", "/s/soon", headers: Self.browser)
            #expect(page.status == 410)
            #expect(page.text.contains("This link has expired"))
            let through = try await client.send("GET", "/v1/resolve?url=\(Self.encoded("https://fuelmoney.example.com/s/soon"))")
            #expect(through.status == 410)

            let link = try #require(try await Self.listedLinks(client) { $0.first?["clicks"] as? Int == 1 }.first)
            #expect(link["expired"] as? Bool == true)
            #expect(link["clicks"] as? Int == 1)

            #expect(try await client.send("GET", "/s/nothing-here", headers: Self.json).status == 404)
            let metrics = try await client.send("GET", "/metrics")
            #expect(metrics.text.contains(#"scenelink_short_link_clicks_total{outcome="served"} 1"#))
            #expect(metrics.text.contains(#"scenelink_short_link_clicks_total{outcome="expired"} 3"#))
            #expect(metrics.text.contains(#"scenelink_short_link_clicks_total{outcome="unknown"} 1"#))

            // Kept (410) for the retention period, then swept (404).
            #expect(await application.sweepExpiredShortLinks(now: clock.clock.now()) == 0)
            #expect(await application.sweepExpiredShortLinks(now: clock.clock.now().addingTimeInterval(31 * 86_400)) == 1)
            #expect(try await client.send("GET", "/s/soon", headers: Self.json).status == 404)
        }
    }

    @Test(arguments: Store.all)
    func resolveFollowsAShortLinkOnTheAppsHost(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            _ = try await Self.create(client, #"{"link": "fuelmoney://settings/account", "alias": "acct"}"#)
            let through = try await client.send(
                "GET", "/v1/resolve?url=\(Self.encoded("https://FuelMoney.example.com/s/acct?utm_source=mail"))&format=navigationPath")
            #expect(through.status == 200)
            #expect(through.text == #"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#)
            // The default port is the same link, as it is for a route's link.
            let withPort = try await client.send(
                "GET", "/v1/resolve?url=\(Self.encoded("https://fuelmoney.example.com:443/s/acct"))&format=navigationPath")
            #expect(withPort.status == 200)
            #expect(withPort.text == through.text)
            let unknown = try await client.send("GET", "/v1/resolve?url=\(Self.encoded("https://fuelmoney.example.com/s/nope"))")
            #expect(unknown.status == 404)
            #expect(Self.problemType(unknown) == "short-link-not-found")
            let badFormat = try await client.send("GET", "/v1/resolve?url=\(Self.encoded("https://fuelmoney.example.com/s/acct"))&format=x")
            #expect(badFormat.status == 400)
            let links = try await Self.listedLinks(client) { $0.first?["clicks"] as? Int == 2 }
            #expect(links.first?["clicks"] as? Int == 2)
        }
    }

    @Test func hostileValuesInATargetAppearOnlyAsEscapedText() async throws {
        let routes = try String(contentsOf: SceneLinkApplicationTests.repositoryRoot.appendingPathComponent("examples/kitchen-sink.json"),
                                encoding: .utf8)
        try await Self.withRouteFile(routes) { path in
            try await Self.withService(routes: path) { client, _ in
                let hostile = #"kitchensink://search?q="><script>alert(1)</script>'&tab=home"#
                let created = try await Self.create(client, "{\"link\": \(JSONEscaping.quote(hostile)), \"alias\": \"x\"}")
                #expect(created.status == 201, "\(created.text)")
                let page = try await client.send("GET", "/s/x", headers: Self.browser)
                #expect(page.status == 200)
                #expect(!page.text.contains("<script"))
                #expect(!page.text.contains(#""><script>"#))
                // The value reaches the page only inside its canonical links, percent-encoded, with
                // what stays (`'`, `&`) escaped for the attribute.
                #expect(page.text.contains(#"href="kitchensink://search?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&#39;&amp;tab=home""#))
                #expect(page.text.contains("<title>KitchenSink</title>"))
            }
        }
    }

    @Test func anAppWithoutAnHTTPSHostCannotMakeShortLinks() async throws {
        let routes = #"{"app": {"name": "NoHost", "schemes": ["nohost"]}, "types": {}, "routes": [{"name": "a", "path": "/a"}]}"#
        try await Self.withRouteFile(routes) { path in
            try await Self.withService(routes: path) { client, _ in
                let response = try await Self.create(client, #"{"link": "nohost://a"}"#)
                #expect(response.status == 409)
                #expect(Self.problemType(response) == "no-https-host")
                #expect((try Self.document(response)["detail"] as? String)?.contains("app.hosts") == true)
            }
        }
    }

    @Test(arguments: Store.all)
    func theListingPagesWithACursor(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            for alias in ["one", "two", "three"] {
                #expect(try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "\#(alias)"}"#).status == 201)
            }
            let first = try Self.document(try await client.send("GET", "/v1/short-links?limit=2", headers: Self.admin))
            #expect((first["shortLinks"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["one", "two"])
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try Self.document(try await client.send("GET", "/v1/short-links?limit=2&cursor=\(cursor)", headers: Self.admin))
            #expect((second["shortLinks"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["three"])
            #expect(second["nextCursor"] is NSNull)
            #expect(try await client.send("GET", "/v1/short-links?limit=0", headers: Self.admin).status == 400)
            #expect(try await client.send("GET", "/v1/short-links?limit=501", headers: Self.admin).status == 400)
            #expect(try await client.send("GET", "/v1/short-links?cursor=-1", headers: Self.admin).status == 400)
        }
    }
}
