import Foundation
import Testing
@testable import SceneLinkClient

/// The backoff, and what the client retries, with a scripted transport and recorded waits.
@Suite struct RetryPolicyTests {
    static let session = SceneLinkSession(id: "abc", token: "secret", expiresAt: Date(timeIntervalSince1970: 0))
    static let base = URL(string: "http://scenelink.test") ?? URL(fileURLWithPath: "/")
    static let refused = TransportError(.couldNotConnect, "Connection refused")
    static let reset = TransportError(.other, "Connection reset by peer")
    static let stored = TransportResponse(status: 200, headers: ["ETag": #""v1""#, "Content-Type": "application/json"],
                                          body: Data("[]".utf8))

    @Test func waitsDoubleFromTheInitialDelayUpToTheCap() {
        let lowest = RetryPolicy(initialDelay: .milliseconds(100), maximumDelay: .milliseconds(500), random: { $0.lowerBound })
        let highest = RetryPolicy(initialDelay: .milliseconds(100), maximumDelay: .milliseconds(500), random: { $0.upperBound })
        #expect((1...5).map { highest.delay(afterAttempt: $0) } == [.milliseconds(100), .milliseconds(200), .milliseconds(400),
                                                                   .milliseconds(500), .milliseconds(500)])
        #expect((1...5).map { lowest.delay(afterAttempt: $0) } == [.milliseconds(50), .milliseconds(100), .milliseconds(200),
                                                                  .milliseconds(250), .milliseconds(250)])
        #expect(highest.delay(afterAttempt: 1_000) == .milliseconds(500))
    }

    @Test func realJitterStaysWithinHalfToAllOfTheWait() {
        let policy = RetryPolicy(initialDelay: .milliseconds(400), maximumDelay: .seconds(10))
        for _ in 0..<200 {
            let wait = policy.delay(afterAttempt: 2)
            #expect(wait >= .milliseconds(400) && wait <= .milliseconds(800))
        }
    }

    @Test func retryAfterIsHonouredWithUpwardJitterAndCapped() {
        let policy = RetryPolicy(maximumDelay: .seconds(3), random: { $0.upperBound })
        #expect(policy.delay(afterAttempt: 1, retryAfter: 2) == .milliseconds(2_500))
        #expect(policy.delay(afterAttempt: 1, retryAfter: 60) == .seconds(3))
        #expect(RetryPolicy.retryAfterSeconds(" 2 ") == 2)
        #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
    }

    @Test func aReadIsRetriedAfterTransportFailuresAndA503ThenSucceeds() async throws {
        let waits = Recorder<Duration>()
        let transport = FakeTransport(answers: [
            .failure(Self.refused), .failure(Self.reset),
            .success(FakeTransport.problem(503, "unavailable", headers: ["Retry-After": "1"])), .success(Self.stored),
        ])
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport,
                                     retryPolicy: .recording(waits, attempts: 4))
        let value = try await client.restore(scene: "main", key: "path")
        #expect(value?.etag == #""v1""#)
        #expect(transport.requests.count == 4)
        #expect(waits.all == [.milliseconds(50), .milliseconds(100), .seconds(1)])
    }

    @Test func retriesStopAtMaximumAttemptsWithTheLastTransportError() async throws {
        let waits = Recorder<Duration>()
        let transport = FakeTransport { _, _ in throw RetryPolicyTests.refused }
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport,
                                     retryPolicy: .recording(waits, attempts: 3))
        await #expect(throws: SceneLinkError.transport(Self.refused)) { try await client.restore(scene: "main", key: "path") }
        #expect(transport.requests.count == 3)
        #expect(waits.all.count == 2)
    }

    @Test func a503ThatOutlastsTheRetriesIsItsProblem() async throws {
        let waits = Recorder<Duration>()
        let transport = FakeTransport { _, _ in FakeTransport.problem(503, "unavailable", title: "Shutting down", detail: "Closed.") }
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport,
                                     retryPolicy: .recording(waits, attempts: 2))
        let error = await #expect(throws: SceneLinkError.self) { try await client.forget(scene: "main", key: "path") }
        #expect(error?.problem?.status == 503)
        #expect(transport.requests.count == 2)
    }

    @Test func openingASessionIsRetriedWithOneIdempotencyKeyWhateverHappenedToTheFirstTry() async throws {
        let waits = Recorder<Duration>()
        let session = TransportResponse(status: 201, headers: ["Content-Type": "application/json"],
                                        body: Data(#"{"id":"abc","token":"t","expiresAt":"2027-01-15T09:00:00Z"}"#.utf8))
        let inFlight = FakeTransport.problem(409, "idempotency-key-in-flight", headers: ["Retry-After": "1"])
        let transport = FakeTransport(answers: [.failure(Self.reset), .success(FakeTransport.problem(503, "commit-indeterminate")),
                                                .success(inFlight), .success(session)])
        let opened = try await SceneLinkClient(baseURL: Self.base, transport: transport, retryPolicy: .recording(waits)).openSession()
        #expect(opened == SceneLinkSession(id: "abc", token: "t", expiresAt: Date(timeIntervalSince1970: 1_800_003_600)))
        let keys = transport.requests.map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 4)
        #expect(Set(keys).count == 1 && keys.first??.isEmpty == false)
        // Backed off (jitter at its lower half) after the reset and the 503; the 409 waited out as its Retry-After says.
        #expect(waits.all.suffix(3) == [.milliseconds(50), .milliseconds(100), .seconds(1)])

        // A new session is a new key; a 409 for another reason is answered at once.
        let conflict = FakeTransport(answers: [.success(FakeTransport.problem(409, "idempotency-key-reused"))])
        await #expect(throws: SceneLinkError.self) {
            try await SceneLinkClient(baseURL: Self.base, transport: conflict, retryPolicy: .recording(waits)).openSession()
        }
        #expect(conflict.requests.count == 1)
        #expect(conflict.requests.first?.headers["Idempotency-Key"] != keys.first ?? nil)
    }

    @Test func aRetriedConditionalSaveThatFindsItsOwnBytesSucceeds() async throws {
        let waits = Recorder<Duration>()
        let mine = Data(#"["FuelMoney.HomePath","1"]"#.utf8)
        let transport = FakeTransport(answers: [
            .failure(Self.reset),   // the first PUT landed, but its answer was lost
            .success(FakeTransport.problem(412, "precondition-failed", headers: ["ETag": #""v8""#])),
            .success(TransportResponse(status: 200, headers: ["ETag": #""v8""#, "Content-Type": "application/json"], body: mine)),
        ])
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport, retryPolicy: .recording(waits))
        let etag = try await client.save(mine, scene: "main", key: "path", contentType: "application/json", ifMatch: #""v7""#)
        #expect(etag == #""v8""#)
        #expect(transport.requests.map(\.method) == ["PUT", "PUT", "GET"])
        #expect(transport.requests.first?.headers["If-Match"] == #""v7""#)
    }

    @Test func aConflictOnTheFirstSendIsAConflictEvenWithTheSameBytes() async throws {
        let mine = Data("[]".utf8)
        let current = TransportResponse(status: 200, headers: ["ETag": #""v8""#, "Content-Type": "application/json"], body: mine)
        let transport = FakeTransport(answers: [.success(FakeTransport.problem(412, "precondition-failed")), .success(current)])
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport, retryPolicy: .none)
        await #expect(throws: SceneLinkError.valueConflict(current: SavedValue(data: mine, contentType: "application/json", etag: #""v8""#))) {
            try await client.save(mine, scene: "main", key: "path", contentType: "application/json", ifMatch: #""v7""#)
        }
    }

    @Test func aCancelledWaitEndsTheCallAsCancelled() async throws {
        let transport = FakeTransport { _, _ in throw RetryPolicyTests.refused }
        let policy = RetryPolicy(maximumAttempts: 5, sleep: { _ in throw CancellationError() })
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport, retryPolicy: policy)
        await #expect(throws: SceneLinkError.cancelled) { try await client.restore(scene: "main", key: "path") }
        #expect(transport.requests.count == 1)
    }
}
