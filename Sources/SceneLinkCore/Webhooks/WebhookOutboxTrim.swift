/// What one `WebhookStore.trimWebhookOutbox` let go.
public struct WebhookOutboxTrim: Sendable, Equatable {
    /// Pending deliveries never attempted that were dropped, by endpoint id (endpoints that lost
    /// none are absent); each is also added to the endpoint's `droppedEvents`.
    public var dropped: [String: Int]
    /// Delivered and failed deliveries swept to make room, all endpoints together.
    public var swept: Int

    public init(dropped: [String: Int] = [:], swept: Int = 0) {
        self.dropped = dropped
        self.swept = swept
    }

    /// All dropped deliveries, every endpoint together.
    public var droppedTotal: Int { dropped.values.reduce(0, +) }
}
