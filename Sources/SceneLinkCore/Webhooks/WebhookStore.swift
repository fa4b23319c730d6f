import Foundation

/// How a webhook store answers an operation: once, with the result or the failure.
public typealias WebhookCompletion<Value> = @Sendable (Result<Value, WebhookStoreError>) -> Void

/// Webhook endpoints and the durable outbox of their deliveries. `SQLiteSceneStateStore` and
/// `PostgresSceneStateStore` keep them beside short links, `InMemoryWebhookStore` is the fake.
///
/// **The outbox.** A store that is also a `ShortLinkStore` queues `short_link.created`,
/// `short_link.deleted` and `short_link.clicked`, and one that is also a `ClaimStore` queues
/// `claim.redeemed` (for a new redemption only), for every enabled endpoint subscribed to them
/// *in the same transaction* as the change that caused them: a crash can neither lose an event
/// nor queue one for a change that did not commit. Each (event, endpoint) pair is one delivery.
///
/// **Claims.** A worker claims due deliveries with `claimWebhookDeliveries`, which counts the
/// attempt and moves the delivery's next attempt to `leaseUntil` in the same statement: if the
/// worker dies mid-attempt the delivery becomes due again then (same message id). PostgreSQL
/// claims with `FOR UPDATE SKIP LOCKED`, so several instances share one outbox and each attempt
/// is made by one of them.
///
/// Every operation answers through its `completion`, exactly once.
public protocol WebhookStore: Sendable {
    /// Stores a new endpoint, and with it `recording` (an `Idempotency-Key`'s first answer) in
    /// the same transaction.
    func createWebhookEndpoint(_ endpoint: WebhookEndpoint, recording: IdempotencyRecord?,
                               completion: @escaping WebhookCompletion<WebhookEndpoint>)
    /// Every endpoint, oldest first.
    func webhookEndpoints(completion: @escaping WebhookCompletion<[WebhookEndpoint]>)
    /// One endpoint; nil when none has this id.
    func webhookEndpoint(id: String, completion: @escaping WebhookCompletion<WebhookEndpoint?>)
    /// Applies `change` to an endpoint (`WebhookEndpointChange.applied(to:)`) and answers it as
    /// stored; nil when none has this id. A re-enabled endpoint's pending deliveries are sent again.
    func updateWebhookEndpoint(id: String, change: WebhookEndpointChange, completion: @escaping WebhookCompletion<WebhookEndpoint?>)
    /// Deletes an endpoint and its deliveries. Answers false when there was none.
    func deleteWebhookEndpoint(id: String, completion: @escaping WebhookCompletion<Bool>)
    /// Makes `secret` the endpoint's secret; the old one keeps signing until `previousExpiresAt`.
    /// Answers the updated endpoint, nil when none has this id.
    func rotateWebhookSecret(id: String, to secret: WebhookSecret, previousExpiresAt: Date,
                             completion: @escaping WebhookCompletion<WebhookEndpoint?>)
    /// Queues `event` for one endpoint, due at once (`webhook.test`). Answers false when no endpoint has this id.
    func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String, completion: @escaping WebhookCompletion<Bool>)
    /// The endpoint's latest `limit` deliveries, newest first.
    func webhookDeliveries(endpointID: String, limit: Int, completion: @escaping WebhookCompletion<[WebhookDelivery]>)
    /// Queues the message `messageID` again for the endpoint (same id and body, attempts from
    /// zero, due at `now`). Answers false when the endpoint never had that message.
    func replayWebhookMessage(endpointID: String, messageID: String, now: Date,
                              completion: @escaping WebhookCompletion<Bool>)
    /// Claims up to `limit` pending deliveries due at `now` to enabled endpoints, oldest due
    /// first, and to each endpoint at most `cap.room(for:)` (its oldest due): each gets one more
    /// attempt counted and its next attempt moved to `leaseUntil`. An endpoint at its cap keeps
    /// its backlog unleased for a later claim, and others' deliveries are claimed past it.
    func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, cap: WebhookEndpointCap,
                                completion: @escaping WebhookCompletion<[WebhookDispatch]>)
    /// Records the attempt on delivery `sequence` made at `at`.
    func recordWebhookAttempt(sequence: Int64, outcome: WebhookAttemptOutcome, at: Date,
                              completion: @escaping WebhookCompletion<Void>)
    /// The pending backlog.
    func webhookQueueStatistics(completion: @escaping WebhookCompletion<WebhookQueueStatistics>)
    /// Deletes up to `limit` delivered and failed deliveries whose last attempt was before
    /// `cutoff`, oldest first (the retention sweep, `--webhook-retention`); a pending delivery is
    /// never deleted, however old. Answers how many went. A message whose every delivery is gone
    /// can no longer be replayed.
    func deleteFinishedWebhookDeliveries(before cutoff: Date, limit: Int, completion: @escaping WebhookCompletion<Int>)
    /// Keeps every endpoint's outbox within `limit` deliveries (`--webhook-outbox-limit`), so
    /// what visitors' clicks queue is bounded on disk: an endpoint with more than `limit` pending
    /// loses its newest pending deliveries that were never attempted, down to `limit`, each added
    /// to its `droppedEvents`; then its oldest delivered and failed ones are deleted until pending
    /// and finished together are at most `limit`. Answers what went.
    func trimWebhookOutbox(limit: Int, completion: @escaping WebhookCompletion<WebhookOutboxTrim>)
}

extension WebhookStore {
    /// Stores a new endpoint without an `Idempotency-Key` record.
    public func createWebhookEndpoint(_ endpoint: WebhookEndpoint, completion: @escaping WebhookCompletion<WebhookEndpoint>) {
        createWebhookEndpoint(endpoint, recording: nil, completion: completion)
    }
}
