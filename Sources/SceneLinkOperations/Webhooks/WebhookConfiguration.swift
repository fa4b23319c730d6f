import Foundation
import SceneLinkNetwork

/// The webhook settings of `scenelink serve`, which the API, the console and the delivery worker share.
public struct WebhookConfiguration: Sendable, Equatable {
    /// Allow `http` and loopback, private, link-local and multicast targets
    /// (`--webhook-allow-private`): for tests and receivers inside the same network.
    public var allowPrivate = false
    /// When attempts are made (`--webhook-retry-schedule`).
    public var retrySchedule = WebhookRetrySchedule.standard
    /// How long one attempt may take, connecting included (`--webhook-timeout`).
    public var timeout: Duration = .seconds(15)
    /// How long the old secret keeps signing after `rotate-secret`, unless the request says.
    public var rotationOverlap: Duration = .seconds(24 * 3600)
    /// The most response bytes read from a receiver; the rest is not read.
    public var maximumResponseBytes = 64 * 1024
    /// Attempts in flight at once, over all endpoints (per instance).
    public var maximumInFlight = 256
    /// Attempts in flight at once to any one endpoint (per instance;
    /// `--webhook-max-in-flight-per-endpoint`), so that a slow endpoint with a backlog
    /// cannot take every slot.
    public var maximumInFlightPerEndpoint = 16
    /// How long delivered and failed deliveries are kept after their last attempt
    /// (`--webhook-retention`); the sweep deletes older ones. Pending ones are never deleted.
    public var retention: Duration = .seconds(30 * 86400)
    /// How often the worker looks for due deliveries.
    public var pollInterval: Duration = .milliseconds(250)
    /// The most deliveries one endpoint keeps in the outbox (`--webhook-outbox-limit`), so that
    /// what clicks queue is bounded on disk whatever visitors send: past it, the endpoint's
    /// oldest delivered and failed deliveries are deleted first, then its newest pending ones
    /// are dropped and counted (`WebhookStore.trimWebhookOutbox`).
    public var outboxLimit = 10_000
    /// How often the worker keeps each outbox within `outboxLimit`.
    public var trimInterval: Duration = .seconds(1)

    public init() {}

    /// How long a claimed delivery stays leased: after this, a delivery whose worker died
    /// (a crash, SIGKILL) is due again, with the same id.
    package var lease: TimeInterval { timeout.seconds + 5 }
}
