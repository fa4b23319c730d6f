import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService
@testable import SceneLinkSQLite

/// `scenelink keys`, run as the command line would, on a SQLite file.
@Suite struct CommandLineToolKeysTests {
    static func withDatabase(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-keys-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try SQLiteSceneStateStore(path: path).close()
        try await body(path)
    }

    @Test func aKeyIsCreatedOnceListedAndRevokedWithAnAuditEntryForEach() async throws {
        try await Self.withDatabase { path in
            let created = CommandLineRun(["keys", "create", "--name", "marketing", "--scopes", "links:write,analytics:read", "--db", path])
            #expect(created.status == 0, "\(created.err)")
            let text = created.out.trimmingCharacters(in: .whitespacesAndNewlines)
            let token = try #require(APIKeyToken(parsing: text))
            #expect(created.err.contains("only time its text is shown"))

            let listed = CommandLineRun(["keys", "list", "--db", path])
            #expect(listed.status == 0)
            #expect(listed.out.contains(token.id))
            #expect(listed.out.contains("links:write,analytics:read"))
            #expect(!listed.out.contains(token.secret))

            let revoked = CommandLineRun(["keys", "revoke", token.id], environment: ["SCENELINK_DB": path])
            #expect(revoked.status == 0, "\(revoked.err)")
            #expect(revoked.out.contains("revoked the key 'marketing'"))

            let store = try SQLiteSceneStateStore(path: path)
            defer { try? store.close() }
            let key = try await awaiting { store.apiKey(id: token.id, completion: $0) }
            #expect(key?.revokedAt != nil)
            #expect(key?.secretHash == token.secretHash)
            let page = try await awaiting { store.auditEntries(AuditQuery(limit: 10), completion: $0) }
            #expect(page.entries.map(\.action) == ["api_key.revoked", "api_key.created"])
            #expect(page.entries.allSatisfy { $0.actor == "cli" && $0.subject == "key:\(token.id)" })
            #expect(!page.entries.contains { $0.detailJSON.contains(token.secret) })
        }
    }

    @Test func mistakesAreRefusedWithASentenceAndANonZeroStatus() async throws {
        try await Self.withDatabase { path in
            let unknown = CommandLineRun(["keys", "create", "--name", "x", "--scopes", "links:wrote", "--db", path])
            #expect(unknown.status == 2)
            #expect(unknown.err.hasPrefix("scenelink keys: 'links:wrote' is not a scope; the scopes are links:read, links:write, "
                + "analytics:read, webhooks:admin, audit:read, console."))
            #expect(CommandLineRun(["keys", "create", "--scopes", "links:read", "--db", path]).err.contains("needs --name NAME"))
            #expect(CommandLineRun(["keys", "create", "--name", "ops", "--scopes", "links:read", "--db", path]).status == 0)
            let taken = CommandLineRun(["keys", "create", "--name", "ops", "--scopes", "links:read", "--db", path])
            #expect(taken.status == 1)
            #expect(taken.err == "scenelink keys create: A key named 'ops' already exists; choose another name, or revoke that key first.")
            let missing = CommandLineRun(["keys", "revoke", "0123456789abcdef", "--db", path])
            #expect(missing.status == 1)
            #expect(CommandLineRun(["keys", "revoke", "nope", "--db", path]).status == 2)
            #expect(CommandLineRun(["keys", "rotate", "--db", path]).status == 2)
            let noFile = CommandLineRun(["keys", "list", "--db", path + ".missing"])
            #expect(noFile.status == 1)
            #expect(noFile.err.contains("there is no database at"))
        }
    }
}
