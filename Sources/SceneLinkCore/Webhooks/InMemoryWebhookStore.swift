import Foundation
import Synchronization

/// A `WebhookStore` in memory behind a lock: the same rules as the SQL stores, no durability.
/// An `InMemoryShortLinkStore` or `InMemoryClaimStore` given one queues its events here. Answers at once, on
/// the caller's thread.
public final class InMemoryWebhookStore: WebhookStore {
    private struct State {
        var endpoints: [WebhookEndpoint] = []
        var deliveries: [WebhookDelivery] = []
        var lastSequence: Int64 = 0
    }

    private let state = Mutex(State())
    /// Where a create's `Idempotency-Key` record goes, if anywhere.
    private let idempotency: InMemoryIdempotencyStore?

    public init(idempotency: InMemoryIdempotencyStore? = nil) {
        self.idempotency = idempotency
    }

    /// Queues `event` for every enabled endpoint subscribed to it, due at its timestamp.
    func publish(_ event: WebhookEvent) {
        state.withLock { state in
            for endpoint in state.endpoints where endpoint.disabledAt == nil && endpoint.subscribes(to: event.type) {
                Self.append(event, endpointID: endpoint.id, due: event.timestamp, to: &state)
            }
        }
    }

    private static func append(_ event: WebhookEvent, endpointID: String, due: Date, to state: inout State) {
        state.lastSequence += 1
        state.deliveries.append(WebhookDelivery(sequence: state.lastSequence, endpointID: endpointID, event: event,
                                                state: .pending, attempts: 0, nextAttemptAt: due))
    }

    public func createWebhookEndpoint(_ endpoint: WebhookEndpoint, recording: IdempotencyRecord?,
                                      completion: @escaping WebhookCompletion<WebhookEndpoint>) {
        state.withLock { state in
            state.endpoints.append(endpoint)
            if let recording { idempotency?.record(recording) }
        }
        completion(.success(endpoint))
    }

    public func webhookEndpoints(completion: @escaping WebhookCompletion<[WebhookEndpoint]>) {
        completion(.success(state.withLock { $0.endpoints }))
    }

    public func webhookEndpoint(id: String, completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        completion(.success(state.withLock { $0.endpoints.first { $0.id == id } }))
    }

    public func deleteWebhookEndpoint(id: String, completion: @escaping WebhookCompletion<Bool>) {
        let deleted = state.withLock { state in
            guard state.endpoints.contains(where: { $0.id == id }) else { return false }
            state.endpoints.removeAll { $0.id == id }
            state.deliveries.removeAll { $0.endpointID == id }
            return true
        }
        completion(.success(deleted))
    }

    public func rotateWebhookSecret(id: String, to secret: WebhookSecret, previousExpiresAt: Date,
                                    completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        let rotated: WebhookEndpoint? = state.withLock { state in
            guard let index = state.endpoints.firstIndex(where: { $0.id == id }) else { return nil }
            state.endpoints[index].previousSecret = state.endpoints[index].secret
            state.endpoints[index].previousSecretExpiresAt = previousExpiresAt
            state.endpoints[index].secret = secret
            return state.endpoints[index]
        }
        completion(.success(rotated))
    }

    public func updateWebhookEndpoint(id: String, change: WebhookEndpointChange,
                                      completion: @escaping WebhookCompletion<WebhookEndpoint?>) {
        let updated: WebhookEndpoint? = state.withLock { state in
            guard let index = state.endpoints.firstIndex(where: { $0.id == id }) else { return nil }
            state.endpoints[index] = change.applied(to: state.endpoints[index])
            return state.endpoints[index]
        }
        completion(.success(updated))
    }

