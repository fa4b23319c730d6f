import CSQLite
import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// One behaviour list for claims, run against the SQLite store (file and `:memory:`), the fake,
/// and PostgreSQL when `SCENELINK_TEST_POSTGRES` is set. Time is whatever instant the test
/// passes: the store reads no clock.
@Suite struct ClaimStoreBehaviourTests {
    static let week: TimeInterval = 7 * 86_400, hour: TimeInterval = 3_600

    static func issue(at now: Date = epoch) -> ClaimTicket {
        ClaimTicket.issue(link: "fuelmoney://settings/account", at: now, lifetime: week, codeLifetime: hour)
    }

    @Test(arguments: StoreKind.allCases)
    func aClaimIsStoredUnredeemedAndFoundByTokenOrCodeButNotTwice(kind: StoreKind) async throws {
        let fixture = try ClaimStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let ticket = Self.issue()
        try await awaiting { store.createClaim(ticket.claim, completion: $0) }
        #expect(try await awaiting { store.claim(.token(ticket.token), completion: $0) } == ticket.claim)
        #expect(try await awaiting { store.claim(.code(ticket.code), completion: $0) } == ticket.claim)
        #expect(try await awaiting { store.claim(.token(ClaimToken.random(id: ticket.token.id)), completion: $0) } == nil)
        #expect(try await awaiting { store.claim(.token(ClaimToken.random(id: ticket.token.id + 1)), completion: $0) } == nil)
        await #expect(throws: ClaimStoreError.exists) { try await awaiting { store.createClaim(ticket.claim, completion: $0) } }
        var sameCode = Self.issue().claim
        sameCode.codeKey = ticket.claim.codeKey
        await #expect(throws: ClaimStoreError.exists) { try await awaiting { store.createClaim(sameCode, completion: $0) } }
    }

    @Test(arguments: StoreKind.allCases)
    func theFirstInstallRedeemsRetriesGetTheSameAnswerAndAnotherInstallIsRefused(kind: StoreKind) async throws {
        let fixture = try ClaimStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let ticket = Self.issue()
        try await awaiting { store.createClaim(ticket.claim, completion: $0) }
        let install = UUID(), other = UUID()
        let at = epoch.addingTimeInterval(60)
        let first = try await awaiting {
            store.redeemClaim(.token(ticket.token), install: install, source: .referrer, at: at, completion: $0)
        }
        var expected = ticket.claim
        expected.redemption = ClaimRedemption(install: install, source: .referrer, redeemedAt: at)
        #expect(first == .redeemed(expected))
        let retry = try await awaiting {
            store.redeemClaim(.code(ticket.code), install: install, source: .code, at: at.addingTimeInterval(600), completion: $0)
        }
        #expect(retry == .redeemed(expected))
        let stolen = try await awaiting {
            store.redeemClaim(.token(ticket.token), install: other, source: .url, at: at, completion: $0)
        }
        #expect(stolen == .redeemedByAnotherInstall)
        #expect(try await awaiting { store.claim(.token(ticket.token), completion: $0) } == expected)
        let unknown = try await awaiting {
            store.redeemClaim(.token(ClaimToken.random(id: 1)), install: install, source: .url, at: at, completion: $0)
        }
        #expect(unknown == .unknown)
        // The id alone is not enough: a token with the claim's id and another secret finds nothing.
        let other2 = Self.issue()
        try await awaiting { store.createClaim(other2.claim, completion: $0) }
        let forged = try await awaiting {
            store.redeemClaim(.token(ClaimToken.random(id: other2.token.id)), install: install, source: .url, at: at, completion: $0)
        }
        #expect(forged == .unknown)
        #expect(try await awaiting { store.claim(.token(other2.token), completion: $0) }?.redemption == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func aCodePastItsHourAndAClaimPastItsWeekAreExpiredButTheTokenOutlivesTheCode(kind: StoreKind) async throws {
        let fixture = try ClaimStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let ticket = Self.issue(), stale = Self.issue()
        try await awaiting { store.createClaim(ticket.claim, completion: $0) }
        try await awaiting { store.createClaim(stale.claim, completion: $0) }
        let afterCode = epoch.addingTimeInterval(Self.hour)
        #expect(try await awaiting {
            store.redeemClaim(.code(ticket.code), install: UUID(), source: .code, at: afterCode, completion: $0)
        } == .expired)
        if case .redeemed = try await awaiting({
            store.redeemClaim(.token(ticket.token), install: UUID(), source: .url, at: afterCode, completion: $0)
        }) {} else {
            Issue.record("the token stopped working with the code")
        }
        #expect(try await awaiting {
            store.redeemClaim(.token(stale.token), install: UUID(), source: .referrer, at: epoch.addingTimeInterval(Self.week),
                              completion: $0)
        } == .expired)
        #expect(try await awaiting { store.claim(.token(stale.token), completion: $0) }?.redemption == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func theSweepDeletesClaimsThatExpiredBeforeTheCutoffInBatches(kind: StoreKind) async throws {
        let fixture = try ClaimStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let old = (0..<3).map { Self.issue(at: epoch.addingTimeInterval(Double($0))) }
        let fresh = Self.issue(at: epoch.addingTimeInterval(Self.week))
        for ticket in old + [fresh] { try await awaiting { store.createClaim(ticket.claim, completion: $0) } }
        let cutoff = epoch.addingTimeInterval(Self.week + 10)
        #expect(try await awaiting { store.deleteExpiredClaims(expiredBefore: cutoff, limit: 2, completion: $0) } == 2)
        #expect(try await awaiting { store.deleteExpiredClaims(expiredBefore: cutoff, limit: 2, completion: $0) } == 1)
        #expect(try await awaiting { store.deleteExpiredClaims(expiredBefore: cutoff, limit: 2, completion: $0) } == 0)
        for ticket in old { #expect(try await awaiting { store.claim(.token(ticket.token), completion: $0) } == nil) }
        #expect(try await awaiting { store.claim(.token(fresh.token), completion: $0) } == fresh.claim)
    }

    /// The privacy promise, checked on the table itself: a claim row has the link, the times and
    /// the redemption, and nothing that could describe the visitor or their device.
    @Test func theSQLiteClaimsTableHoldsNoAddressUserAgentOrDeviceColumn() throws {
        let path = StoreFixture.temporaryPath()
        defer { StoreFixture.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        let connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 100)
        let statement = try connection.prepare("SELECT name FROM pragma_table_info('claims') ORDER BY cid")
        var columns: [String] = []
        while try statement.step() { columns.append(statement.text(at: 0)) }
        statement.reset()
        #expect(columns == ["id", "secret_hash", "code_key", "link", "created_at", "expires_at", "code_expires_at",
                            "redeemed_install", "redeemed_source", "redeemed_at"])
        for forbidden in ["addr", "ip", "agent", "device", "model", "screen", "zone", "locale"] {
            #expect(!columns.contains { $0.contains(forbidden) }, "a claims column mentions '\(forbidden)'")
        }
    }
}
