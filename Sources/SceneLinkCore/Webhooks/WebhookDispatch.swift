/// A delivery a worker claimed for one attempt, with the endpoint it goes to (its URL and secrets
/// as of the claim). `delivery.attempts` already counts this attempt.
public struct WebhookDispatch: Sendable, Equatable {
    public var delivery: WebhookDelivery
    public var endpoint: WebhookEndpoint

    public init(delivery: WebhookDelivery, endpoint: WebhookEndpoint) {
        self.delivery = delivery
        self.endpoint = endpoint
    }
}
