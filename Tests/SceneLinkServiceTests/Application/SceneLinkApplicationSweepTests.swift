import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The periodic sweep's webhook step: `--webhook-retention` after their last attempt, delivered
/// and failed deliveries go; pending ones stay.
@Suite struct SceneLinkApplicationSweepTests {
    @Test("--webhook-retention is 30 days unless set, and takes a duration")
    func retentionFlag() throws {
        #expect(ServiceConfiguration().webhooks.retention == .seconds(30 * 86_400))
        #expect(try ServiceConfiguration.parse(arguments: ["--webhook-retention", "7d"], environment: [:]).webhooks.retention
            == .seconds(7 * 86_400))
        #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.parse(arguments: ["--webhook-retention", "forever"], environment: [:])
        }
    }

    @Test("the sweep deletes a delivered delivery once it is older than the retention, and never a pending one")
    func webhookDeliveriesAreSweptAfterTheRetention() async throws {
        var configuration = ServiceConfiguration()
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configuration.webhooks.retention = .seconds(86_400)
        // Not started: no delivery worker claims what the test arranges by hand.
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        defer { application.closeStore() }
        let store = application.store
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let endpoint = WebhookEndpoint(url: "https://hooks.example.com/in", events: [], description: nil, createdAt: start,
                                       secret: .random())
        _ = try await awaiting { store.createWebhookEndpoint(endpoint, completion: $0) }
        for _ in 0..<2 {
            let event = WebhookEvent.webhookTest(endpointID: endpoint.id, at: start)
            _ = try await awaiting { store.enqueueWebhookEvent(event, endpointID: endpoint.id, completion: $0) }
        }
        let claimed = try await awaiting { store.claimWebhookDeliveries(now: start, leaseUntil: start.addingTimeInterval(30), limit: 10,
                                                                       cap: .none, completion: $0) }
        let delivered = try #require(claimed.map(\.delivery.sequence).min())
        try await awaiting { store.recordWebhookAttempt(sequence: delivered, outcome: .delivered(status: 204), at: start, completion: $0) }

        #expect(await application.sweepWebhookDeliveries(now: start.addingTimeInterval(86_400 - 60)) == 0)
        #expect(await application.sweepWebhookDeliveries(now: start.addingTimeInterval(86_400 + 60)) == 1)
        #expect(await application.sweepWebhookDeliveries(now: start.addingTimeInterval(365 * 86_400)) == 0)
        let left = try await awaiting { store.webhookDeliveries(endpointID: endpoint.id, limit: 10, completion: $0) }
        #expect(left.map(\.state) == [.pending])
    }
}
