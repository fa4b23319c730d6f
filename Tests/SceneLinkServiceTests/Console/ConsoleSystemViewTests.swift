import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

/// The System page's view: the keys and their forms only for the admin token's session, a
/// revoke form only for a key not revoked, the audit log and the privacy link by permission.
@Suite struct ConsoleSystemViewTests {
    typealias F = ConsoleViewFixtures

    func view(keys: Result<[APIKey], OperationError>?, audit: Result<AuditPage, OperationError>?, session: ConsoleSession) throws -> ConsoleSystemView {
        let table = try BuiltInRoutes.fuelMoneyTable()
        let settings = ConsoleServerSettings(rateLimits: RateLimits(), sessionTimeToLive: .seconds(3600), claimLifetime: .seconds(600),
                                             analyticsDetailRetention: .seconds(86_400), analyticsRetention: .seconds(86_400 * 30))
        return ConsoleSystemView(storeProblem: nil, storeDescription: ":memory:", sessionCount: 2, routes: table,
                                 associationFiles: AssociationAnswers(for: table), settings: settings, sessionIdle: .seconds(900),
                                 sessionLifetime: .seconds(8 * 3600), keys: keys, audit: audit, session: session)
    }

    @Test func theAdminTokensSessionSeesEachKeyWithARevokeFormUnlessRevoked() throws {
        let keys = [APIKey(id: "aaaaaaaaaaaaaaaa", name: "ci", scopes: [.linksRead], createdAt: F.start, secretHash: []),
                    APIKey(id: "bbbbbbbbbbbbbbbb", name: "old", scopes: [.console, .auditRead], createdAt: F.start, revokedAt: F.start, secretHash: [])]
        let view = try view(keys: .success(keys), audit: nil, session: F.admin)
        guard case .shown(.success(let rows), let form) = view.keys else {
            Issue.record("the admin token's session sees the keys")
            return
        }
        #expect(form == ConsoleKeyForm(formToken: F.formToken))
        #expect(rows.map(\.revokePath) == ["/console/system/keys/aaaaaaaaaaaaaaaa/revoke", nil])
        #expect(rows[1].scopes == "console, audit:read" && rows[1].revoked == RFC3339.string(F.start) && rows[0].revoked == "no")
        #expect(view.showsPrivacyReceipt)
        #expect(view.audit == nil)
        #expect(view.server.first { $0.term == "Console sessions" }?.value == "2 in memory (a restart signs everyone out)")
    }

    @Test func aKeysSessionSeesNoKeyFormAndOnlyWhatItsScopesAllow() throws {
        // Even keys handed in (they are not read for such a session) are not shown.
        let view = try view(keys: .success([]), audit: nil, session: F.reader)
        guard case .hidden = view.keys else {
            Issue.record("a key's session manages no keys")
            return
        }
        let html = F.html(view)
        #expect(html.contains("Only a session signed in with the admin token makes and revokes keys."))
        #expect(!html.contains("action=\"/console/system/keys\""))
        #expect(!html.contains("<h2>Audit log</h2>"))
        // analytics:read includes the privacy receipt.
        #expect(view.showsPrivacyReceipt == F.reader.may(.analyticsPrivacy))
    }

    @Test func theAuditEntriesAreRowsWithTheirDetailSortedByName() throws {
        let entry = AuditEntry(at: F.start, actor: "admin-token", action: "short_link.created", subject: "abc", detail: ["z": "1", "a": "2"])
        let view = try view(keys: nil, audit: .success(AuditPage(entries: [entry], nextCursor: nil)), session: F.admin)
        #expect(try view.audit?.get() == [[RFC3339.string(F.start), "admin-token", "short_link.created", "abc", "a=2; z=1"]])
    }

    @Test func theAssociationFilesAreCheckedAsServed() throws {
        let rows = ConsoleSystemView.check(AssociationAnswers(for: try BuiltInRoutes.fuelMoneyTable()))
        #expect(rows.count == 2)
        #expect(rows[0][0] == "/.well-known/apple-app-site-association" && rows[0][1].hasPrefix("valid JSON, "))
        #expect(rows[0][2] == "A1B2C3D4E5.com.example.fuelmoney")
        #expect(rows[1][2] == "com.example.fuelmoney")
    }
}
