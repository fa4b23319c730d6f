import Foundation

/// The outbox's backlog, for `/metrics`.
public struct WebhookQueueStatistics: Sendable, Equatable {
    /// Deliveries still pending.
    public var pending: Int
    /// When the oldest pending delivery was queued; nil when none is pending.
    public var oldestPendingAt: Date?

    public init(pending: Int, oldestPendingAt: Date?) {
        self.pending = pending
        self.oldestPendingAt = oldestPendingAt
    }
}
