import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// The claim-code key a file keeps (`store_keys`), and the migration that moved codes to it.
@Suite struct SQLiteClaimCodeKeyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aFileMakesItsCodeKeyOnceAndKeepsItSoCodesReadAfterARestart() throws {
        let path = SQLiteTestFiles.temporaryPath(), other = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path); SQLiteTestFiles.remove(other) }
        let first = try SQLiteSceneStateStore(path: path)
        let code = first.claimCodes.code(forClaim: ClaimToken.nextID(at: Self.now))
        try first.close()
        let reopened = try SQLiteSceneStateStore(path: path)
        defer { try? reopened.close() }
        #expect(reopened.claimCodes.claimID(of: code, at: Self.now) == first.claimCodes.claimID(of: code, at: Self.now))
        #expect(reopened.claimCodes.code(forClaim: 42) == first.claimCodes.code(forClaim: 42))
        // Another file has a key of its own.
        let elsewhere = try SQLiteSceneStateStore(path: other)
        defer { try? elsewhere.close() }
        #expect((0..<Int64(20)).contains { elsewhere.claimCodes.code(forClaim: $0) != first.claimCodes.code(forClaim: $0) })
    }

    @Test func aStoredKeyOfTheWrongLengthIsRefusedWithWhatToDo() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            .execute("UPDATE store_keys SET value = x'0102' WHERE name = 'claim-codes'")
        #expect {
            try SQLiteSceneStateStore(path: path)
        } throws: { error in
            "\(error)".contains("is 2 bytes, not 16; delete its row from store_keys to make a new one")
        }
    }

    /// Migration 8 drops the code's hash column and index; the claims stay and their tokens still
    /// redeem.
    @Test func claimsMadeBeforeCodesWereEncryptedAreKeptAndTheirTokensStillRedeem() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let token = ClaimToken.random(id: ClaimToken.nextID(at: Self.now))
        do {
            let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            for migration in Schema.migrations.prefix(7) { try connection.execute(migration) }
            try connection.execute("PRAGMA user_version = 7")
            let insert = try connection.prepare("""
                INSERT INTO claims (id, secret_hash, code_key, link, created_at, expires_at, code_expires_at, route)
                VALUES (?1, ?2, 77, 'fuelmoney://settings/account', ?3, ?4, ?4, 'settings.account')
                """)
            try insert.run(.integer(token.id), .blob(token.secretHash), .integer(Self.now.millisecondsSince1970),
                           .integer(Self.now.addingTimeInterval(3_600).millisecondsSince1970))
        }
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let outcome = try await awaiting {
            store.redeemClaim(.token(token), install: UUID(), source: .url, at: Self.now.addingTimeInterval(60), completion: $0)
        }
        guard case .redeemed(let claim) = outcome else {
            Issue.record("the claim made before migration 8 did not redeem: \(outcome)")
            return
        }
        #expect(claim.link == "fuelmoney://settings/account" && claim.route == "settings.account")
    }
}
