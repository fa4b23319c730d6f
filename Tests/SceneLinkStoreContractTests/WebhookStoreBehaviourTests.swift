import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// One behaviour list for webhook endpoints and the outbox, run against the SQLite store (file
/// and `:memory:`), the fake, and PostgreSQL when `SCENELINK_TEST_POSTGRES` is set.
@Suite struct WebhookStoreBehaviourTests {
    static func endpoint(_ events: [WebhookEventType], url: String = "https://hooks.example.com/in") -> WebhookEndpoint {
        WebhookEndpoint(url: url, events: events, description: "CRM", createdAt: epoch, secret: .random())
    }

    static func link(_ code: String) throws -> ShortLink {
        ShortLink(code: try ShortCode(code), link: "fuelmoney://settings/account", createdAt: epoch, expiresAt: nil,
                  route: "settings.account")
    }

    /// The deliveries of `endpoint`, oldest first, once `count` are queued (clicks are queued
    /// without the answer waiting; at most 5 s).
    static func deliveries(_ store: any WebhookStore, _ endpoint: WebhookEndpoint, count: Int) async throws -> [WebhookDelivery] {
        for _ in 0..<500 {
            let found = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 100, completion: $0) }
            if found.count >= count { return found.reversed() }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("\(endpoint.id) never had \(count) deliveries")
        return []
    }

    @Test(arguments: StoreKind.allCases)
    func endpointsAreCreatedListedRotatedAndDeleted(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let first = Self.endpoint([.shortLinkCreated, .shortLinkClicked])
        let second = Self.endpoint([.shortLinkDeleted])
        #expect(try await awaiting { store.createWebhookEndpoint(first, completion: $0) } == first)
        _ = try await awaiting { store.createWebhookEndpoint(second, completion: $0) }
        #expect(try await awaiting { store.webhookEndpoints(completion: $0) } == [first, second])
        #expect(try await awaiting { store.webhookEndpoint(id: first.id, completion: $0) } == first)

        let newSecret = WebhookSecret.random()
        let until = epoch.addingTimeInterval(86_400)
        let rotated = try await awaiting { store.rotateWebhookSecret(id: first.id, to: newSecret, previousExpiresAt: until,
                                                                    completion: $0) }
        #expect(rotated?.secret == newSecret)
        #expect(rotated?.previousSecret == first.secret)
        #expect(rotated?.previousSecretExpiresAt == until)
        #expect(rotated?.signingSecrets(at: epoch) == [newSecret, first.secret])
        #expect(rotated?.signingSecrets(at: until) == [newSecret])
        #expect(try await awaiting { store.rotateWebhookSecret(id: "ep_none", to: newSecret, previousExpiresAt: until,
                                                              completion: $0) } == nil)

        #expect(try await awaiting { store.deleteWebhookEndpoint(id: first.id, completion: $0) })
        #expect(try await awaiting { store.deleteWebhookEndpoint(id: first.id, completion: $0) } == false)
        #expect(try await awaiting { store.webhookEndpoint(id: first.id, completion: $0) } == nil)
        #expect(try await awaiting { store.webhookEndpoints(completion: $0) } == [second])
    }

    @Test(arguments: StoreKind.allCases)
    func updatesAndImportsQueueTheirEventsInTheirTransaction(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let endpoint = Self.endpoint([.shortLinkCreated, .shortLinkUpdated])
        _ = try await awaiting { store.createWebhookEndpoint(endpoint, completion: $0) }

        let created = try await awaiting { fixture.links.createShortLink(try Self.link("spring"), completion: $0) }
        var change = created
        change.title = "Spring \"sale\""
        change.tags = [try ShortLinkTag("sale"), try ShortLinkTag("email")]
        change.expiresAt = epoch.addingTimeInterval(3600)
        _ = try await awaiting { fixture.links.updateShortLink(change, expectedRevision: 1, at: epoch.addingTimeInterval(60), completion: $0) }
        // A refused change queues nothing.
        await #expect(throws: ShortLinkStoreError.revisionChanged(created.code)) {
            try await awaiting { fixture.links.updateShortLink(change, expectedRevision: 1, at: epoch, completion: $0) }
        }
        // An atomic import that is refused queues nothing; one that is not, an event per link.
        let refused = try await awaiting { fixture.links.createShortLinks([try Self.link("new"), try Self.link("spring")], atomic: true,
                                                                          completion: $0) }
        #expect(refused.map { $0?.sequence } == [0, nil])
        _ = try await awaiting { fixture.links.createShortLinks([try Self.link("one"), try Self.link("spring"), try Self.link("two")],
                                                                atomic: false, completion: $0) }

        let all = try await Self.deliveries(store, endpoint, count: 4)
        #expect(all.map(\.event.type) == [.shortLinkCreated, .shortLinkUpdated, .shortLinkCreated, .shortLinkCreated])
        #expect(all[1].event.payload == #"{"type":"short_link.updated","timestamp":"2027-01-15T08:01:00.000Z","data":"#
                + #"{"code":"spring","route":"settings.account","link":"fuelmoney://settings/account","createdAt":"2027-01-15T08:00:00.000Z","#
                + #""expiresAt":"2027-01-15T09:00:00.000Z","title":"Spring \"sale\"","tags":["email","sale"]}}"#)
        #expect(all[2].event.payload.contains(#""code":"one""#))
        #expect(all[3].event.payload.contains(#""code":"two""#))
    }

    @Test(arguments: StoreKind.allCases)
    func shortLinkChangesQueueEventsForSubscribedEndpointsOnly(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let everything = Self.endpoint([.shortLinkCreated, .shortLinkClicked, .shortLinkDeleted])
        let deletions = Self.endpoint([.shortLinkDeleted])
        _ = try await awaiting { store.createWebhookEndpoint(everything, completion: $0) }
        _ = try await awaiting { store.createWebhookEndpoint(deletions, completion: $0) }

        let code = try ShortCode("spring")
        _ = try await awaiting { fixture.links.createShortLink(try Self.link("spring"), completion: $0) }
        let clickTime = epoch.addingTimeInterval(5)
        let visit = ShortLinkClickVisit(visitClass: .human, trigger: .qr, platform: .ios, country: "JP")
        _ = try await awaiting { fixture.links.shortLink(code: code, countingClickAt: clickTime, visit: visit, completion: $0) }
        _ = try await Self.deliveries(store, everything, count: 2)
        #expect(try await awaiting { fixture.links.deleteShortLink(code: code, completion: $0) })

        let all = try await Self.deliveries(store, everything, count: 3)
        #expect(all.map(\.event.type) == [.shortLinkCreated, .shortLinkClicked, .shortLinkDeleted])
        #expect(all.allSatisfy { $0.state == .pending && $0.attempts == 0 })
        #expect(Set(all.map(\.event.id)).count == 3)
        #expect(all.allSatisfy { $0.event.id.hasPrefix("msg_") })
        #expect(all[0].event.payload == #"{"type":"short_link.created","timestamp":"2027-01-15T08:00:00.000Z","data":"#
                + #"{"code":"spring","route":"settings.account","link":"fuelmoney://settings/account","createdAt":"2027-01-15T08:00:00.000Z","expiresAt":null,"#
                + #""title":null,"tags":[]}}"#)
        #expect(all[1].event.payload == #"{"type":"short_link.clicked","timestamp":"2027-01-15T08:00:05.000Z","data":"#
                + #"{"code":"spring","route":"settings.account","link":"fuelmoney://settings/account","count":1,"time":"2027-01-15T08:00:05.000Z","#
                + #""visit":{"class":"human","trigger":"qr","platform":"ios","country":"JP"},"campaign":null}}"#)
        #expect(all[2].event.payload.hasPrefix(#"{"type":"short_link.deleted","timestamp":""#))
        #expect(all[2].event.payload.hasSuffix(#"","data":{"code":"spring"}}"#))

        let onlyDeleted = try await Self.deliveries(store, deletions, count: 1)
        #expect(onlyDeleted.map(\.event.type) == [.shortLinkDeleted])
        #expect(onlyDeleted[0].event.id == all[2].event.id)
        let statistics = try await awaiting { store.webhookQueueStatistics(completion: $0) }
        #expect(statistics.pending == 4)
        #expect(statistics.oldestPendingAt == all.map(\.event.timestamp).min())
    }

    @Test(arguments: StoreKind.allCases)
    func aClaimCountsTheAttemptAndLeasesTheDeliveryUntilItIsRecorded(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let endpoint = Self.endpoint([])
        _ = try await awaiting { store.createWebhookEndpoint(endpoint, completion: $0) }
        let event = WebhookEvent.webhookTest(endpointID: endpoint.id, at: epoch)
        #expect(try await awaiting { store.enqueueWebhookEvent(event, endpointID: endpoint.id, completion: $0) })
        #expect(try await awaiting { store.enqueueWebhookEvent(event, endpointID: "ep_none", completion: $0) } == false)

        #expect(try await awaiting { store.claimWebhookDeliveries(now: epoch.addingTimeInterval(-1), leaseUntil: epoch,
                                                                 limit: 10, cap: .none, completion: $0) }.isEmpty)
        let lease = epoch.addingTimeInterval(30)
        let claimed = try await awaiting { store.claimWebhookDeliveries(now: epoch, leaseUntil: lease, limit: 10, cap: .none, completion: $0) }
        #expect(claimed.count == 1)
        #expect(claimed.first?.delivery.event == event)
        #expect(claimed.first?.delivery.attempts == 1)
        #expect(claimed.first?.endpoint == endpoint)
        // Leased: not claimed again before the lease ends; claimed again after (a worker that died).
        #expect(try await awaiting { store.claimWebhookDeliveries(now: epoch.addingTimeInterval(29), leaseUntil: lease,
                                                                 limit: 10, cap: .none, completion: $0) }.isEmpty)
        let again = try await awaiting { store.claimWebhookDeliveries(now: lease, leaseUntil: lease.addingTimeInterval(30),
                                                                     limit: 10, cap: .none, completion: $0) }
        #expect(again.map(\.delivery.attempts) == [2])
        #expect(again.map(\.delivery.event.id) == [event.id])

        let sequence = try #require(again.first).delivery.sequence
        let retryAt = lease.addingTimeInterval(5)
        try await awaiting { store.recordWebhookAttempt(sequence: sequence, outcome: .retry(nextAttemptAt: retryAt, status: 500,
                                                                                           error: "HTTP 500"), at: lease, completion: $0) }
        var listed = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(listed.first?.nextAttemptAt == retryAt)
        #expect(listed.first?.lastStatus == 500)
        #expect(listed.first?.lastError == "HTTP 500")
        #expect(listed.first?.lastAttemptAt == lease)

        let third = try await awaiting { store.claimWebhookDeliveries(now: retryAt, leaseUntil: retryAt.addingTimeInterval(30),
                                                                     limit: 10, cap: .none, completion: $0) }
        #expect(third.map(\.delivery.attempts) == [3])
        try await awaiting { store.recordWebhookAttempt(sequence: sequence, outcome: .delivered(status: 204), at: retryAt,
                                                        completion: $0) }
        listed = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(listed.first?.state == .delivered)
        #expect(listed.first?.lastStatus == 204)
        #expect(listed.first?.nextAttemptAt == nil)
        #expect(try await awaiting { store.webhookQueueStatistics(completion: $0) } == WebhookQueueStatistics(pending: 0, oldestPendingAt: nil))

        // A replay queues the same message (same id and body) again from attempt zero.
        #expect(try await awaiting { store.replayWebhookMessage(endpointID: endpoint.id, messageID: event.id, now: retryAt,
                                                               completion: $0) })
        #expect(try await awaiting { store.replayWebhookMessage(endpointID: endpoint.id, messageID: "msg_none", now: retryAt,
                                                               completion: $0) } == false)
        listed = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(listed.count == 2)
        #expect(listed.first?.event == event)
        #expect(listed.first?.state == .pending)
        #expect(listed.first?.attempts == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func theRetentionSweepDeletesOldDeliveredAndFailedDeliveriesOldestFirstAndNeverAPendingOne(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let endpoint = Self.endpoint([])
        _ = try await awaiting { store.createWebhookEndpoint(endpoint, completion: $0) }
        for _ in 0..<5 {
            let event = WebhookEvent.webhookTest(endpointID: endpoint.id, at: epoch)
            #expect(try await awaiting { store.enqueueWebhookEvent(event, endpointID: endpoint.id, completion: $0) })
        }
        let claimed = try await awaiting { store.claimWebhookDeliveries(now: epoch, leaseUntil: epoch.addingTimeInterval(30),
                                                                       limit: 10, cap: .none, completion: $0) }
        let sequences = claimed.map(\.delivery.sequence).sorted()
        try #require(sequences.count == 5)
        // Delivered at +20 s, failed at +10 s, delivered at +100 s (after the cutoff), a retry
        // attempted at +5 s (still pending), and one never recorded (pending, leased).
        let outcomes: [(WebhookAttemptOutcome, TimeInterval)] = [
            (.delivered(status: 204), 20), (.failed(status: 500, error: "HTTP 500", disableEndpoint: false), 10),
            (.delivered(status: 200), 100), (.retry(nextAttemptAt: epoch.addingTimeInterval(60), status: 503, error: "HTTP 503"), 5),
        ]
        for (sequence, (outcome, after)) in zip(sequences, outcomes) {
            try await awaiting { store.recordWebhookAttempt(sequence: sequence, outcome: outcome, at: epoch.addingTimeInterval(after),
                                                            completion: $0) }
        }
        let cutoff = epoch.addingTimeInterval(50)
        // Oldest last attempt first: the failed one (+10 s) goes before the delivered one (+20 s).
        #expect(try await awaiting { store.deleteFinishedWebhookDeliveries(before: cutoff, limit: 1, completion: $0) } == 1)
        var left = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(Set(left.map(\.sequence)) == Set(sequences).subtracting([sequences[1]]))
        #expect(try await awaiting { store.deleteFinishedWebhookDeliveries(before: cutoff, limit: 200, completion: $0) } == 1)
        #expect(try await awaiting { store.deleteFinishedWebhookDeliveries(before: cutoff, limit: 200, completion: $0) } == 0)
        left = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(Set(left.map(\.sequence)) == [sequences[2], sequences[3], sequences[4]])
        // However late the cutoff, pending deliveries stay: the retry and the leased one.
        #expect(try await awaiting { store.deleteFinishedWebhookDeliveries(before: epoch.addingTimeInterval(86_400 * 365), limit: 200,
                                                                           completion: $0) } == 1)
        left = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(Set(left.map(\.sequence)) == [sequences[3], sequences[4]])
        #expect(left.allSatisfy { $0.state == .pending })
        #expect(try await awaiting { store.webhookQueueStatistics(completion: $0) }.pending == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func theOutboxLimitSweepsOldestFinishedFirstThenDropsAndCountsTheNewestNeverAttempted(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let busy = Self.endpoint([]), quiet = Self.endpoint([], url: "https://hooks.example.com/quiet")
        for (endpoint, count) in [(busy, 8), (quiet, 2)] {
            _ = try await awaiting { store.createWebhookEndpoint(endpoint, completion: $0) }
            for _ in 0..<count {
                let event = WebhookEvent.webhookTest(endpointID: endpoint.id, at: epoch)
                #expect(try await awaiting { store.enqueueWebhookEvent(event, endpointID: endpoint.id, completion: $0) })
            }
        }
        let all = try await awaiting { store.webhookDeliveries(endpointID: busy.id, limit: 100, completion: $0) }
        let sequences = all.map(\.sequence).sorted()
        try #require(sequences.count == 8)
        let claimed = try await awaiting { store.claimWebhookDeliveries(
            now: epoch, leaseUntil: epoch.addingTimeInterval(30), limit: 3,
            cap: WebhookEndpointCap(maximumPerEndpoint: 3, inFlight: [quiet.id: 3]), completion: $0) }
        #expect(claimed.map(\.delivery.sequence).sorted() == Array(sequences.prefix(3)))
        // The busy endpoint: one delivered, one failed, one to be retried (pending, attempted), five never attempted.
        let outcomes: [WebhookAttemptOutcome] = [
            .delivered(status: 204), .failed(status: 500, error: "HTTP 500", disableEndpoint: false),
            .retry(nextAttemptAt: epoch.addingTimeInterval(60), status: 503, error: "HTTP 503"),
        ]
        for (sequence, outcome) in zip(sequences, outcomes) {
            try await awaiting { store.recordWebhookAttempt(sequence: sequence, outcome: outcome, at: epoch, completion: $0) }
        }
        func left(_ endpoint: WebhookEndpoint) async throws -> [Int64] {
            try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 100, completion: $0) }.map(\.sequence).sorted()
        }

        // 8 kept in 7: room for one finished beside 6 pending; the older finished one goes.
        #expect(try await awaiting { store.trimWebhookOutbox(limit: 7, completion: $0) } == WebhookOutboxTrim(swept: 1))
        #expect(try await left(busy) == Array(sequences.dropFirst()))
        // 7 kept in 4: the two newest pending are dropped and counted, then no room for the finished one.
        #expect(try await awaiting { store.trimWebhookOutbox(limit: 4, completion: $0) }
                == WebhookOutboxTrim(dropped: [busy.id: 2], swept: 1))
        #expect(try await left(busy) == Array(sequences[2..<6]))
        #expect(try await awaiting { store.trimWebhookOutbox(limit: 4, completion: $0) } == WebhookOutboxTrim())
        // In 1: the attempted one stays (a receiver may have seen it), so pending stays above the limit.
        #expect(try await awaiting { store.trimWebhookOutbox(limit: 1, completion: $0) }
                == WebhookOutboxTrim(dropped: [busy.id: 3, quiet.id: 1]))
        #expect(try await left(busy) == [sequences[2]])
        #expect(try await left(quiet).count == 1)
        #expect(try await awaiting { store.webhookEndpoint(id: busy.id, completion: $0) }?.droppedEvents == 5)
        #expect(try await awaiting { store.webhookEndpoint(id: quiet.id, completion: $0) }?.droppedEvents == 1)
        #expect(try await awaiting { store.webhookQueueStatistics(completion: $0) }.pending == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func anEndpointAtItsCapKeepsItsBacklogUnleasedWhileOtherEndpointsAreClaimedPastIt(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let slow = Self.endpoint([], url: "https://slow.example.com/in"), fast = Self.endpoint([], url: "https://fast.example.com/in")
        _ = try await awaiting { store.createWebhookEndpoint(slow, completion: $0) }
        _ = try await awaiting { store.createWebhookEndpoint(fast, completion: $0) }
        // The slow endpoint's backlog is due first: without a cap it would fill every claim.
        for second in 0..<12 {
            let event = WebhookEvent.webhookTest(endpointID: slow.id, at: epoch.addingTimeInterval(Double(second)))
            _ = try await awaiting { store.enqueueWebhookEvent(event, endpointID: slow.id, completion: $0) }
        }
        for second in 20..<23 {
            let event = WebhookEvent.webhookTest(endpointID: fast.id, at: epoch.addingTimeInterval(Double(second)))
            _ = try await awaiting { store.enqueueWebhookEvent(event, endpointID: fast.id, completion: $0) }
        }
        let now = epoch.addingTimeInterval(60), lease = epoch.addingTimeInterval(600)
        func claim(limit: Int, inFlight: [String: Int]) async throws -> [WebhookDispatch] {
            try await awaiting {
                store.claimWebhookDeliveries(now: now, leaseUntil: lease, limit: limit,
                                             cap: WebhookEndpointCap(maximumPerEndpoint: 4, inFlight: inFlight), completion: $0)
            }
        }
        // Nothing in flight: the slow endpoint's 4 oldest, then the fast one's, in due order.
        let first = try await claim(limit: 6, inFlight: [:])
        #expect(first.map(\.endpoint.id) == [slow.id, slow.id, slow.id, slow.id, fast.id, fast.id])
        #expect(first.prefix(4).map(\.delivery.event.timestamp) == (0..<4).map { epoch.addingTimeInterval(Double($0)) })
        // The slow endpoint at its cap: only the fast one's last delivery, though 8 slow ones are due.
        let second = try await claim(limit: 10, inFlight: [slow.id: 4, fast.id: 2])
        #expect(second.map(\.endpoint.id) == [fast.id])
        // One slow attempt ended: room for one more of its backlog, and no more.
        let third = try await claim(limit: 10, inFlight: [slow.id: 3, fast.id: 3])
        #expect(third.map(\.endpoint.id) == [slow.id])
        #expect(third.first?.delivery.event.timestamp == epoch.addingTimeInterval(4))
        // What was not claimed was not leased: no attempt counted, still due.
        let slowDeliveries = try await awaiting { store.webhookDeliveries(endpointID: slow.id, limit: 100, completion: $0) }
        #expect(slowDeliveries.filter { $0.attempts == 1 }.count == 5)
        #expect(slowDeliveries.filter { $0.attempts == 0 && $0.nextAttemptAt ?? lease < now }.count == 7)
    }

    @Test(arguments: StoreKind.allCases)
    func aFailureThatDisablesTheEndpointStopsItsClaimsAndEvents(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let endpoint = Self.endpoint([.shortLinkCreated])
        _ = try await awaiting { store.createWebhookEndpoint(endpoint, completion: $0) }
        _ = try await awaiting { fixture.links.createShortLink(try Self.link("one"), completion: $0) }
        _ = try await awaiting { fixture.links.createShortLink(try Self.link("two"), completion: $0) }
        let claimed = try await awaiting { store.claimWebhookDeliveries(now: epoch, leaseUntil: epoch.addingTimeInterval(30),
                                                                       limit: 1, cap: .none, completion: $0) }
        #expect(claimed.count == 1)
        let sequence = try #require(claimed.first).delivery.sequence
        try await awaiting { store.recordWebhookAttempt(sequence: sequence,
                                                        outcome: .failed(status: 410, error: "HTTP 410 Gone", disableEndpoint: true),
                                                        at: epoch, completion: $0) }
        let disabled = try await awaiting { store.webhookEndpoint(id: endpoint.id, completion: $0) }
        #expect(disabled?.disabledAt == epoch)
        #expect(disabled?.disabledReason == "HTTP 410 Gone")
        #expect(try await awaiting { store.claimWebhookDeliveries(now: epoch.addingTimeInterval(60), leaseUntil: epoch.addingTimeInterval(90),
                                                                 limit: 10, cap: .none, completion: $0) }.isEmpty)
        _ = try await awaiting { fixture.links.createShortLink(try Self.link("three"), completion: $0) }
        let listed = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(listed.count == 2)
        #expect(listed.contains { $0.state == .failed && $0.lastStatus == 410 })
        // Its pending delivery waits for it, outside the queue depth operators alert on.
        #expect(try await awaiting { store.webhookQueueStatistics(completion: $0) } == WebhookQueueStatistics(pending: 0, oldestPendingAt: nil))
    }

    @Test(arguments: StoreKind.allCases)
    func anUpdateChangesTheURLAndEventsAndReEnablingSendsThePendingDeliveriesAgain(kind: StoreKind) async throws {
        let fixture = try EventStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.webhooks
        let endpoint = Self.endpoint([.shortLinkCreated])
        _ = try await awaiting { store.createWebhookEndpoint(endpoint, completion: $0) }
        let later = epoch.addingTimeInterval(60)
        let off = try await awaiting { store.updateWebhookEndpoint(id: endpoint.id, change: .init(enabled: false, at: epoch), completion: $0) }
        #expect(off?.disabledAt == epoch)
        #expect(off?.disabledReason == WebhookEndpointChange.disabledReason)
        // Disabling again keeps the first time; a disabled endpoint gets no new events.
        let again = try await awaiting { store.updateWebhookEndpoint(id: endpoint.id, change: .init(enabled: false, at: later), completion: $0) }
        #expect(again?.disabledAt == epoch)
        _ = try await awaiting { fixture.links.createShortLink(try Self.link("one"), completion: $0) }
        #expect(try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }.isEmpty)
        _ = try await awaiting { store.enqueueWebhookEvent(.webhookTest(endpointID: endpoint.id, at: epoch), endpointID: endpoint.id, completion: $0) }
        #expect(try await awaiting { store.webhookQueueStatistics(completion: $0) }.pending == 0)

        let change = WebhookEndpointChange(url: "https://hooks.example.com/v2", events: [.shortLinkCreated, .shortLinkDeleted],
                                           enabled: true, at: later)
        let on = try #require(try await awaiting { store.updateWebhookEndpoint(id: endpoint.id, change: change, completion: $0) })
        #expect(on.url == "https://hooks.example.com/v2")
        #expect(on.events == [.shortLinkCreated, .shortLinkDeleted])
        #expect(on.disabledAt == nil && on.disabledReason == nil)
        #expect(on.secret == endpoint.secret)
        #expect(try await awaiting { store.webhookEndpoint(id: endpoint.id, completion: $0) } == on)
        #expect(try await awaiting { store.webhookQueueStatistics(completion: $0) }.pending == 1)
        let claimed = try await awaiting { store.claimWebhookDeliveries(now: later, leaseUntil: later.addingTimeInterval(30),
                                                                       limit: 10, cap: .none, completion: $0) }
        #expect(claimed.map(\.endpoint.url) == ["https://hooks.example.com/v2"])
        // A change with nothing set keeps everything; an unknown id is nil.
        #expect(try await awaiting { store.updateWebhookEndpoint(id: endpoint.id, change: .init(at: later), completion: $0) } == on)
        #expect(try await awaiting { store.updateWebhookEndpoint(id: "ep_none", change: .init(enabled: true, at: later), completion: $0) } == nil)
    }
}
