/// Where one delivery of one event to one endpoint stands.
public enum WebhookDeliveryState: String, Sendable, Equatable {
    /// Waiting for its next attempt (or being attempted).
    case pending
    /// A 2xx answer was received.
    case delivered
    /// No more attempts: the last one failed, or the endpoint answered 410 or was disabled.
    case failed
}
