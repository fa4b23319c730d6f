import Foundation
import SceneLinkCore
import Testing
import SceneLinkSQLite

/// What `scenelink store copy` reads from a SQLite file: every column of every copied table, in
/// key order, a page at a time. The copy into PostgreSQL is tested in `CommandLineToolStoreTests`.
@Suite final class SQLiteStoreRowsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-rows-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("scenelink.sqlite").path }
    static let epoch = Date(timeIntervalSince1970: 1_900_000_000)

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// An endpoint whose secret was rotated (both secrets and the expiry kept), a disabled one,
    /// and a `webhook.test` queued for the first.
    func fillWebhooks() async throws -> (rotated: WebhookEndpoint, disabled: WebhookEndpoint, event: WebhookEvent) {
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let first = WebhookEndpoint(url: "https://hooks.example.com/a", events: [.shortLinkCreated, .webhookTest],
                                    description: "CRM", createdAt: Self.epoch, secret: .random())
        let second = WebhookEndpoint(url: "https://hooks.example.com/b", events: [.shortLinkDeleted], description: nil,
                                     createdAt: Self.epoch, secret: .random(), disabledAt: Self.epoch.addingTimeInterval(5),
                                     disabledReason: "410 Gone")
        _ = try await awaiting { store.createWebhookEndpoint(first, completion: $0) }
        _ = try await awaiting { store.createWebhookEndpoint(second, completion: $0) }
        let rotated = try #require(try await awaiting {
            store.rotateWebhookSecret(id: first.id, to: .random(), previousExpiresAt: Self.epoch.addingTimeInterval(86_400),
                                      completion: $0)
        })
        let event = WebhookEvent.webhookTest(endpointID: first.id, at: Self.epoch.addingTimeInterval(7))
        #expect(try await awaiting { store.enqueueWebhookEvent(event, endpointID: first.id, completion: $0) })
        return (rotated, second, event)
    }

    @Test("webhook endpoints are read with both secrets, the rotation's expiry and the disabled state")
    func webhookEndpointsKeepEveryColumn() async throws {
        let (rotated, disabled, _) = try await fillWebhooks()
        let rows = try SQLiteStoreRows(path: path).rows(of: .webhookEndpoints, after: nil, limit: 10)
        let previous = try #require(rotated.previousSecret)
        #expect(rows == [
            [.integer(1), .text(rotated.id), .text(rotated.url), .text(rotated.eventList), .text("CRM"),
             .integer(1_900_000_000_000), .bytes(rotated.secret.bytes), .bytes(previous.bytes),
             .integer(1_900_086_400_000), .null, .null, .integer(0)],
            [.integer(2), .text(disabled.id), .text(disabled.url), .text(disabled.eventList), .null,
             .integer(1_900_000_000_000), .bytes(disabled.secret.bytes), .null, .null, .integer(1_900_000_005_000),
             .text("410 Gone"), .integer(0)],
        ])
    }

    @Test("a pending webhook delivery is read with its message id, body, state, attempts and due time")
    func webhookDeliveriesKeepEveryColumn() async throws {
        let (rotated, _, event) = try await fillWebhooks()
        let rows = try SQLiteStoreRows(path: path).rows(of: .webhookDeliveries, after: nil, limit: 10)
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.count == StoreTable.webhookDeliveries.columns.count)
        #expect(Array(row.prefix(8)) == [.integer(1), .text(rotated.id), .text(event.id), .text("webhook.test"),
                                         .integer(1_900_000_007_000), .text(event.payload), .text("pending"), .integer(0)])
        #expect(row[8] != .null, "a queued delivery is due at a time: \(row)")
        #expect(Array(row.suffix(3)) == [.null, .null, .null])
    }

    @Test("pages of one row chain to the same digest as one page, for the webhook tables too")
    func pagedDigestEqualsWholeDigest() async throws {
        _ = try await fillWebhooks()
        let rows = try SQLiteStoreRows(path: path)
        let whole = try rows.summary(of: .webhookEndpoints, pageSize: 1000)
        let paged = try rows.summary(of: .webhookEndpoints, pageSize: 1)
        #expect(whole.count == 2 && paged.count == 2)
        #expect(whole.digest == paged.digest)
        let deliveries = try rows.summary(of: .webhookDeliveries), sessions = try rows.summary(of: .sessions)
        #expect(deliveries.count == 1 && sessions.count == 0)
        #expect(deliveries.digest != sessions.digest)
    }
}
