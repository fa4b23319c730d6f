import Dispatch
import Foundation
import Testing
import SceneLinkCore
@testable import SceneLinkPostgres
@testable import SceneLinkSQLite
@testable import SceneLinkService

/// `scenelink backup` and `scenelink store copy`, run as the command line would, on a SQLite
/// file the test fills through the store. The copy tests need `SCENELINK_TEST_POSTGRES` (each
/// copies into a schema of its own, named in the URL's `options`).
@Suite("scenelink backup and store copy")
final class CommandLineToolStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-store-\(UUID().uuidString)")
    var database: String { folder.appendingPathComponent("scenelink.sqlite").path }
    let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    var output: [String] = []
    var errors: [String] = []

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["SCENELINK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run(_ arguments: [String]) -> Int32 {
        // Both writers are called on this thread only.
        nonisolated(unsafe) var out: [String] = []
        nonisolated(unsafe) var err: [String] = []
        let status = CommandLineTool(environment: [:], out: { out.append($0) }, err: { err.append($0) }).run(arguments)
        output += out
        errors += err
        return status
    }

    static func wait<T, E: Error>(_ body: (@escaping @Sendable (Result<T, E>) -> Void) -> Void) throws -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: Result<T, E>?
        body { answer = $0; done.signal() }
        _ = done.wait(timeout: .now() + 10)
        return try #require(answer).get()
    }

    /// The webhook endpoints `fillStoreAndClaim` made: one subscribed to short links and claims
    /// whose secret was rotated, and one that a 410 disabled.
    var webhookEndpointIDs: [String] = []
    /// The API key `fillStoreAndClaim` made (with two audit entries).
    var apiKeyToken: APIKeyToken?

    /// A store with two sessions (one with two values, one rewritten), a deleted value, a
    /// short link clicked twice, a redeemed claim, and webhook endpoints with their deliveries
    /// (one delivered, one failed, one to retry, the rest pending). Returns the first session and the value's revision.
    func fillStore() throws -> (session: SessionRecord, revision: Int64, code: ShortCode) {
        try fillStoreAndClaim().0
    }

    func fillStoreAndClaim() throws -> ((session: SessionRecord, revision: Int64, code: ShortCode), ClaimTicket) {
        let store = try SQLiteSceneStateStore(path: database)
        defer { try? store.close() }
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        let first = SessionRecord(id: .random(), tokenHash: SessionToken.random().hash, createdAt: now,
                                  expiresAt: now.addingTimeInterval(3600))
        let second = SessionRecord(id: .random(), tokenHash: SessionToken.random().hash, createdAt: now,
                                   expiresAt: now.addingTimeInterval(60))
        try Self.wait { store.createSession(first, completion: $0) }
        try Self.wait { store.createSession(second, completion: $0) }
        let hooks = WebhookEndpoint(url: "https://hooks.example.com/a", events: [.shortLinkCreated, .shortLinkClicked, .claimRedeemed],
                                    description: "CRM", createdAt: now, secret: .random())
        let gone = WebhookEndpoint(url: "https://hooks.example.com/b", events: [.shortLinkCreated], description: nil,
                                   createdAt: now, secret: .random())
        _ = try Self.wait { store.createWebhookEndpoint(hooks, completion: $0) }
        _ = try Self.wait { store.createWebhookEndpoint(gone, completion: $0) }
        _ = try Self.wait { store.rotateWebhookSecret(id: hooks.id, to: .random(), previousExpiresAt: now.addingTimeInterval(86_400),
                                                      completion: $0) }
        webhookEndpointIDs = [hooks.id, gone.id]
        let (key, token) = try APIKey.make(name: "marketing", scopes: [.linksWrite], at: now)
        try Self.wait { store.createAPIKey(key, completion: $0) }
        apiKeyToken = token
        for action in ["api_key.created", "short_link.created"] {
            _ = try Self.wait { store.appendAuditEntry(AuditEntry(at: now, actor: .adminToken, action: action, subject: "key:\(key.id)"),
                                                       completion: $0) }
        }
        let main = try SceneID("main"), path = try ValueKey("path"), other = try ValueKey("other")
        for key in [path, other, path] {
            _ = try Self.wait { store.putValue(ValueContent(bytes: [0, 1, 2, 255], contentType: "application/octet-stream"),
                                               session: first.id, scene: main, key: key, precondition: .none,
                                               limits: .default, completion: $0) }
        }
        _ = try Self.wait { store.deleteValue(session: first.id, scene: main, key: other, precondition: .none, completion: $0) }
        let stored = try #require(try Self.wait { store.value(session: first.id, scene: main, key: path, completion: $0) })
        let code = try ShortCode("copyTest1")
        let done = DispatchSemaphore(value: 0)
        store.createShortLink(ShortLink(code: code, link: "fuelmoney://lists", createdAt: now, expiresAt: nil, title: "Lists",
                                        tags: [try ShortLinkTag("copy"), try ShortLinkTag("lists")])) { _ in done.signal() }
        _ = done.wait(timeout: .now() + 10)
        // A change, so the copy carries a revision past the first and tags replaced once.
        store.updateShortLink(ShortLink(code: code, link: "fuelmoney://lists", createdAt: now, expiresAt: nil, title: "Lists",
                                        tags: [try ShortLinkTag("copy"), try ShortLinkTag("moved")]),
                              expectedRevision: 1, at: now) { _ in done.signal() }
        _ = done.wait(timeout: .now() + 10)
        for _ in 0..<2 {
            store.shortLink(code: code, countingClickAt: now) { _ in done.signal() }
            _ = done.wait(timeout: .now() + 10)
        }
        let ticket = ClaimTicket.issue(link: "fuelmoney://lists", route: "lists", at: now, lifetime: 3600, codeLifetime: 600,
                                       codes: store.claimCodes)
        store.createClaim(ticket.claim) { _ in done.signal() }
        _ = done.wait(timeout: .now() + 10)
        store.redeemClaim(.token(ticket.token), install: UUID(), source: .referrer, at: now) { _ in done.signal() }
        _ = done.wait(timeout: .now() + 10)
        // created, clicked twice and redeemed for the first endpoint, created for the second
        // (clicks are queued without the answer waiting).
        var polls = 0
        while try Self.wait({ store.webhookDeliveries(endpointID: hooks.id, limit: 10, completion: $0) }).count < 4, polls < 500 {
            polls += 1
            usleep(10_000)
        }
        let claimed = try Self.wait { store.claimWebhookDeliveries(now: Self.later, leaseUntil: Self.later.addingTimeInterval(60), limit: 10,
                                                                  cap: WebhookEndpointCap(maximumPerEndpoint: 10), completion: $0) }
        #expect(claimed.count == 5, "\(claimed)")
        let hooksClaimed = claimed.filter { $0.endpoint.id == hooks.id }
        for dispatch in claimed {
            let outcome: WebhookAttemptOutcome
            if dispatch.endpoint.id == gone.id {
                outcome = .failed(status: 410, error: "410 Gone", disableEndpoint: true)
            } else if dispatch.delivery.sequence == hooksClaimed.first?.delivery.sequence {
                outcome = .delivered(status: 204)
            } else if dispatch.delivery.sequence == hooksClaimed.dropFirst().first?.delivery.sequence {
                outcome = .retry(nextAttemptAt: Self.later.addingTimeInterval(30), status: 503, error: "503 Service Unavailable")
            } else {
                continue  // leased: due again when the lease ends
            }
            try Self.wait { store.recordWebhookAttempt(sequence: dispatch.delivery.sequence, outcome: outcome, at: Self.later,
                                                       completion: $0) }
        }
        _ = try Self.wait { store.enqueueWebhookEvent(.webhookTest(endpointID: hooks.id, at: now), endpointID: hooks.id, completion: $0) }
        return ((first, stored.revision, code), ticket)
    }

    /// When the fill's webhook attempts are made; every lease and retry ends within two minutes of it.
    static let later = Date(timeIntervalSince1970: 1_900_000_100)

    @Test("backup copies the store while it is open, and the copy reads back the same")
    func backup() throws {
        let (session, revision, _) = try fillStore()
        let copy = folder.appendingPathComponent("backup.sqlite").path
        let live = try SQLiteSceneStateStore(path: database)  // open, as a running server would hold it
        defer { try? live.close() }
        #expect(run(["backup", "--db", database, copy]) == 0, "\(errors)")
        #expect(output.last?.hasPrefix("backed up \(database) to \(copy)") == true, "\(output)")
        let restored = try SQLiteSceneStateStore(path: copy)
        defer { try? restored.close() }
        let main = try SceneID("main"), path = try ValueKey("path")
        let value = try Self.wait { restored.value(session: session.id, scene: main, key: path, completion: $0) }
        #expect(value?.revision == revision && value?.content.bytes == [0, 1, 2, 255])
    }

    @Test("backup refuses an existing destination and a missing argument, and says why")
    func backupRefusals() throws {
        _ = try fillStore()
        let copy = folder.appendingPathComponent("taken.sqlite").path
        FileManager.default.createFile(atPath: copy, contents: Data("keep me".utf8))
        #expect(run(["backup", "--db", database, copy]) == 1)
        #expect(errors.last == "scenelink backup: \(copy) already exists; name a new file, or remove it first to replace it.", "\(errors)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == "keep me")
        #expect(run(["backup", "--db", database]) == 2)
        #expect(errors.last?.hasPrefix("scenelink backup: Name the destination file (a new file).\nusage: scenelink backup [--db PATH] DEST") == true, "\(errors)")
        let missing = folder.appendingPathComponent("missing.sqlite").path
        #expect(run(["backup", "--db", missing, copy + "2"]) == 1)
        #expect(errors.last == "scenelink backup: there is no database at \(missing); name the server's database file with --db PATH.")
    }

    @Test("store copy refuses a URL that is not postgres://, a missing --from, and one file copied onto itself")
    func copyUsage() {
        #expect(run(["store", "copy", "--from", database, "--to", "mysql://db/x"]) == 2)
        #expect(errors.last == "scenelink store copy: --to must be a SQLite file path or a postgres:// or postgresql:// URL, "
                + "not 'mysql://db/x'.", "\(errors)")
        #expect(run(["store", "copy", "--to", "postgres://db/x"]) == 2)
        #expect(errors.last?.hasPrefix("scenelink store copy: Give both --from and --to (each a SQLite file or a postgres:// URL).") == true, "\(errors)")
        #expect(run(["store", "copy", "--from", database, "--to", folder.appendingPathComponent("./scenelink.sqlite").path]) == 2)
        #expect(errors.last?.contains("--from and --to name the same file") == true, "\(errors)")
    }

    @Test("scenelink store without copy names itself as typed, then shows store copy's usage")
    func storeWithoutCopy() {
        #expect(run(["store"]) == 2)
        #expect(errors.last?.hasPrefix("scenelink store: Name the subcommand: copy (scenelink store copy --from STORE --to STORE).\nusage: scenelink store copy") == true, "\(errors)")
        #expect(run(["store", "move"]) == 2)
        #expect(errors.last?.hasPrefix("scenelink store: store has one subcommand, copy, not 'move'.\nusage: scenelink store copy") == true, "\(errors)")
    }

    @Test("store copy refuses a source that is not a SceneLink store, and a SQLite target that holds other tables")
    func copyRefusesForeignFiles() throws {
        _ = try fillStore()
        let empty = folder.appendingPathComponent("empty.sqlite").path
        FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(run(["store", "copy", "--from", empty, "--to", folder.appendingPathComponent("new.sqlite").path]) == 1)
        #expect(errors.last?.contains("\(empty) is not a SceneLink database (it has no schema)") == true, "\(errors)")

        let foreign = folder.appendingPathComponent("notes.sqlite").path
        try Connection(path: foreign, readOnly: false, busyTimeoutMilliseconds: 100).execute("CREATE TABLE notes (body TEXT)")
        #expect(run(["store", "copy", "--from", database, "--to", foreign]) == 1)
        #expect(errors.last?.contains("\(foreign) is not a SceneLink database (it holds other tables); give a new file to copy into")
                == true, "\(errors)")
        #expect(!output.contains { $0.hasPrefix("sessions:") }, "nothing is copied: \(output)")
    }

    @Test("store copy moves everything from one SQLite file to a new one: values with revisions, short links with clicks, claims, webhook endpoints with their secrets and deliveries still due")
    func copySQLiteToSQLite() throws {
        let ((session, revision, code), ticket) = try fillStoreAndClaim()
        let target = folder.appendingPathComponent("copy.sqlite").path
        // A target a server has opened holds a code key of its own, which is not data: the copy
        // goes ahead and replaces it with the source's.
        try SQLiteSceneStateStore(path: target).close()
        #expect(run(["store", "copy", "--from", database, "--to", target]) == 0, "\(errors)")
        #expect(output.contains("webhook endpoints: 2 read, 2 added"), "\(output)")
        #expect(output.contains("webhook deliveries: 6 read, 6 added"), "\(output)")
        #expect(output.contains("API keys: 1 read, 1 added"), "\(output)")
        #expect(output.contains("audit log entries: 2 read, 2 added"), "\(output)")
        #expect(output.filter { $0.hasPrefix("checked ") && $0.hasSuffix(" on both sides") }.count == StoreTable.allCases.count, "\(output)")
        #expect(output.last == "copied \(database) to \(target); point --db at it", "\(output)")
        do {
            let store = try SQLiteSceneStateStore(path: target)
            defer { try? store.close() }
            try expectEverythingCopied(to: store, session: session, revision: revision, code: code, ticket: ticket)
        }
        #expect(run(["store", "copy", "--from", database, "--to", target]) == 1)
        #expect(errors.last?.contains("already holds 2 sessions, 1 scenes, 1 values, 1 short links, 2 short-link tags, 1 claims, "
                                      + "3 webhook endpoints, 7 webhook deliveries, 1 API keys and 3 audit log entries; copy into an "
                                      + "empty database, or pass --resume") == true,
                "\(errors)")
        #expect(run(["store", "copy", "--from", database, "--to", target, "--resume"]) == 1)
        #expect(output.contains("webhook deliveries: 6 read, 0 added (6 already there)"), "\(output)")
        #expect(errors.last?.contains("; webhook endpoints: 2 rows") == true, "\(errors)")
    }

    @Test("store copy moves sessions, values with revisions, expiry, short links with clicks, claims, webhook endpoints with their secrets and deliveries still due; checks digests; refuses a non-empty target unless resumed",
          .enabled(if: CommandLineToolStoreTests.postgresURL != nil, "needs SCENELINK_TEST_POSTGRES"))
    func copy() throws {
        let base = try #require(Self.postgresURL)
        let ((session, revision, code), ticket) = try fillStoreAndClaim()
        let url = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        defer { try? dropSchema(base) }
        try createSchema(base)

        #expect(run(["store", "copy", "--from", database, "--to", url]) == 0, "\(errors)")
        #expect(output.contains("sessions: 2 read, 2 added"), "\(output)")
        #expect(output.contains("values: 1 read, 1 added"), "\(output)")
        #expect(output.contains("short links: 1 read, 1 added"), "\(output)")
        #expect(output.contains("claims: 1 read, 1 added"), "\(output)")
        #expect(output.contains("webhook endpoints: 2 read, 2 added"), "\(output)")
        #expect(output.contains("webhook deliveries: 6 read, 6 added"), "\(output)")
        #expect(output.contains("API keys: 1 read, 1 added"), "\(output)")
        #expect(output.contains("audit log entries: 2 read, 2 added"), "\(output)")
        #expect(output.filter { $0.hasPrefix("checked ") && $0.hasSuffix(" on both sides") }.count == StoreTable.allCases.count, "\(output)")

        var configuration = PostgresSceneStateStore.Configuration()
        configuration.schema = schema
        let store = try PostgresSceneStateStore(url: base, configuration: configuration)
        defer { store.close() }
        try expectEverythingCopied(to: store, session: session, revision: revision, code: code, ticket: ticket)

        #expect(run(["store", "copy", "--from", database, "--to", url]) == 1)
        #expect(errors.last?.contains("already holds 2 sessions, 1 scenes, 1 values, 1 short links, 2 short-link tags, 1 claims, "
                                      + "3 webhook endpoints, 7 webhook deliveries, 1 API keys and 3 audit log entries; copy into an "
                                      + "empty database, or pass --resume") == true,
                "\(errors)")
        // Resumed: everything is already there, nothing is added; the check sees the session (its
        // byte total), the scene and the value rewritten since.
        #expect(run(["store", "copy", "--from", database, "--to", url, "--resume"]) == 1)
        #expect(output.contains("sessions: 2 read, 0 added (2 already there)"), "\(output)")
        #expect(output.contains("webhook deliveries: 6 read, 0 added (6 already there)"), "\(output)")
        #expect(errors.last?.contains("the copy differs from the source: sessions: 2 rows") == true, "\(errors)")
        #expect(errors.last?.contains("; scenes: 1 rows") == true, "\(errors)")
        #expect(errors.last?.contains("; webhook endpoints: 2 rows") == true, "\(errors)")
    }

    @Test("store copy moves everything back from PostgreSQL to a new SQLite file, and checks it",
          .enabled(if: CommandLineToolStoreTests.postgresURL != nil, "needs SCENELINK_TEST_POSTGRES"))
    func copyPostgresToSQLite() throws {
        let base = try #require(Self.postgresURL)
        let ((session, revision, code), ticket) = try fillStoreAndClaim()
        let url = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        defer { try? dropSchema(base) }
        try createSchema(base)
        #expect(run(["store", "copy", "--from", database, "--to", url]) == 0, "\(errors)")
        output = []

        let back = folder.appendingPathComponent("back.sqlite").path
        #expect(run(["store", "copy", "--from", url, "--to", back]) == 0, "\(errors)")
        #expect(output.contains("webhook deliveries: 6 read, 6 added"), "\(output)")
        #expect(output.filter { $0.hasPrefix("checked ") && $0.hasSuffix(" on both sides") }.count == StoreTable.allCases.count, "\(output)")
        #expect(output.last?.hasSuffix(" to \(back); point --db at it") == true, "\(output)")
        let store = try SQLiteSceneStateStore(path: back)
        defer { try? store.close() }
        try expectEverythingCopied(to: store, session: session, revision: revision, code: code, ticket: ticket)
    }

    @Test("store copy refuses a PostgreSQL source without a SceneLink schema, and creates nothing there",
          .enabled(if: CommandLineToolStoreTests.postgresURL != nil, "needs SCENELINK_TEST_POSTGRES"))
    func copyRefusesEmptyPostgresSource() throws {
        let base = try #require(Self.postgresURL)
        let url = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        let target = folder.appendingPathComponent("never.sqlite").path
        #expect(run(["store", "copy", "--from", url, "--to", target]) == 1)
        #expect(errors.last?.contains("to copy from") == true && errors.last?.contains("it holds no SceneLink schema") == true,
                "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// Everything `fillStoreAndClaim` wrote reads back from `store`, and new writes to it continue
    /// above every copied revision and key.
    func expectEverythingCopied(to store: any SceneStateStore & ShortLinkStore & ClaimStore & WebhookStore & APIKeyStore & AuditLog,
                                session: SessionRecord, revision: Int64, code: ShortCode, ticket: ClaimTicket) throws {
        // The key still works after the move (its hash came along), and the audit log continues above the copied entries.
        let token = try #require(apiKeyToken)
        let key = try #require(try Self.wait { store.apiKey(id: token.id, completion: $0) })
        #expect(key.secretHash == token.secretHash && key.scopes == [.linksWrite])
        let appended = try Self.wait { store.appendAuditEntry(AuditEntry(at: Self.later, actor: .adminToken, action: "x", subject: "y"),
                                                              completion: $0) }
        #expect(appended.sequence > 2)
        #expect(try Self.wait { store.auditEntries(AuditQuery(limit: 10), completion: $0) }.entries.count == 3)
        let main = try SceneID("main"), path = try ValueKey("path")
        let copied = try #require(try Self.wait { store.session(id: session.id, completion: $0) })
        #expect(copied == session)
        let value = try Self.wait { store.value(session: session.id, scene: main, key: path, completion: $0) }
        #expect(value?.revision == revision && value?.content.bytes == [0, 1, 2, 255], "\(String(describing: value))")
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var link: ShortLink?
        store.shortLink(code: code, countingClickAt: nil) { link = try? $0.get(); done.signal() }
        _ = done.wait(timeout: .now() + 10)
        #expect(link?.clicks == 2 && link?.link == "fuelmoney://lists", "\(String(describing: link))")
        #expect(link?.title == "Lists" && link?.revision == 2 && link?.tags.map(\.rawValue) == ["copy", "moved"], "\(String(describing: link))")
        nonisolated(unsafe) var tagged: [String] = []
        store.shortLinks(after: nil, limit: 10, filter: ShortLinkFilter(tag: try ShortLinkTag("moved"))) {
            tagged = (try? $0.get())?.links.map(\.code.rawValue) ?? []
            done.signal()
        }
        _ = done.wait(timeout: .now() + 10)
        #expect(tagged == [code.rawValue])
        nonisolated(unsafe) var claim: Claim?
        store.claim(.token(ticket.token)) { claim = try? $0.get() ?? nil; done.signal() }
        _ = done.wait(timeout: .now() + 10)
        #expect(claim?.route == "lists" && claim?.redemption?.source == .referrer, "\(String(describing: claim))")
        // The store's code key came along (the target's own was replaced), so codes handed out still read.
        #expect(store.claimCodes.code(forClaim: ticket.claim.id) == ticket.code)
        // New writes continue above every copied revision (the deleted value's included), so no ETag repeats.
        let next = try Self.wait { store.putValue(ValueContent(bytes: [9], contentType: "text/plain"), session: session.id,
                                                  scene: main, key: path, precondition: .none, limits: .default, completion: $0) }
        #expect(next.value.revision > revision + 1, "revision \(next.value.revision) after \(revision)")
        try expectWebhooksCopied(to: store)
    }

    /// The copied endpoints equal the source's (both secrets, so receivers verify as before; the
    /// disabled one stays disabled), every delivery equals its source, the pending ones are due
    /// on the target, and new endpoints and events get keys above the copied ones.
    func expectWebhooksCopied(to store: any WebhookStore) throws {
        let source = try SQLiteSceneStateStore(path: database)
        defer { try? source.close() }
        let expected = try Self.wait { source.webhookEndpoints(completion: $0) }
        let copied = try Self.wait { store.webhookEndpoints(completion: $0) }
        #expect(copied == expected)
        #expect(expected.map(\.id) == webhookEndpointIDs)
        let hooks = try #require(copied.first), gone = try #require(copied.last)
        #expect(hooks.secret == expected.first?.secret && hooks.previousSecret != nil
                && hooks.previousSecret == expected.first?.previousSecret, "\(hooks)")
        let body = Array("{}".utf8)
        #expect(WebhookSignature.header(id: "msg_1", timestamp: 1, body: body, secrets: hooks.signingSecrets(at: Self.later))
                == WebhookSignature.header(id: "msg_1", timestamp: 1, body: body,
                                           secrets: try #require(expected.first).signingSecrets(at: Self.later)))
        #expect(gone.disabledAt != nil && gone.disabledReason == "410 Gone", "\(gone)")

        var pending: [String] = []
        var highest: Int64 = 0
        for endpoint in expected {
            let original = try Self.wait { source.webhookDeliveries(endpointID: endpoint.id, limit: 100, completion: $0) }
            #expect(try Self.wait { store.webhookDeliveries(endpointID: endpoint.id, limit: 100, completion: $0) } == original)
            pending += original.filter { $0.state == .pending && endpoint.disabledAt == nil }.map(\.event.id)
            highest = max(highest, original.map(\.sequence).max() ?? 0)
        }
        // The retried one, the two still leased and the test event; the delivered and the failed are not.
        #expect(pending.count == 4)
        let due = try Self.wait { store.claimWebhookDeliveries(now: Self.later.addingTimeInterval(120), leaseUntil: Self.later.addingTimeInterval(180),
                                                               limit: 10, cap: WebhookEndpointCap(maximumPerEndpoint: 10), completion: $0) }
        #expect(Set(due.map(\.delivery.event.id)) == Set(pending), "\(due)")
        #expect(due.allSatisfy { $0.endpoint.secret == hooks.secret })

        // The identity sequences continue above the copied keys: these would collide otherwise.
        #expect(try Self.wait { store.enqueueWebhookEvent(.webhookTest(endpointID: hooks.id, at: Self.later), endpointID: hooks.id,
                                                          completion: $0) })
        let newest = try Self.wait { store.webhookDeliveries(endpointID: hooks.id, limit: 1, completion: $0) }
        #expect((newest.first?.sequence ?? 0) > highest, "\(newest) after \(highest)")
        let another = WebhookEndpoint(url: "https://hooks.example.com/c", events: [.webhookTest], description: nil,
                                      createdAt: Self.later, secret: .random())
        _ = try Self.wait { store.createWebhookEndpoint(another, completion: $0) }
        #expect(try Self.wait { store.webhookEndpoints(completion: $0) }.map(\.id) == webhookEndpointIDs + [another.id])
    }

    @Test("store copy refuses a target that holds only webhook endpoints, and names them",
          .enabled(if: CommandLineToolStoreTests.postgresURL != nil, "needs SCENELINK_TEST_POSTGRES"))
    func copyRefusesTargetWithWebhooks() throws {
        let base = try #require(Self.postgresURL)
        _ = try fillStore()
        let url = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        defer { try? dropSchema(base) }
        try createSchema(base)
        var configuration = PostgresSceneStateStore.Configuration()
        configuration.schema = schema
        let store = try PostgresSceneStateStore(url: base, configuration: configuration)
        defer { store.close() }
        _ = try Self.wait { store.createWebhookEndpoint(WebhookEndpoint(url: "https://hooks.example.com/z", events: [.webhookTest],
                                                                        description: nil, createdAt: Self.later, secret: .random()),
                                                        completion: $0) }
        #expect(run(["store", "copy", "--from", database, "--to", url]) == 1)
        #expect(errors.last?.hasPrefix("scenelink store copy: postgres://") == true, "\(errors)")
        #expect(errors.last?.hasSuffix(" already holds 1 webhook endpoints; copy into an empty database, or pass --resume "
                                       + "to continue a copy into it (rows already there are kept).") == true, "\(errors)")
        #expect(!output.contains { $0.hasPrefix("sessions:") }, "nothing is copied: \(output)")
    }

    func createSchema(_ url: String) throws {
        _ = try PostgresStoreRows(url: url, schema: schema)
    }

    func dropSchema(_ url: String) throws {
        try PostgresSceneStateStore.dropSchema(schema, url: url)
    }
}
