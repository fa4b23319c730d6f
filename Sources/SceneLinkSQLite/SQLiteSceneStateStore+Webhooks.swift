import Foundation
import SceneLinkCore

/// Webhook endpoints and their outbox in the same file as short links (migration 4). Every
/// operation, reads too, runs on the writer: the outbox rows are written by the short-link
/// writes' own transactions, claims are serialised by the one writer, and the admin listings
/// see every acknowledged change. Changes are acknowledged after their group commit.
extension SQLiteSceneStateStore: WebhookStore {
    public func createWebhookEndpoint(_ endpoint: WebhookEndpoint, recording: IdempotencyRecord?,
                                      completion: @escaping WebhookCompletion<WebhookEndpoint>) {
        webhookContextWrite(completion) { context in
            try context.webhooks.create(endpoint)
            if let recording { try context.idempotency.record(recording) }
            return endpoint
        }
    }

    public func webhookEndpoints(completion: @escaping WebhookCompletion<[WebhookEndpoint]>) {
        webhookWrite(completion) { try $0.endpoints() }
    }

    public func webhookEndpoint(id: String, completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        webhookWrite(completion) { try $0.endpoint(id: id) }
    }

    public func deleteWebhookEndpoint(id: String, completion: @escaping WebhookCompletion<Bool>) {
        webhookWrite(completion) { try $0.delete(id: id) }
    }

    public func rotateWebhookSecret(id: String, to secret: WebhookSecret, previousExpiresAt: Date,
                                    completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        webhookWrite(completion) { try $0.rotate(id: id, to: secret, previousExpiresAt: previousExpiresAt) }
    }

    public func updateWebhookEndpoint(id: String, change: WebhookEndpointChange,
                                      completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        webhookWrite(completion) { try $0.update(id: id, change: change) }
    }

    public func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String, completion: @escaping WebhookCompletion<Bool>) {
        webhookWrite(completion) { try $0.enqueue(event, endpointID: endpointID, due: event.timestamp) }
    }

    public func webhookDeliveries(endpointID: String, limit: Int, completion: @escaping WebhookCompletion<[WebhookDelivery]>) {
        webhookWrite(completion) { try $0.deliveries(endpointID: endpointID, limit: limit) }
    }

    public func replayWebhookMessage(endpointID: String, messageID: String, now: Date,
                                     completion: @escaping WebhookCompletion<Bool>) {
        webhookWrite(completion) { try $0.replay(endpointID: endpointID, messageID: messageID, now: now) }
    }

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, cap: WebhookEndpointCap,
                                       completion: @escaping WebhookCompletion<[WebhookDispatch]>) {
        webhookWrite(completion) { try $0.claim(now: now, leaseUntil: leaseUntil, limit: limit, cap: cap) }
    }

    public func recordWebhookAttempt(sequence: Int64, outcome: WebhookAttemptOutcome, at: Date,
                                     completion: @escaping WebhookCompletion<Void>) {
        webhookWrite(completion) { try $0.record(sequence: sequence, outcome: outcome, at: at) }
    }

    public func webhookQueueStatistics(completion: @escaping WebhookCompletion<WebhookQueueStatistics>) {
        webhookWrite(completion) { try $0.statistics() }
    }

    public func deleteFinishedWebhookDeliveries(before cutoff: Date, limit: Int, completion: @escaping WebhookCompletion<Int>) {
        webhookWrite(completion) { try $0.deleteFinished(before: cutoff, limit: limit) }
    }

    public func trimWebhookOutbox(limit: Int, completion: @escaping WebhookCompletion<WebhookOutboxTrim>) {
        webhookWrite(completion) { try $0.trim(limit: limit) }
    }

    private func webhookWrite<T: Sendable>(_ completion: @escaping WebhookCompletion<T>,
                                           _ body: @escaping @Sendable (WebhookWrites) throws -> T) {
        webhookContextWrite(completion) { context in try body(context.webhooks) }
    }

    private func webhookContextWrite<T: Sendable>(_ completion: @escaping WebhookCompletion<T>,
                                                  _ body: @escaping @Sendable (WriteContext) throws -> T) {
        write({ (result: Result<T, SceneStateStoreError>) in
            completion(result.mapError { error in
                if case .failure(let failure) = error { return .failure(failure) }
                return .failure(.storage(message: error.description))
            })
        }) { context in try body(context) }
    }
}
