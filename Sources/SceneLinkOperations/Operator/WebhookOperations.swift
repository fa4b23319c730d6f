import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The webhook endpoints' operations: list, get, create, change, rotate a secret, test, replay,
/// delete, and an endpoint's deliveries. Each checks its caller's permission (`webhooks:admin`)
/// and writes its audit entry itself; the JSON API (`WebhookEndpoints`) and the console's Webhooks
/// pages are adapters over them. An audit entry holds an endpoint's URL and events, never a secret.
///
/// A target (`WebhookTarget`: https, no private address unless allowed) is checked when saved, its
/// name resolved off the caller's thread (resolving blocks).
package struct WebhookOperations: Sendable {
    package let store: any WebhookStore
    package let configuration: WebhookConfiguration
    package let audit: AuditTrail?
    package let clock: SceneStateClock

    package init(store: any WebhookStore, configuration: WebhookConfiguration, audit: AuditTrail?, clock: SceneStateClock) {
        self.store = store
        self.configuration = configuration
        self.audit = audit
        self.clock = clock
    }

    /// A new endpoint, as a caller describes it.
    package struct NewEndpoint: Sendable {
        package var url: String
        package var events: [WebhookEventType]
        package var description: String?

        package init(url: String, events: [WebhookEventType], description: String?) {
            self.url = url
            self.events = events
            self.description = description
        }
    }

    /// What a change sets; nil leaves it as it is.
    package struct Change: Sendable {
        package var url: String?
        package var events: [WebhookEventType]?
        package var enabled: Bool?

        package init(url: String?, events: [WebhookEventType]?, enabled: Bool?) {
            self.url = url
            self.events = events
            self.enabled = enabled
        }
    }

    /// The longest a rotated-out secret keeps signing.
    package static let maximumOverlapSeconds = 604_800

    /// A rotation's overlap outside 0 to 7 days, or not a whole number of seconds.
    package static let overlapRefusal = WebhookProblems.badBody(
        "\"overlapSeconds\" takes a whole number of seconds from 0 to 604800 (7 days).")

    /// Every endpoint, oldest first.
    package func list(by caller: OperatorCaller, completion: @escaping @Sendable (Result<[WebhookEndpoint], OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .listWebhooks) { return completion(.failure(refusal)) }
        store.webhookEndpoints { completion($0.mapError(Self.error)) }
    }

    /// The endpoint `id` names: 404 when none does.
    package func get(id: String, by caller: OperatorCaller, completion: @escaping @Sendable (Result<WebhookEndpoint, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .getWebhook) { return completion(.failure(refusal)) }
        store.webhookEndpoint(id: id) { completion(Self.found($0)) }
    }

    /// Adds an endpoint with a new secret. `recording` gives the record a create safe to retry
    /// writes with it (`Idempotency-Key`), made from the endpoint before it is stored.
    package func create(_ new: NewEndpoint, by caller: OperatorCaller,
                        recording: (@Sendable (WebhookEndpoint) -> IdempotencyRecord?)? = nil,
                        completion: @escaping @Sendable (Result<WebhookEndpoint, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .createWebhook) { return completion(.failure(refusal)) }
        let now = clock.now()
        checkTarget(new.url, completion) { [store, audit] in
            let endpoint = WebhookEndpoint(url: new.url, events: new.events, description: new.description, createdAt: now, secret: .random())
            store.createWebhookEndpoint(endpoint, recording: recording?(endpoint)) { result in
                switch result {
                case .success:
                    audit.record(actor: caller.actor, action: "webhook.created", subject: "webhook:\(endpoint.id)",
                                 detail: Self.detail(endpoint)) { completion(.success(endpoint)) }
                case .failure(let error):
                    completion(.failure(Self.error(error)))
                }
            }
        }
    }

    /// Changes the endpoint `id` names (re-enabling a disabled one when `enabled` is true).
    package func update(id: String, _ change: Change, by caller: OperatorCaller,
                        completion: @escaping @Sendable (Result<WebhookEndpoint, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .updateWebhook) { return completion(.failure(refusal)) }
        let stored = WebhookEndpointChange(url: change.url, events: change.events, enabled: change.enabled, at: clock.now())
        let write: @Sendable () -> Void = { [store, audit] in
            store.updateWebhookEndpoint(id: id, change: stored) { result in
                switch Self.found(result) {
                case .success(let endpoint):
                    var detail = Self.detail(endpoint)
                    detail["enabled"] = String(endpoint.disabledAt == nil)
                    audit.record(actor: caller.actor, action: "webhook.updated", subject: "webhook:\(endpoint.id)", detail: detail) {
                        completion(.success(endpoint))
                    }
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }
        guard let url = change.url else { return write() }
        checkTarget(url, completion, write)
    }

    /// Deletes the endpoint `id` names, with its pending deliveries.
    package func delete(id: String, by caller: OperatorCaller, completion: @escaping @Sendable (Result<Void, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .deleteWebhook) { return completion(.failure(refusal)) }
        store.deleteWebhookEndpoint(id: id) { [audit] result in
            switch result {
            case .success(true):
                audit.record(actor: caller.actor, action: "webhook.deleted", subject: "webhook:\(id)") { completion(.success(())) }
            case .success(false): completion(.failure(OperationError(WebhookProblems.notFound)))
            case .failure(let error): completion(.failure(Self.error(error)))
            }
        }
    }

    /// Gives the endpoint a new secret; the old one keeps signing for `overlapSeconds` (0 to 7
    /// days; nil: the configured default). The endpoint answered carries the new secret.
    package func rotate(id: String, overlapSeconds: Int?, by caller: OperatorCaller,
                        completion: @escaping @Sendable (Result<WebhookEndpoint, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .rotateWebhookSecret) { return completion(.failure(refusal)) }
        var overlap = configuration.rotationOverlap.seconds
        if let overlapSeconds {
            guard (0...Self.maximumOverlapSeconds).contains(overlapSeconds) else { return completion(.failure(OperationError(Self.overlapRefusal))) }
            overlap = TimeInterval(overlapSeconds)
        }
        let recorded = String(Int(overlap))
        store.rotateWebhookSecret(id: id, to: .random(), previousExpiresAt: clock.now().addingTimeInterval(overlap)) { [audit] result in
            switch Self.found(result) {
            case .success(let endpoint):
                // Never the secrets: only how long the old one keeps signing.
                audit.record(actor: caller.actor, action: "webhook.secret_rotated", subject: "webhook:\(endpoint.id)",
                             detail: ["overlapSeconds": recorded]) { completion(.success(endpoint)) }
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// Queues a `webhook.test` event for the endpoint; answers its message id. 409 for a disabled endpoint.
    package func test(id: String, by caller: OperatorCaller, completion: @escaping @Sendable (Result<String, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .testWebhook) { return completion(.failure(refusal)) }
        let event = WebhookEvent.webhookTest(endpointID: id, at: clock.now())
        withEnabledEndpoint(id, completion) { [store, audit] _ in
            store.enqueueWebhookEvent(event, endpointID: id) { result in
                switch result {
                case .success(true):
                    audit.record(actor: caller.actor, action: "webhook.test_queued", subject: "webhook:\(id)",
                                 detail: ["messageId": event.id]) { completion(.success(event.id)) }
                case .success(false): completion(.failure(OperationError(WebhookProblems.notFound)))
                case .failure(let error): completion(.failure(Self.error(error)))
                }
            }
        }
    }

    /// Queues the message `messageID` to the endpoint again, with the same id. 409 for a disabled endpoint.
    package func replay(id: String, messageID: String, by caller: OperatorCaller,
                        completion: @escaping @Sendable (Result<Void, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .replayWebhookDelivery) { return completion(.failure(refusal)) }
        let now = clock.now()
        withEnabledEndpoint(id, completion) { [store, audit] _ in
            store.replayWebhookMessage(endpointID: id, messageID: messageID, now: now) { result in
                switch result {
                case .success(true):
                    audit.record(actor: caller.actor, action: "webhook.message_replayed", subject: "webhook:\(id)",
                                 detail: ["messageId": messageID]) { completion(.success(())) }
                case .success(false): completion(.failure(OperationError(WebhookProblems.messageNotFound)))
                case .failure(let error): completion(.failure(Self.error(error)))
                }
            }
        }
    }

    /// The endpoint and its newest `limit` deliveries, newest first.
    package func deliveries(id: String, limit: Int, by caller: OperatorCaller,
                            completion: @escaping @Sendable (Result<(WebhookEndpoint, [WebhookDelivery]), OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .listWebhookDeliveries) { return completion(.failure(refusal)) }
        store.webhookEndpoint(id: id) { [store] result in
            switch Self.found(result) {
            case .failure(let error):
                completion(.failure(error))
            case .success(let endpoint):
                store.webhookDeliveries(endpointID: id, limit: limit) { result in
                    completion(result.map { (endpoint, $0) }.mapError(Self.error))
                }
            }
        }
    }

    // MARK: - Shared

    /// Checks a target URL, then runs `next` on a global queue; a refused target is answered 422.
    private func checkTarget<Value>(_ target: String, _ completion: @escaping @Sendable (Result<Value, OperationError>) -> Void,
                                    _ next: @escaping @Sendable () -> Void) {
        let url: URL
        do {
            url = try WebhookTarget.validate(target, allowPrivate: configuration.allowPrivate)
        } catch {
            return completion(.failure(OperationError(WebhookProblems.refusedTarget(error))))
        }
        let allowPrivate = configuration.allowPrivate
        DispatchQueue.global().async {
            if !allowPrivate, let host = url.host {
                do throws(WebhookTarget.Refusal) {
                    try WebhookTarget.checkResolved(host: host)
                } catch {
                    return completion(.failure(OperationError(WebhookProblems.refusedTarget(error))))
                }
            }
            next()
        }
    }

    /// Runs `next` with the endpoint `id` when it exists and is enabled; 404, or 409 for a disabled
    /// endpoint (nothing would ever be sent to it), otherwise.
    private func withEnabledEndpoint<Value>(_ id: String, _ completion: @escaping @Sendable (Result<Value, OperationError>) -> Void,
                                            _ next: @escaping @Sendable (WebhookEndpoint) -> Void) {
        store.webhookEndpoint(id: id) { result in
            switch Self.found(result) {
            case .failure(let error): completion(.failure(error))
            case .success(let endpoint) where endpoint.disabledAt != nil:
                completion(.failure(OperationError(WebhookProblems.disabled(endpoint))))
            case .success(let endpoint): next(endpoint)
            }
        }
    }

    /// A read of one endpoint: 404 for none.
    private static func found(_ result: Result<WebhookEndpoint?, WebhookStoreError>) -> Result<WebhookEndpoint, OperationError> {
        switch result {
        case .success(let endpoint?): .success(endpoint)
        case .success(nil): .failure(OperationError(WebhookProblems.notFound))
        case .failure(let error): .failure(Self.error(error))
        }
    }

    package static func error(_ error: WebhookStoreError) -> OperationError {
        switch error {
        case .failure(let failure): OperationError(failure)
        }
    }

    /// What the audit log keeps of an endpoint: its URL and events, never its secrets.
    package static func detail(_ endpoint: WebhookEndpoint) -> [String: String] {
        ["url": endpoint.url, "events": endpoint.events.map(\.rawValue).joined(separator: ",")]
    }
}
