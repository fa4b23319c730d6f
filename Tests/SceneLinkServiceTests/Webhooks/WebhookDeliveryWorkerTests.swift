import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The delivery worker against the in-memory outbox and in-process receivers: one endpoint that
/// never answers (until the test ends) and one that answers at once.
@Suite struct WebhookDeliveryWorkerTests {
    /// An endpoint that holds every request unanswered until `release()`.
    final class HangingReceiver: Sendable {
        /// What the handler shares with the test.
        private final class Held: Sendable {
            let responders = Mutex<[HTTPResponder]>([])
        }

        private let held = Held()
        private let server: HTTPServer
        let port: Int

        init() throws {
            var router = HTTPRouter()
            let held = held
            router.on(.post, "/hook") { _, responder in held.responders.withLock { $0.append(responder) } }
            var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
            configuration.drainTimeout = .milliseconds(100)
            // Held until the test ends, however long the test waits for a thread to resume on.
            configuration.handlerTimeout = .seconds(600)
            server = HTTPServer(configuration: configuration, router: router)
            port = try server.start()
        }

        var url: String { "http://127.0.0.1:\(port)/hook" }
        var holding: Int { held.responders.withLock { $0.count } }

        /// Answers every held request and stops.
        func release() async {
            for responder in held.responders.withLock({ $0 }) { responder.respond(HTTPResponse(status: .noContent)) }
            await server.shutdown()
        }
    }

    /// Queues a `webhook.test` event for `endpoint`, due at once, for each second of `seconds` after `start`.
    static func queue(_ seconds: Range<Int>, for endpoint: WebhookEndpoint, in store: InMemoryWebhookStore, after start: Date) {
        for second in seconds {
            store.enqueueWebhookEvent(.webhookTest(endpointID: endpoint.id, at: start.addingTimeInterval(Double(second))),
                                      endpointID: endpoint.id) { _ in }
        }
    }

    /// Polls `condition` every 10 ms for at most `seconds`.
    static func eventually(seconds: Double = 20, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test func aSlowEndpointWithABacklogHoldsOnlyItsCapAndAnotherEndpointIsStillSent() async throws {
        let hanging = try HangingReceiver()
        let fast = try WebhookReceiver()
        let store = InMemoryWebhookStore()
        let slowEndpoint = WebhookEndpoint(url: hanging.url, events: [], description: nil, createdAt: Date(), secret: .random())
        let fastEndpoint = WebhookEndpoint(url: fast.url, events: [], description: nil, createdAt: Date(), secret: .random())
        for endpoint in [slowEndpoint, fastEndpoint] { store.createWebhookEndpoint(endpoint) { _ in } }
        // The slow endpoint's backlog is due first and is bigger than all the worker's slots.
        let start = Date().addingTimeInterval(-60)
        Self.queue(0..<40, for: slowEndpoint, in: store, after: start)
        Self.queue(50..<53, for: fastEndpoint, in: store, after: start)
        var configuration = WebhookConfiguration()
        configuration.allowPrivate = true
        configuration.maximumInFlight = 8
        configuration.maximumInFlightPerEndpoint = 3
        // Longer than any stall of this test's awaits (other suites' synchronous tests can hold the
        // Swift concurrency pool for a minute on 2 cores): a timed-out attempt would be retried
        // and put more than the cap on the hanging endpoint.
        configuration.timeout = .seconds(600)
        configuration.pollInterval = .milliseconds(20)
        let worker = WebhookDeliveryWorker(store: store, configuration: configuration, metrics: WebhookMetrics())
        worker.start()

        let held = try await Self.eventually { hanging.holding >= 3 }
        let sent = try await fast.requests(count: 3)
        #expect(held, "the slow endpoint never got its 3 attempts")
        #expect(sent.count == 3, "the fast endpoint got \(sent.count) of its 3 deliveries while the slow one hung")
        #expect(Set(sent.map(\.id)).count == 3)
        // The slow endpoint never has more than its cap in flight, and its backlog was not leased.
        #expect(hanging.holding == 3)
        let slow = try await withCheckedThrowingContinuation { continuation in
            store.webhookDeliveries(endpointID: slowEndpoint.id, limit: 100) { continuation.resume(with: $0) }
        }
        #expect(slow.filter { $0.attempts == 1 }.count == 3)
        #expect(slow.filter { $0.attempts == 0 }.count == 37)

        worker.stop()
        await hanging.release()
        await fast.stop()
    }

    @Test func anEndpointPastTheOutboxLimitLosesItsNewestNeverAttemptedEventsAndTheyAreCounted() async throws {
        let hanging = try HangingReceiver()
        let store = InMemoryWebhookStore()
        let endpoint = WebhookEndpoint(url: hanging.url, events: [], description: nil, createdAt: Date(), secret: .random())
        store.createWebhookEndpoint(endpoint) { _ in }
        let start = Date().addingTimeInterval(-60)
        Self.queue(0..<40, for: endpoint, in: store, after: start)
        var configuration = WebhookConfiguration()
        configuration.allowPrivate = true
        configuration.maximumInFlightPerEndpoint = 3
        configuration.timeout = .seconds(600)
        configuration.pollInterval = .milliseconds(20)
        configuration.outboxLimit = 10
        configuration.trimInterval = .milliseconds(20)
        let metrics = WebhookMetrics()
        let worker = WebhookDeliveryWorker(store: store, configuration: configuration, metrics: metrics)
        worker.start()

        // Whether the trim or the first claim comes first, the 3 attempts are the oldest and the 30 newest go.
        #expect(try await Self.eventually { metrics.droppedCount == 30 && hanging.holding == 3 })
        let left = try await withCheckedThrowingContinuation { continuation in
            store.webhookDeliveries(endpointID: endpoint.id, limit: 100) { continuation.resume(with: $0) }
        }
        #expect(left.count == 10)
        #expect(left.map(\.event.timestamp).max() == start.addingTimeInterval(9))
        let stored = try await withCheckedThrowingContinuation { continuation in
            store.webhookEndpoint(id: endpoint.id) { continuation.resume(with: $0) }
        }
        #expect(stored?.droppedEvents == 30)
        #expect(metrics.exposition(queue: nil, now: Date()).contains("scenelink_webhook_events_dropped_total 30\n"))

        worker.stop()
        await hanging.release()
    }
}
