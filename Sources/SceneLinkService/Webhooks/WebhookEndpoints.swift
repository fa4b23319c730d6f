import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// Webhook endpoints: the team's own systems receive SceneLink's events, signed the Standard
/// Webhooks way and delivered from the store's durable outbox (`WebhookDeliveryWorker`).
///
/// | method and path (all admin) | answers |
/// |---|---|
/// | `POST /v1/webhooks` | 201 the endpoint with its `secret` (`whsec_…`, shown this once) |
/// | `GET /v1/webhooks` | 200 `{"webhooks":[…]}`, oldest first, without secrets |
/// | `GET /v1/webhooks/{id}` | 200 the endpoint |
/// | `PATCH /v1/webhooks/{id}` | 200 the endpoint with `url`, `events` or `enabled` changed (re-enabling a disabled one) |
/// | `DELETE /v1/webhooks/{id}` | 204; its pending deliveries are dropped |
/// | `POST /v1/webhooks/{id}/rotate-secret` | 200 the endpoint with its new `secret`; the old one signs too until `previousSecretExpiresAt` |
/// | `POST /v1/webhooks/{id}/test` | 202 `{"messageId"}`: a `webhook.test` event is queued; 409 for a disabled endpoint |
/// | `GET /v1/webhooks/{id}/deliveries?limit=N` | 200 `{"deliveries":[…]}`, newest first |
/// | `POST /v1/webhooks/{id}/deliveries/{messageId}/replay` | 202: the message is queued again, same id |
///
/// **Admin token or key.** Every route is declared `RoutePolicy.admin(_:)` with its operation: the
/// admin port when there is one, and the admin token or a key with `webhooks:admin` checked before
/// the handler runs (`AdminAuthenticator`): 403 without a configured token or for a key without
/// the scope, 401 without a working token.
///
/// **Targets.** `WebhookTarget`: https only, no private or loopback addresses (422), unless
/// `--webhook-allow-private`.
public struct WebhookEndpoints: Sendable {
    /// The operations the routes perform (their checks and audit entries).
    let operations: WebhookOperations
    let clock: SceneStateClock
    /// Makes creation safe to retry with `Idempotency-Key`; nil ignores the header.
    let idempotency: IdempotencyGate?

    public init(store: any WebhookStore, configuration: WebhookConfiguration = WebhookConfiguration(),
                clock: SceneStateClock = .system, idempotency: (any IdempotencyStore)? = nil, audit: AuditTrail? = nil) {
        operations = WebhookOperations(store: store, configuration: configuration, audit: audit, clock: clock)
        self.idempotency = idempotency.map { IdempotencyGate(store: $0, clock: clock) }
        self.clock = clock
    }

    public static let collectionPattern = "/v1/webhooks"
    public static let itemPattern = "/v1/webhooks/{id}"
    public static let rotatePattern = "/v1/webhooks/{id}/rotate-secret"
    public static let testPattern = "/v1/webhooks/{id}/test"
    public static let deliveriesPattern = "/v1/webhooks/{id}/deliveries"
    public static let replayPattern = "/v1/webhooks/{id}/deliveries/{messageId}/replay"

    /// 202: a delivery was queued, not yet made.
    static let accepted = HTTPStatus(code: 202, reasonPhrase: "Accepted")
    /// The largest body accepted (creation, rotation).
    static let maximumBodyBytes = 16 * 1024
    static let defaultPageSize = 50
    static let maximumPageSize = 500

    /// Declares the admin routes.
    public func register(on endpoints: inout EndpointTable) {
        func withBody(_ operation: AdminOperation) -> RoutePolicy { .admin(operation).accepting(bodyBytes: Self.maximumBodyBytes) }
        endpoints.on(.post, Self.collectionPattern, withBody(.createWebhook)) { try self.create($0, $1) }
        endpoints.on(.get, Self.collectionPattern, .admin(.listWebhooks)) { try self.list($0, $1) }
        endpoints.on(.get, Self.itemPattern, .admin(.getWebhook)) { try self.show($0, $1) }
        endpoints.on(.patch, Self.itemPattern, withBody(.updateWebhook)) { try self.update($0, $1) }
        endpoints.on(.delete, Self.itemPattern, .admin(.deleteWebhook)) { try self.delete($0, $1) }
        endpoints.on(.post, Self.rotatePattern, withBody(.rotateWebhookSecret)) { try self.rotate($0, $1) }
        endpoints.on(.post, Self.testPattern, withBody(.testWebhook)) { try self.test($0, $1) }
        endpoints.on(.get, Self.deliveriesPattern, .admin(.listWebhookDeliveries)) { try self.deliveries($0, $1) }
        endpoints.on(.post, Self.replayPattern, withBody(.replayWebhookDelivery)) { try self.replay($0, $1) }
    }
}
