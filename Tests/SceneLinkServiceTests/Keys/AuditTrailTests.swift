import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The audit log over a real socket: every change through the admin API is one entry naming its
/// caller, readable at `GET /v1/audit`, and no entry holds a secret.
@Suite struct AuditTrailTests {
    typealias Service = ShortLinkEndpointsTests
    typealias Keys = APIKeyEndpointsTests

    static func entries(_ client: LoopbackClient, _ query: String = "", headers: [String: String] = Service.admin) async throws
        -> (response: LoopbackClient.Response, entries: [JSONValue]) {
        let response = try await client.send("GET", "/v1/audit" + query, headers: headers)
        #expect(response.status == 200, "\(response.text)")
        return (response, try JSONParser.parse(response.body)["entries"]?.arrayValue ?? [])
    }

    /// The service with webhooks allowed to any https host (no name is looked up), as in `WebhookEndpointsTests`.
    static func withService(_ body: (LoopbackClient) async throws -> Void) async throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configuration.shortLinks.adminToken = Service.token
        configuration.webhooks.allowPrivate = true
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        let port = try application.start(handlingSignals: false)
        do {
            try await body(LoopbackClient(port: port))
        } catch {
            await SceneLinkApplicationTests.stop(application)
            throw error
        }
        await SceneLinkApplicationTests.stop(application)
    }

    @Test func everyChangeIsOneEntryNamingItsCallerAndNoEntryHoldsASecret() async throws {
        try await Self.withService { client in
            let key = try await Keys.makeKey(client, name: "marketing", scopes: ["links:write", "audit:read"])
            let created = try await Service.create(client, #"{"link": "fuelmoney://settings/account", "alias": "spring"}"#,
                                                   headers: Keys.bearer(key.text))
            #expect(created.status == 201)
            // A listing changes nothing: no entry.
            #expect(try await client.send("GET", "/v1/short-links", headers: Service.admin).status == 200)
            #expect(try await client.send("DELETE", "/v1/short-links/spring", headers: Service.admin).status == 204)
            let webhook = try await client.send("POST", "/v1/webhooks", headers: Keys.admin,
                                                body: Array(#"{"url":"https://crm.example.com/hook","events":["short_link.created"]}"#.utf8))
            #expect(webhook.status == 201)
            let hook = try JSONParser.parse(webhook.body)
            let id = try #require(hook["id"]?.stringValue)
            let firstSecret = try #require(hook["secret"]?.stringValue)
            let rotated = try await client.send("POST", "/v1/webhooks/\(id)/rotate-secret", headers: Service.admin)
            #expect(rotated.status == 200)
            let secondSecret = try #require(try JSONParser.parse(rotated.body)["secret"]?.stringValue)
            #expect(try await client.send("DELETE", "/v1/webhooks/\(id)", headers: Service.admin).status == 204)
            let purged = try await client.send("DELETE", "/v1/analytics?scope=link:spring", headers: Service.admin)
            #expect(purged.status == 200)
            #expect(try await client.send("DELETE", "/v1/keys/\(key.id)", headers: Service.admin).status == 204)

            let (response, entries) = try await Self.entries(client)
            let actions = entries.compactMap { $0["action"]?.stringValue }
            #expect(actions == ["api_key.revoked", "analytics.purged", "webhook.deleted", "webhook.secret_rotated", "webhook.created",
                                "short_link.deleted", "short_link.created", "api_key.created"])
            let actors = entries.compactMap { $0["actor"]?.stringValue }
            #expect(actors[6] == "key:marketing(\(key.id))")
            #expect(Set(actors.filter { $0 != actors[6] }) == ["admin-token"])
            #expect(entries[6]["subject"]?.stringValue == "link:spring")
            #expect(entries[6]["detail"]?["link"]?.stringValue == "fuelmoney://settings/account")
            #expect(entries[4]["subject"]?.stringValue == "webhook:\(id)")
            // The key's secret is everything after `slk_ID_` (it may itself hold `_`).
            let keySecret = try #require(APIKeyToken(parsing: key.text)).secret
            for secret in [key.text, keySecret, firstSecret, secondSecret, Service.token] {
                #expect(!response.text.contains(secret), "an audit entry holds a secret")
            }
        }
    }

    @Test func aChangeOfALinkAndEachLinkOfAnImportAreEntriesToo() async throws {
        try await Self.withService { client in
            #expect(try await Service.create(client, #"{"link": "fuelmoney://settings/account", "alias": "spring"}"#).status == 201)
            let patched = try await client.send("PATCH", "/v1/short-links/spring",
                                                headers: Service.admin.merging(["Content-Type": "application/merge-patch+json"]) { $1 },
                                                body: Array(#"{"title": "Spring sale", "tags": ["spring", "sale"], "expiresAt": null}"#.utf8))
            #expect(patched.status == 200, "\(patched.text)")
            let csv = "link,alias\r\nfuelmoney://settings/account,imported1\r\nfuelmoney://nowhere,bad\r\nfuelmoney://settings/account,imported2\r\n"
            let imported = try await client.send("POST", "/v1/short-links/import",
                                                 headers: Service.admin.merging(["Content-Type": "text/csv"]) { $1 }, body: Array(csv.utf8))
            #expect(imported.status == 200, "\(imported.text)")
            let (_, entries) = try await Self.entries(client)
            let made = entries.filter { $0["action"]?.stringValue == "short_link.created" && $0["detail"]?["via"]?.stringValue == "import" }
            #expect(Set(made.compactMap { $0["subject"]?.stringValue }) == ["link:imported1", "link:imported2"])
            let update = try #require(entries.first { $0["action"]?.stringValue == "short_link.updated" })
            #expect(update["subject"]?.stringValue == "link:spring")
            #expect(update["detail"]?["title"]?.stringValue == "Spring sale")
            #expect(update["detail"]?["tags"]?.stringValue == "sale spring")
            #expect(update["detail"]?["expiresAt"]?.stringValue == "none")
            #expect(update["detail"]?["link"] == nil)
        }
    }

    @Test func theLogIsPagedFilteredAndReadableWithAuditRead() async throws {
        try await Service.withService { client, _ in
            for alias in ["a1", "a2", "a3"] {
                #expect(try await Service.create(client, "{\"link\": \"fuelmoney://settings/account\", \"alias\": \"\(alias)\"}").status == 201)
            }
            let first = try await client.send("GET", "/v1/audit?limit=2", headers: Service.admin)
            let page = try JSONParser.parse(first.body)
            #expect(page["entries"]?.arrayValue?.count == 2)
            let cursor = try #require(page["nextCursor"]?.stringValue)
            let (_, rest) = try await Self.entries(client, "?limit=2&before=\(cursor)")
            #expect(rest.compactMap { $0["subject"]?.stringValue } == ["link:a1"])
            let (_, filtered) = try await Self.entries(client, "?subject=link:a2")
            #expect(filtered.count == 1)
            #expect(try await client.send("GET", "/v1/audit?limit=0", headers: Service.admin).status == 400)

            let reader = try await Keys.makeKey(client, name: "auditor", scopes: ["audit:read"])
            let (_, read) = try await Self.entries(client, "?actor=admin-token", headers: Keys.bearer(reader.text))
            #expect(read.count == 4)
        }
    }

    @Test func theSweepDeletesEntriesOlderThan400Days() async throws {
        let clock = Service.Clock()
        try await Service.withService(clock: clock) { (client: LoopbackClient, application: SceneLinkApplication) throws in
            let created = try await Service.create(client, #"{"link": "fuelmoney://settings/account", "alias": "old"}"#)
            #expect(created.status == 201)
            let early = await application.sweepAuditLog(now: Service.start.addingTimeInterval(399 * 86_400))
            let late = await application.sweepAuditLog(now: Service.start.addingTimeInterval(401 * 86_400))
            #expect(early == 0)
            #expect(late == 1)
            let left = try await Self.entries(client).entries
            #expect(left.isEmpty)
        }
    }

    @Test func refusedCallersAreKept30DaysAndEveryOtherEntry400() async throws {
        let clock = Service.Clock()
        try await Service.withService(clock: clock) { (client: LoopbackClient, application: SceneLinkApplication) throws in
            #expect(try await Service.create(client, #"{"link": "fuelmoney://settings/account", "alias": "kept"}"#).status == 201)
            let wrong = ["Authorization": "Bearer sl_0123456789abcdef_wrongwrongwrongwrongwrongwrong"]
            #expect(try await client.send("GET", "/v1/short-links", headers: wrong).status == 401)
            // The refusal's entry is written after the answer: wait for it (it comes, or the test fails).
            var actions: [String] = []
            for _ in 0..<100 where !actions.contains("auth.refused") {
                actions = try await Self.entries(client).entries.compactMap { $0["action"]?.stringValue }
                if !actions.contains("auth.refused") { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(actions.contains("auth.refused") && actions.contains("short_link.created"))
            #expect(await application.sweepRefusedAuthEntries(now: Service.start.addingTimeInterval(29 * 86_400)) == 0)
            #expect(await application.sweepRefusedAuthEntries(now: Service.start.addingTimeInterval(31 * 86_400)) >= 1)
            let after = try await Self.entries(client).entries.compactMap { $0["action"]?.stringValue }
            #expect(!after.contains("auth.refused") && after.contains("short_link.created"))
        }
    }
}
