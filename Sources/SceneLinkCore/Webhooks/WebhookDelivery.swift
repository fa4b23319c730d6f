import Foundation

/// One event to one endpoint, as the outbox keeps it, with its attempts so far.
public struct WebhookDelivery: Sendable, Equatable {
    /// The outbox row; increasing in the order deliveries were queued.
    public var sequence: Int64
    public var endpointID: String
    public var event: WebhookEvent
    public var state: WebhookDeliveryState
    /// Attempts started so far.
    public var attempts: Int
    /// When the next attempt is due (pending only).
    public var nextAttemptAt: Date?
    public var lastAttemptAt: Date?
    /// The HTTP status of the last answer, nil when there was none (timeout, refused address).
    public var lastStatus: Int?
    public var lastError: String?

    public init(sequence: Int64, endpointID: String, event: WebhookEvent, state: WebhookDeliveryState, attempts: Int,
                nextAttemptAt: Date?, lastAttemptAt: Date? = nil, lastStatus: Int? = nil, lastError: String? = nil) {
        self.sequence = sequence
        self.endpointID = endpointID
        self.event = event
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatus = lastStatus
        self.lastError = lastError
    }
}
