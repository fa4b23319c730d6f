import Foundation
import SceneLinkCore
import SceneLinkNetwork
import SceneLinkText
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Refused callers leave `auth.refused` entries, one kind each (a wrong admin token, an unknown,
/// a wrongly completed and a revoked key, a missing scope, a key on a root-only route, a failed
/// console sign-in, a CSRF refusal, a console session without the scope), within a bound per address,
/// reason and minute; allowed reads leave none; no entry and no byte of the database holds a token
/// or a key's text, and no entry a webhook secret. The access log names the caller by key id.
@Suite struct RefusalAuditTests {
    typealias Console = ConsoleEndpointsTests

    /// The audit entries as the admin token reads them, once `settled` holds (at most 5 s: an
    /// entry is appended after the answer that caused it).
    static func entries(_ client: LoopbackClient, until settled: ([JSONValue]) -> Bool) async throws -> [JSONValue] {
        var entries: [JSONValue] = []
        for _ in 0..<100 {
            let page = try await client.send("GET", "/v1/audit?limit=500", headers: Console.admin)
            entries = try JSONParser.parse(page.body)["entries"]?.arrayValue ?? []
            if settled(entries) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return entries
    }

    static func refusals(_ entries: [JSONValue]) -> [JSONValue] {
        entries.filter { $0["action"]?.stringValue == "auth.refused" }
    }

    @Test func eachRefusalKindIsAuditedOnceAMinuteWithItsCountAndNoSecretIsKept() async throws {
        let clock = Console.Clock()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-refusals-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        var secrets: [String] = [Console.token]
        try await Console.withConsole(clock: clock, {
            $0.databasePath = file
            $0.webhooks.allowPrivate = true
            $0.rateLimits.policies = [:]
            $0.rateLimits.instancePolicies = [:]
        }) { client, _ in
            let reader = try await APIKeyEndpointsTests.makeKey(client, name: "reader", scopes: ["links:read"])
            let seat = try await APIKeyEndpointsTests.makeKey(client, name: "seat", scopes: ["console"])
            let gone = try await APIKeyEndpointsTests.makeKey(client, name: "gone", scopes: ["links:read"])
            secrets += [reader.text, seat.text, gone.text]
            #expect(try await client.send("DELETE", "/v1/keys/\(gone.id)", headers: Console.admin).status == 204)
            let webhook = try await client.send("POST", "/v1/webhooks", headers: Console.admin.merging(["Content-Type": "application/json"]) { a, _ in a },
                                                body: Array(#"{"url":"http://127.0.0.1:9/hook?token=abc","events":["short_link.created"]}"#.utf8))
            let secret = try #require(try JSONParser.parse(webhook.body)["secret"]?.stringValue)

            func bearer(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)"] }
            let readerSecret = String(reader.text.split(separator: "_").last ?? "")
            let unknownKey = "slk_ffffffffffffffff_" + readerSecret
            let wrongSecret = "slk_\(reader.id)_" + String(repeating: "A", count: readerSecret.count)
            // Allowed reads first: they leave no entry.
            #expect(try await client.send("GET", "/v1/short-links", headers: Console.admin).status == 200)
            #expect(try await client.send("GET", "/v1/short-links", headers: bearer(reader.text)).status == 200)
            // One of each refusal.
            #expect(try await client.send("GET", "/v1/short-links", headers: bearer("not-the-admin-token-at-all")).status == 401)
            #expect(try await client.send("GET", "/v1/short-links", headers: bearer(unknownKey)).status == 401)
            #expect(try await client.send("GET", "/v1/short-links", headers: bearer(wrongSecret)).status == 401)
            #expect(try await client.send("GET", "/v1/short-links", headers: bearer(gone.text)).status == 401)
            #expect(try await client.send("GET", "/v1/webhooks", headers: bearer(reader.text)).status == 403)
            #expect(try await client.send("GET", "/v1/keys", headers: bearer(reader.text)).status == 403)
            #expect(try await Console.signIn(client, token: "not-the-admin-token-at-all").id == nil)
            let id = try #require(try await Console.signIn(client, token: seat.text).id)
            let csrf = try Console.formToken(try await client.send("GET", "/console/overview", headers: Console.cookie(id)))
            let post = Console.sameOrigin.merging(Console.cookie(id)) { a, _ in a }
            #expect(try await client.send("POST", "/console/links", headers: post, body: Console.form([("link", "fuelmoney://settings")])).status == 403)

            let expected: Set<String> = ["wrong-token", "unknown-key", "wrong-key-secret", "revoked-key", "missing-scope",
                                         "admin-token-required", "console-sign-in", "csrf"]
            var entries = try await Self.entries(client) { Self.refusals($0).count >= 8 }
            let refusals = Self.refusals(entries)
            #expect(Set(refusals.compactMap { $0["detail"]?["reason"]?.stringValue }) == expected)
            #expect(refusals.count == 8)
            #expect(refusals.allSatisfy { $0["detail"]?["count"]?.stringValue == "1" && $0["detail"]?["client"]?.stringValue == "127.0.0.1" })
            #expect(refusals.contains { $0["detail"]?["reason"]?.stringValue == "revoked-key" && $0["detail"]?["keyId"]?.stringValue == gone.id })
            #expect(refusals.contains { $0["detail"]?["reason"]?.stringValue == "console-sign-in" && $0["detail"]?["cause"]?.stringValue == "wrong-token" })
            #expect(!refusals.contains { ($0["detail"]?["route"]?.stringValue ?? "") == "GET /v1/short-links" && $0["detail"]?["reason"]?.stringValue == nil })
            // Nothing but changes and refusals: the allowed reads left no entry.
            let actions = Set(entries.compactMap { $0["action"]?.stringValue })
            #expect(actions == ["api_key.created", "api_key.revoked", "webhook.created", "console.signed_in", "auth.refused"], "\(actions)")

            // A flood of wrong tokens from one address is one entry now and one with its count when the minute has passed.
            for _ in 0..<40 {
                #expect(try await client.send("GET", "/v1/short-links", headers: bearer("not-the-admin-token-at-all")).status == 401)
            }
            clock.advance(by: 61)
            #expect(try await client.send("GET", "/v1/short-links", headers: bearer("not-the-admin-token-at-all")).status == 401)
            // In the new minute a console session without links:write posts the create form: the API's refusal, audited.
            #expect(try await client.send("POST", "/console/links", headers: post,
                                          body: Console.form([("link", "fuelmoney://settings"), ("csrf", csrf)])).status == 403)
            entries = try await Self.entries(client) { Self.refusals($0).count >= 11 }
            let wrong = Self.refusals(entries).filter { $0["detail"]?["reason"]?.stringValue == "wrong-token" }
            #expect(wrong.compactMap { $0["detail"]?["count"]?.stringValue }.sorted() == ["1", "1", "40"], "\(wrong)")
            #expect(Self.refusals(entries).contains { $0["detail"]?["reason"]?.stringValue == "missing-scope"
                && $0["detail"]?["door"]?.stringValue == "console" && $0["detail"]?["route"]?.stringValue == "POST /console/links"
                && $0["detail"]?["keyId"]?.stringValue == seat.id })

            // No entry holds a token, a key's text or a webhook secret; webhook URLs keep their query for the admin token.
            let text = try await client.send("GET", "/v1/audit?limit=500", headers: Console.admin).text
            for secret in secrets + [secret] { #expect(!text.contains(secret)) }
            #expect(text.contains("http://127.0.0.1:9/hook?token=abc"))
        }
        // No byte of the database holds a token or a key's text (the webhook secret is kept to sign with, in its own table).
        for suffix in ["", "-wal"] {
            guard let bytes = FileManager.default.contents(atPath: file + suffix) else { continue }
            for secret in secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file + suffix) holds a secret")
            }
        }
    }

    @Test func anAuditReaderWithoutWebhooksAdminSeesAWebhookURLsOriginOnly() async throws {
        try await Console.withConsole({ $0.webhooks.allowPrivate = true }) { client, _ in
            let auditor = try await APIKeyEndpointsTests.makeKey(client, name: "auditor", scopes: ["audit:read"])
            let made = try await client.send("POST", "/v1/webhooks", headers: Console.admin.merging(["Content-Type": "application/json"]) { a, _ in a },
                                             body: Array(#"{"url":"http://127.0.0.1:9/services/T0/B0/XXXX","events":["short_link.created"]}"#.utf8))
            #expect(made.status == 201)
            let seen = try await client.send("GET", "/v1/audit?subject=webhook:\(try #require(try JSONParser.parse(made.body)["id"]?.stringValue))",
                                             headers: ["Authorization": "Bearer \(auditor.text)"])
            #expect(seen.status == 200)
            #expect(seen.text.contains(#""url":"http://127.0.0.1:9/…""#), "\(seen.text)")
            #expect(!seen.text.contains("XXXX"))
            #expect(try await client.send("GET", "/v1/audit", headers: Console.admin).text.contains("/services/T0/B0/XXXX"))
        }
    }

    @Test func theAccessLogNamesTheCallerByKeyIdNeverItsText() async throws {
        let lines = Mutex<[String]>([])
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = true
        configuration.shortLinks.adminToken = Console.token
        let application = try SceneLinkApplication(configuration: configuration,
                                                   logger: Logger(level: .info) { bytes in
            lines.withLock { $0 += String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) }
        })
        let client = LoopbackClient(port: try application.start(handlingSignals: false))
        let key = try await APIKeyEndpointsTests.makeKey(client, name: "tool", scopes: ["links:read"])
        #expect(try await client.send("GET", "/v1/short-links", headers: ["Authorization": "Bearer \(key.text)"]).status == 200)
        #expect(try await client.send("GET", "/healthz").status == 200)
        await SceneLinkApplicationTests.stop(application)
        let log = lines.withLock { $0 }
        #expect(log.contains { $0.contains(#""path":"/v1/short-links""#) && $0.contains(#""principal":"key:\#(key.id)""#) }, "\(log)")
        #expect(log.contains { $0.contains(#""path":"/v1/keys""#) && $0.contains(#""principal":"admin-token""#) })
        #expect(log.contains { $0.contains(#""path":"/healthz""#) && !$0.contains("principal") })
        #expect(!log.contains { $0.contains(key.text) || $0.contains(Console.token) })
    }

    /// The entries a flood of refusals leaves, the audit log read once they are all written.
    static func floodEntries(_ refusals: RefusalAudit, _ log: InMemoryAuditLog, expecting count: Int) async throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        for _ in 0..<200 {
            entries = try await withCheckedThrowingContinuation { continuation in
                log.auditEntries(AuditQuery(limit: 10_000)) { continuation.resume(with: $0.map(\.entries)) }
            }
            if entries.count >= count { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        return entries
    }

    @Test func aFloodFromManyAddressesIsBoundedByTheTableAndCountedUnderManyPastIt() async throws {
        let clock = Console.Clock()
        let log = InMemoryAuditLog()
        let refusals = RefusalAudit(trail: AuditTrail(log: log, clock: clock.clock), clock: clock.clock)
        let addresses = RefusalAudit.capacity + 1_000
        for index in 0..<addresses {
            let address = IPAddress(ipv4: 0x0A00_0000 + UInt32(index))
            // Three refusals each within the minute: one entry each now, the rest counted.
            for _ in 0..<3 { refusals.record(.wrongToken, client: address, keyID: nil, door: .api, route: "GET /v1/short-links") }
        }
        // The table's addresses and one for the rest: never more entries than that, whatever arrives.
        var entries = try await Self.floodEntries(refusals, log, expecting: RefusalAudit.capacity + 1)
        #expect(entries.count == RefusalAudit.capacity + 1)
        #expect(entries.filter { $0.detail["client"] == RefusalAudit.overflowAddress }.count == 1)
        clock.advance(by: RefusalAudit.window)
        refusals.flush()
        entries = try await Self.floodEntries(refusals, log, expecting: 2 * (RefusalAudit.capacity + 1))
        #expect(entries.count == 2 * (RefusalAudit.capacity + 1))
        let counted = entries.compactMap { $0.detail["count"].flatMap(Int.init) }.reduce(0, +)
        #expect(counted == 3 * addresses, "every refusal is counted, none lost")
        let many = entries.filter { $0.detail["client"] == RefusalAudit.overflowAddress }.compactMap { $0.detail["count"].flatMap(Int.init) }
        #expect(many.sorted() == [1, 3 * 1_000 - 1])
    }
}
