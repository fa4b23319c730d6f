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
        ClaimTicket.issue(link: "fuelmoney://settings/account", route: "settings.account", at: now, lifetime: week,
                          codeLifetime: hour, codes: .random)
    }

    @Test(arguments: StoreKind.allCases)
    func aClaimIsStoredUnredeemedAndFoundByTokenOrCodeButNotTwice(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims
        let ticket = Self.issue()
        try await awaiting { store.createClaim(ticket.claim, completion: $0) }
        #expect(try await awaiting { store.claim(.token(ticket.token), completion: $0) } == ticket.claim)
        #expect(try await awaiting { store.claim(ticket.codeKey, completion: $0) } == ticket.claim)
        #expect(try await awaiting { store.claim(.token(ClaimToken.random(id: ticket.token.id)), completion: $0) } == nil)
        #expect(try await awaiting { store.claim(.token(ClaimToken.random(id: ticket.token.id + 1)), completion: $0) } == nil)
        await #expect(throws: ClaimStoreError.exists) { try await awaiting { store.createClaim(ticket.claim, completion: $0) } }
        // A code that reads as another id finds nothing.
        #expect(try await awaiting { store.claim(.code(ticket.code, claimID: ticket.claim.id + 1), completion: $0) } == nil)
    }

    /// A claim is written without a savepoint of its own (one INSERT): a taken id must fail that
    /// claim alone, not the others written in the same group commit.
    @Test(arguments: StoreKind.allCases)
    func aTakenIdFailsItsClaimAloneAndTheClaimsWrittenBesideItAreStored(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims
        let tickets = (0..<40).map { _ in Self.issue() }
        var duplicate = Self.issue().claim
        duplicate.id = tickets[5].claim.id
        try await awaiting { store.createClaim(tickets[5].claim, completion: $0) }
        let others = tickets.enumerated().filter { $0.offset != 5 }.map(\.element.claim)
        let claims = others.prefix(20) + [duplicate] + others.dropFirst(20)
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, claim) in claims.enumerated() {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        store.createClaim(claim) { continuation.resume(returning: (index, (try? $0.get()) != nil)) }
                    }
                }
            }
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == claims.count)
        #expect(results.filter { !$0.value }.map(\.key) == [20])
        for ticket in tickets {
            #expect(try await awaiting { store.claim(.token(ticket.token), completion: $0) } == ticket.claim)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theFirstInstallRedeemsRetriesGetTheSameAnswerAndAnotherInstallIsRefused(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims
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
            store.redeemClaim(ticket.codeKey, install: install, source: .code, at: at.addingTimeInterval(600), completion: $0)
        }
        #expect(retry == .redeemedBefore(expected))
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
    func aNewRedemptionQueuesClaimRedeemedOnceForSubscribersAndRetriesAndRefusalsQueueNothing(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims, webhooks = fixture.webhooks
        let subscribed = WebhookEndpoint(url: "https://hooks.example.com/in", events: [.claimRedeemed, .shortLinkClicked],
                                         description: nil, createdAt: epoch, secret: .random())
        let clicksOnly = WebhookEndpoint(url: "https://hooks.example.com/clicks", events: [.shortLinkClicked],
                                         description: nil, createdAt: epoch, secret: .random())
        var disabled = WebhookEndpoint(url: "https://hooks.example.com/off", events: [.claimRedeemed],
                                       description: nil, createdAt: epoch, secret: .random())
        disabled.disabledAt = epoch
        for endpoint in [subscribed, clicksOnly, disabled] {
            _ = try await awaiting { webhooks.createWebhookEndpoint(endpoint, completion: $0) }
        }
        let ticket = Self.issue(), stale = Self.issue()
        try await awaiting { store.createClaim(ticket.claim, completion: $0) }
        try await awaiting { store.createClaim(stale.claim, completion: $0) }
        let install = UUID(), at = epoch.addingTimeInterval(90)
        for retry in 0..<3 {
            let outcome = try await awaiting {
                store.redeemClaim(ticket.codeKey, install: install, source: .code, at: at.addingTimeInterval(Double(retry)),
                                  completion: $0)
            }
            // The first redeems; the retries answer the same redemption.
            switch (retry, outcome) {
            case (0, .redeemed), (1..., .redeemedBefore): break
            default: Issue.record("redemption \(retry) answered \(outcome)"); return
            }
        }
        #expect(try await awaiting {
            store.redeemClaim(.token(ticket.token), install: UUID(), source: .url, at: at, completion: $0)
        } == .redeemedByAnotherInstall)
        #expect(try await awaiting {
            store.redeemClaim(.token(stale.token), install: install, source: .url, at: epoch.addingTimeInterval(Self.week),
                              completion: $0)
        } == .expired)
        #expect(try await awaiting {
            store.redeemClaim(.token(ClaimToken.random(id: 1)), install: install, source: .url, at: at, completion: $0)
        } == .unknown)

        let queued = try await awaiting { webhooks.webhookDeliveries(endpointID: subscribed.id, limit: 10, completion: $0) }
        #expect(queued.count == 1)
        let event = try #require(queued.first).event
        #expect(event.type == .claimRedeemed)
        #expect(event.timestamp == at)
        #expect(event.id.hasPrefix("msg_"))
        #expect(event.payload == #"{"type":"claim.redeemed","timestamp":"2027-01-15T08:01:30.000Z","data":"#
                + #"{"route":"settings.account","link":"fuelmoney://settings/account","source":"code","redeemedAt":"2027-01-15T08:01:30.000Z"}}"#)
        #expect(!event.payload.contains(install.uuidString))
        #expect(try await awaiting { webhooks.webhookDeliveries(endpointID: clicksOnly.id, limit: 10, completion: $0) }.isEmpty)
        #expect(try await awaiting { webhooks.webhookDeliveries(endpointID: disabled.id, limit: 10, completion: $0) }.isEmpty)
    }

    /// SQLite's writer is one thread, so its redemptions are serial; PostgreSQL's group commits
    /// and pool run them at once (two stores racing: `PostgresClaimRedemptionRaceTests`).
    @Test(arguments: StoreKind.allCases)
    func oneInstallRedeemingOneClaimManyTimesAtOnceGetsOneAnswerAndOneEvent(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims
        let endpoint = WebhookEndpoint(url: "https://hooks.example.com/in", events: [.claimRedeemed], description: nil,
                                       createdAt: epoch, secret: .random())
        _ = try await awaiting { fixture.webhooks.createWebhookEndpoint(endpoint, completion: $0) }
        let rounds = 20, racers = 8
        for round in 0..<rounds {
            let ticket = Self.issue()
            try await awaiting { store.createClaim(ticket.claim, completion: $0) }
            let install = UUID()
            let outcomes = try await withThrowingTaskGroup(of: ClaimRedemptionOutcome.self) { group in
                for racer in 0..<racers {
                    group.addTask {
                        try await awaiting {
                            store.redeemClaim(racer.isMultiple(of: 2) ? .token(ticket.token) : ticket.codeKey,
                                              install: install, source: .url, at: epoch.addingTimeInterval(60), completion: $0)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // One racer redeems; the others get the same claim back as redeemed before.
            #expect(Set(outcomes.map { "\(String(describing: $0.redeemedClaim))" }).count == 1, "round \(round): \(outcomes)")
            #expect(outcomes.filter { if case .redeemed = $0 { true } else { false } }.count == 1, "round \(round): \(outcomes)")
            guard let claim = outcomes.first?.redeemedClaim, claim.redemption?.install == install else {
                Issue.record("round \(round) answered \(outcomes)")
                return
            }
        }
        let queued = try await awaiting { fixture.webhooks.webhookDeliveries(endpointID: endpoint.id, limit: 100, completion: $0) }
        #expect(queued.count == rounds)
    }

    @Test(arguments: StoreKind.allCases)
    func aClaimWithoutARouteAndALinkThatNeedsEscapingQueuesValidJSON(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let endpoint = WebhookEndpoint(url: "https://hooks.example.com/in", events: [.claimRedeemed], description: nil,
                                       createdAt: epoch, secret: .random())
        _ = try await awaiting { fixture.webhooks.createWebhookEndpoint(endpoint, completion: $0) }
        let link = "fuelmoney://search?q=\"quoted\"\\back"
        let ticket = ClaimTicket.issue(link: link, at: epoch, lifetime: Self.week, codeLifetime: Self.hour, codes: .random)
        try await awaiting { fixture.claims.createClaim(ticket.claim, completion: $0) }
        _ = try await awaiting {
            fixture.claims.redeemClaim(.token(ticket.token), install: UUID(), source: .referrer, at: epoch, completion: $0)
        }
        let queued = try await awaiting { fixture.webhooks.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        let payload = try #require(queued.first).event.payload
        let body = try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
        let data = body?["data"] as? [String: Any]
        #expect(data?["route"] is NSNull)
        #expect(data?["link"] as? String == link)
        #expect(data?["source"] as? String == "referrer")
        #expect(Set(data?.keys.map { $0 } ?? []) == ["route", "link", "source", "redeemedAt"])
    }

    @Test(arguments: StoreKind.allCases)
    func aCodePastItsHourAndAClaimPastItsWeekAreExpiredButTheTokenOutlivesTheCode(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims
        let ticket = Self.issue(), stale = Self.issue()
        try await awaiting { store.createClaim(ticket.claim, completion: $0) }
        try await awaiting { store.createClaim(stale.claim, completion: $0) }
        let afterCode = epoch.addingTimeInterval(Self.hour)
        #expect(try await awaiting {
            store.redeemClaim(ticket.codeKey, install: UUID(), source: .code, at: afterCode, completion: $0)
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
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims
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

    @Test(arguments: StoreKind.allCases)
    func theSweepCountsTheClaimsThatExpiredUnredeemedPerUTCDayOfExpiry(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.claims
        let day: TimeInterval = 86_400
        // Two expire on one UTC day (one of them redeemed first), one the next day, one stays.
        let first = Self.issue(at: epoch), redeemed = Self.issue(at: epoch.addingTimeInterval(1))
        let later = Self.issue(at: epoch.addingTimeInterval(day)), live = Self.issue(at: epoch.addingTimeInterval(10 * day))
        for ticket in [first, redeemed, later, live] { try await awaiting { store.createClaim(ticket.claim, completion: $0) } }
        _ = try await awaiting {
            store.redeemClaim(.token(redeemed.token), install: UUID(), source: .referrer, at: epoch.addingTimeInterval(60), completion: $0)
        }
        let expiryDay = AnalyticsBucket.day(of: first.claim.expiresAt)
        let days = (expiryDay - 5)...(expiryDay + 5)
        #expect(try await awaiting { store.expiredClaims(days: days, completion: $0) }.isEmpty)
        let cutoff = epoch.addingTimeInterval(Self.week + 2 * day)
        // Batches of one: each adds its own claim to its day's count, in the same transaction.
        for _ in 0..<4 { _ = try await awaiting { store.deleteExpiredClaims(expiredBefore: cutoff, limit: 1, completion: $0) } }
        // The epoch is 08:00 UTC, so the first two expire on one day and the third on the next.
        #expect(try await awaiting { store.expiredClaims(days: days, completion: $0) } == [expiryDay: 1, expiryDay + 1: 1])
        #expect(try await awaiting { store.expiredClaims(days: (expiryDay + 20)...(expiryDay + 30), completion: $0) }.isEmpty)
        #expect(try await awaiting { store.claim(.token(live.token), completion: $0) } == live.claim)
    }
}
