import Dispatch
import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkPostgres

/// Redemptions of one claim racing each other on two stores (two instances) sharing a database:
/// each store's redemption runs in its own transaction, so the race is a real one, not two
/// statements of one group commit.
@Suite(.enabled(if: TestDatabase.isAvailable, "set SCENELINK_TEST_POSTGRES to a test database"))
struct PostgresClaimRedemptionRaceTests {
    static let rounds = 150

    /// Two stores on one fresh schema, with an endpoint subscribed to `claim.redeemed`.
    static func instances(_ body: (PostgresSceneStateStore, PostgresSceneStateStore, PostgresConnection) throws -> Void) throws {
        let url = try #require(TestDatabase.url)
        let schema = TestDatabase.uniqueName()
        let first = try PostgresSceneStateStore(url: url, configuration: .init(connectionCount: 2, schema: schema))
        let second = try PostgresSceneStateStore(url: url, configuration: .init(connectionCount: 2, schema: schema))
        defer {
            first.close()
            second.close()
            try? PostgresSceneStateStore.dropSchema(schema, url: url)
        }
        let endpoint = WebhookEndpoint(url: "https://hooks.example.com/in", events: [.claimRedeemed], description: nil,
                                       createdAt: Date(), secret: .random())
        let created = Answer<Result<WebhookEndpoint, WebhookStoreError>>()
        first.createWebhookEndpoint(endpoint) { created.set($0) }
        _ = try #require(created.wait(seconds: 10)).get()
        try body(first, second, try TestDatabase.sideConnection(url, schema: schema))
    }

    /// Redeems `ticket` from both stores at once, `installs.0` on the first and `.1` on the second.
    static func race(_ ticket: ClaimTicket, _ stores: (PostgresSceneStateStore, PostgresSceneStateStore),
                     installs: (UUID, UUID)) throws -> [Result<ClaimRedemptionOutcome, ClaimStoreError>] {
        let answers = [Answer<Result<ClaimRedemptionOutcome, ClaimStoreError>>(), Answer<Result<ClaimRedemptionOutcome, ClaimStoreError>>()]
        let now = Date()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let store = index == 0 ? stores.0 : stores.1
            let key: ClaimKey = index == 0 ? .token(ticket.token) : ticket.codeKey
            store.redeemClaim(key, install: index == 0 ? installs.0 : installs.1, source: index == 0 ? .url : .code,
                              at: now) { answers[index].set($0) }
        }
        return try answers.map { try #require($0.wait(seconds: 10)) }
    }

    static func issue(_ store: PostgresSceneStateStore) throws -> ClaimTicket {
        let ticket = ClaimTicket.issue(link: "fuelmoney://settings/account", route: "settings.account", at: Date(),
                                       lifetime: 3_600, codeLifetime: 3_600, codes: .random)
        let created = Answer<Result<Void, ClaimStoreError>>()
        store.createClaim(ticket.claim) { created.set($0) }
        try #require(created.wait(seconds: 10)).get()
        return ticket
    }

    @Test func theSameInstallRacingItselfGetsTheSameRedemptionTwiceAndOneEvent() throws {
        try Self.instances { first, second, connection in
            for round in 0..<Self.rounds {
                let ticket = try Self.issue(first)
                let install = UUID()
                let outcomes = try Self.race(ticket, (first, second), installs: (install, install))
                let claims = outcomes.compactMap { (try? $0.get())?.redeemedClaim }
                // One of the two redeemed it; the other got the same claim back as redeemed before.
                #expect(outcomes.filter { if case .success(.redeemed) = $0 { true } else { false } }.count == 1,
                        "round \(round): \(outcomes)")
                #expect(claims.count == 2, "round \(round): \(outcomes)")
                #expect(claims.first == claims.last, "round \(round): the two answers differ")
                #expect(claims.first?.redemption?.install == install)
                if claims.count != 2 || claims.first != claims.last { return }
            }
            #expect(try TestDatabase.count("SELECT count(*) FROM webhook_deliveries WHERE event_type = 'claim.redeemed'",
                                           on: connection) == Self.rounds)
        }
    }

    @Test func twoInstallsRacingGetOneRedemptionAndOneRefusalAndOneEvent() throws {
        try Self.instances { first, second, connection in
            for round in 0..<Self.rounds {
                let ticket = try Self.issue(first)
                let outcomes = try Self.race(ticket, (first, second), installs: (UUID(), UUID()))
                let redeemed = outcomes.filter { if case .success(.redeemed) = $0 { return true } else { return false } }
                let refused = outcomes.filter { $0 == .success(.redeemedByAnotherInstall) }
                #expect(redeemed.count == 1 && refused.count == 1, "round \(round): \(outcomes)")
                if redeemed.count != 1 { return }
            }
            #expect(try TestDatabase.count("SELECT count(*) FROM webhook_deliveries WHERE event_type = 'claim.redeemed'",
                                           on: connection) == Self.rounds)
        }
    }
}