    public func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String, completion: @escaping WebhookCompletion<Bool>) {
        let queued = state.withLock { state in
            guard state.endpoints.contains(where: { $0.id == endpointID }) else { return false }
            Self.append(event, endpointID: endpointID, due: event.timestamp, to: &state)
            return true
        }
        completion(.success(queued))
    }

    public func webhookDeliveries(endpointID: String, limit: Int, completion: @escaping WebhookCompletion<[WebhookDelivery]>) {
        let found = state.withLock { state in
            Array(state.deliveries.filter { $0.endpointID == endpointID }.reversed().prefix(max(0, limit)))
        }
        completion(.success(found))
    }

    public func replayWebhookMessage(endpointID: String, messageID: String, now: Date,
                                     completion: @escaping WebhookCompletion<Bool>) {
        let queued = state.withLock { state in
            guard let original = state.deliveries.last(where: { $0.endpointID == endpointID && $0.event.id == messageID })
            else { return false }
            Self.append(original.event, endpointID: endpointID, due: now, to: &state)
            return true
        }
        completion(.success(queued))
    }

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, cap: WebhookEndpointCap,
                                       completion: @escaping WebhookCompletion<[WebhookDispatch]>) {
        let claimed: [WebhookDispatch] = state.withLock { state in
            let enabled = Dictionary(state.endpoints.filter { $0.disabledAt == nil }.map { ($0.id, $0) },
                                     uniquingKeysWith: { first, _ in first })
            let due = state.deliveries.indices.filter { index in
                let delivery = state.deliveries[index]
                return delivery.state == .pending && (delivery.nextAttemptAt ?? .distantFuture) <= now
                    && enabled[delivery.endpointID] != nil
            }.sorted { (state.deliveries[$0].nextAttemptAt ?? now, state.deliveries[$0].sequence)
                < (state.deliveries[$1].nextAttemptAt ?? now, state.deliveries[$1].sequence) }
            var taken: [String: Int] = [:]
            let capped = due.filter { index in
                let endpointID = state.deliveries[index].endpointID
                guard taken[endpointID, default: 0] < cap.room(for: endpointID) else { return false }
                taken[endpointID, default: 0] += 1
                return true
            }
            return capped.prefix(max(0, limit)).compactMap { index in
                state.deliveries[index].attempts += 1
                state.deliveries[index].nextAttemptAt = leaseUntil
                guard let endpoint = enabled[state.deliveries[index].endpointID] else { return nil }
                return WebhookDispatch(delivery: state.deliveries[index], endpoint: endpoint)
            }
        }
        completion(.success(claimed))
    }

    public func recordWebhookAttempt(sequence: Int64, outcome: WebhookAttemptOutcome, at: Date,
                                     completion: @escaping WebhookCompletion<Void>) {
        state.withLock { state in
            guard let index = state.deliveries.firstIndex(where: { $0.sequence == sequence }) else { return }
            state.deliveries[index].lastAttemptAt = at
            switch outcome {
            case .delivered(let status):
                state.deliveries[index].state = .delivered
                state.deliveries[index].nextAttemptAt = nil
                state.deliveries[index].lastStatus = status
                state.deliveries[index].lastError = nil
            case .retry(let next, let status, let error):
                state.deliveries[index].nextAttemptAt = next
                state.deliveries[index].lastStatus = status
                state.deliveries[index].lastError = error
            case .failed(let status, let error, let disable):
                state.deliveries[index].state = .failed
                state.deliveries[index].nextAttemptAt = nil
                state.deliveries[index].lastStatus = status
                state.deliveries[index].lastError = error
                let endpointID = state.deliveries[index].endpointID
                if disable, let endpoint = state.endpoints.firstIndex(where: { $0.id == endpointID }) {
                    state.endpoints[endpoint].disabledAt = at
                    state.endpoints[endpoint].disabledReason = error
                }
            }
        }
        completion(.success(()))
    }

    public func webhookQueueStatistics(completion: @escaping WebhookCompletion<WebhookQueueStatistics>) {
        let statistics = state.withLock { state in
            // A disabled endpoint's deliveries wait for it to be re-enabled: not a backlog to alert on.
            let enabled = Set(state.endpoints.filter { $0.disabledAt == nil }.map(\.id))
            let pending = state.deliveries.filter { $0.state == .pending && enabled.contains($0.endpointID) }
            return WebhookQueueStatistics(pending: pending.count, oldestPendingAt: pending.map(\.event.timestamp).min())
        }
        completion(.success(statistics))
    }

    public func deleteFinishedWebhookDeliveries(before cutoff: Date, limit: Int, completion: @escaping WebhookCompletion<Int>) {
        let deleted = state.withLock { state in
            let old = state.deliveries.indices.filter { index in
                let delivery = state.deliveries[index]
                guard delivery.state != .pending, let last = delivery.lastAttemptAt else { return false }
                return last < cutoff
            }.sorted { (state.deliveries[$0].lastAttemptAt ?? cutoff, state.deliveries[$0].sequence)
                < (state.deliveries[$1].lastAttemptAt ?? cutoff, state.deliveries[$1].sequence) }
            let chosen = Set(old.prefix(max(0, limit)).map { state.deliveries[$0].sequence })
            state.deliveries.removeAll { chosen.contains($0.sequence) }
            return chosen.count
        }
        completion(.success(deleted))
    }

    public func trimWebhookOutbox(limit: Int, completion: @escaping WebhookCompletion<WebhookOutboxTrim>) {
        let limit = max(0, limit)
        let trim = state.withLock { state in
            var trim = WebhookOutboxTrim()
            var gone = Set<Int64>()
            for index in state.endpoints.indices {
                let id = state.endpoints[index].id
                let own = state.deliveries.filter { $0.endpointID == id }
                let pending = own.filter { $0.state == .pending }
                let droppable = pending.filter { $0.attempts == 0 }.sorted { $0.sequence > $1.sequence }
                let dropped = droppable.prefix(max(0, pending.count - limit)).map(\.sequence)
                if !dropped.isEmpty {
                    trim.dropped[id] = dropped.count
                    state.endpoints[index].droppedEvents += dropped.count
                    gone.formUnion(dropped)
                }
                let room = max(0, limit - min(pending.count - dropped.count, limit))
                let finished = own.filter { $0.state != .pending }.sorted { $0.sequence > $1.sequence }
                let swept = finished.dropFirst(room).map(\.sequence)
                trim.swept += swept.count
                gone.formUnion(swept)
            }
            state.deliveries.removeAll { gone.contains($0.sequence) }
            return trim
        }
        completion(.success(trim))
    }
}
