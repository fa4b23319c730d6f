import Foundation
import SceneLinkCore
import Testing

/// What every `IdempotencyStore` must do, on SQLite (file and memory), the in-memory fake, and
/// PostgreSQL when `SCENELINK_TEST_POSTGRES` is set.
@Suite struct IdempotencyStoreBehaviourTests {
    /// The idempotency store and the stores whose creates write its records.
    struct Stores {
        let idempotency: any IdempotencyStore
        let sessions: any SceneStateStore
        let links: any ShortLinkStore
        let webhooks: any WebhookStore
        let tearDown: () -> Void

        init(_ kind: StoreKind) throws {
            let base = try StoreFixture(kind)
            tearDown = base.tearDown
            if kind == .inMemoryFake {
                let idempotency = InMemoryIdempotencyStore()
                self.idempotency = idempotency
                sessions = InMemorySceneStateStore(idempotency: idempotency)
                links = InMemoryShortLinkStore(idempotency: idempotency)
                webhooks = InMemoryWebhookStore(idempotency: idempotency)
            } else {
                let store = try base.store(as: (any IdempotencyStore & SceneStateStore & ShortLinkStore & WebhookStore).self, kind: kind)
                idempotency = store
                sessions = store
                links = store
                webhooks = store
            }
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let key = try! IdempotencyKey("5f0c1c1e-4a5e-4f43-9d86-3c3a8b3f2a10")

    static func request(_ body: String, scope: String = "admin a1", key: IdempotencyKey = key) -> IdempotentRequest {
        IdempotentRequest(key: key, scope: scope, route: "POST /v1/short-links", body: Array(body.utf8))
    }

    static func begin(_ stores: Stores, _ request: IdempotentRequest, at now: Date = now) async throws -> IdempotencyBegin {
        try await awaiting { completion in
            stores.idempotency.beginIdempotentRequest(keyHash: request.keyHash, fingerprint: request.fingerprint, now: now,
                                                      leaseUntil: now.addingTimeInterval(30),
                                                      expiredBefore: now.addingTimeInterval(-IdempotencyRecord.lifetime),
                                                      completion: { completion($0.mapError { $0 as any Error }) })
        }
    }

    static func link(_ code: String) throws -> ShortLink {
        ShortLink(code: try ShortCode(code), link: "fuelmoney://settings", createdAt: now, expiresAt: nil, route: nil)
    }

    @Test(arguments: StoreKind.allCases)
    func aKeyIsHeldWhileInFlightThenReplaysTheAnswerStoredWithTheCreate(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        let first = Self.request(#"{"link":"fuelmoney://settings"}"#)
        #expect(try await Self.begin(stores, first) == .proceed)
        #expect(try await Self.begin(stores, first, at: Self.now.addingTimeInterval(1)) == .inFlight(until: Self.now.addingTimeInterval(30)))
        let answer = IdempotentAnswer(status: 201, location: "https://fuelmoney.example.com/s/one", body: Array(#"{"code":"one"}"#.utf8))
        let record = IdempotencyRecord(request: first, createdAt: Self.now, answer: answer)
        _ = try await awaiting { stores.links.createShortLink(try Self.link("one"), recording: record, completion: $0) }
        let replayed = try await Self.begin(stores, first, at: Self.now.addingTimeInterval(5))
        guard case .replay(let status, let location, let sealed) = replayed else {
            Issue.record("answered \(replayed)")
            return
        }
        #expect(status == 201 && location == answer.location)
        // Stored sealed: the database alone cannot read a secret in it.
        #expect(sealed != answer.body)
        #expect(IdempotentAnswer.opening(status: status, location: location, sealedBody: sealed, with: first.answerKey) == answer)
        // Another body with the key is refused; another caller's same key is another request.
        #expect(try await Self.begin(stores, Self.request(#"{"link":"fuelmoney://explain"}"#)) == .mismatch)
        #expect(try await Self.begin(stores, Self.request(#"{"link":"fuelmoney://settings"}"#, scope: "admin b2")) == .proceed)
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedCreateRecordsNothingAndAReleasedKeyProceedsAgain(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        _ = try await awaiting { stores.links.createShortLink(try Self.link("taken"), completion: $0) }
        let request = Self.request(#"{"link":"fuelmoney://settings","alias":"taken"}"#)
        #expect(try await Self.begin(stores, request) == .proceed)
        let record = IdempotencyRecord(request: request, createdAt: Self.now,
                                       answer: IdempotentAnswer(status: 201, location: nil, body: Array("{}".utf8)))
        await #expect(throws: ShortLinkStoreError.codeExists(try ShortCode("taken"))) {
            _ = try await awaiting { stores.links.createShortLink(try Self.link("taken"), recording: record, completion: $0) }
        }
        #expect(try await Self.begin(stores, request, at: Self.now.addingTimeInterval(1)) == .inFlight(until: Self.now.addingTimeInterval(30)))
        try await awaiting { completion in
            stores.idempotency.releaseIdempotentRequest(keyHash: request.keyHash) { completion($0.mapError { $0 as any Error }) }
        }
        #expect(try await Self.begin(stores, request, at: Self.now.addingTimeInterval(2)) == .proceed)
    }

    @Test(arguments: StoreKind.allCases)
    func anAbandonedAttemptIsTakenOverAfterItsLeaseAndAKeyIsNewAfter24Hours(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        let request = Self.request("{}")
        #expect(try await Self.begin(stores, request) == .proceed)
        // Past the lease, the same body takes it over; another body is still a reuse.
        #expect(try await Self.begin(stores, Self.request(#"{"other":1}"#), at: Self.now.addingTimeInterval(31)) == .mismatch)
        #expect(try await Self.begin(stores, request, at: Self.now.addingTimeInterval(31)) == .proceed)
        // A session's record, then past 24 hours: the key is new, whatever the body.
        let session = SessionRecord(id: .random(), tokenHash: SessionToken.random().hash, createdAt: Self.now,
                                    expiresAt: Self.now.addingTimeInterval(3_600))
        let record = IdempotencyRecord(request: request, createdAt: Self.now,
                                       answer: IdempotentAnswer(status: 201, location: "/v1/sessions/x", body: Array("{}".utf8)))
        try await awaiting { stores.sessions.createSession(session, recording: record, completion: $0) }
        let later = Self.now.addingTimeInterval(IdempotencyRecord.lifetime + 1)
        #expect(try await Self.begin(stores, Self.request(#"{"other":1}"#), at: later) == .proceed)
    }

    @Test(arguments: StoreKind.allCases)
    func theSweepDeletesRecordsPast24HoursOnly(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        let old = Self.request("{}", key: try IdempotencyKey("old"))
        let fresh = Self.request("{}", key: try IdempotencyKey("fresh"))
        #expect(try await Self.begin(stores, old) == .proceed)
        let endpoint = WebhookEndpoint(url: "https://hooks.example.com/in", events: [.shortLinkCreated], description: nil,
                                       createdAt: Self.now, secret: .random())
        let record = IdempotencyRecord(request: fresh, createdAt: Self.now.addingTimeInterval(7_200),
                                       answer: IdempotentAnswer(status: 201, location: nil, body: Array("{}".utf8)))
        _ = try await awaiting { stores.webhooks.createWebhookEndpoint(endpoint, recording: record, completion: $0) }
        let deleted = try await awaiting { completion in
            stores.idempotency.deleteExpiredIdempotencyKeys(createdBefore: Self.now.addingTimeInterval(3_600), limit: 10) {
                completion($0.mapError { $0 as any Error })
            }
        }
        #expect(deleted == 1)
        // The fresh one still replays.
        guard case .replay = try await Self.begin(stores, fresh, at: Self.now.addingTimeInterval(7_300)) else {
            Issue.record("the fresh record was swept")
            return
        }
    }
}
