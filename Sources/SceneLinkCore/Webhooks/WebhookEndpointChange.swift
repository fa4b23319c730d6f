import Foundation

/// What `PATCH /v1/webhooks/{id}` changes: each field given replaces the endpoint's, each nil
/// keeps it.
public struct WebhookEndpointChange: Sendable, Equatable {
    public var url: String?
    public var events: [WebhookEventType]?
    /// true re-enables a disabled endpoint (its disabled time and reason are cleared); false
    /// disables an enabled one at `at` with `disabledReason`; nil leaves it as it is.
    public var enabled: Bool?
    /// When the change is made: the disabled time when `enabled` is false.
    public var at: Date

    /// The reason an endpoint disabled through the API is recorded with.
    public static let disabledReason = "disabled by an operator (PATCH enabled: false)"

    public init(url: String? = nil, events: [WebhookEventType]? = nil, enabled: Bool? = nil, at: Date) {
        self.url = url
        self.events = events
        self.enabled = enabled
        self.at = at
    }

    /// `endpoint` with the change applied: what every store keeps.
    public func applied(to endpoint: WebhookEndpoint) -> WebhookEndpoint {
        var changed = endpoint
        if let url { changed.url = url }
        if let events { changed.events = events }
        switch enabled {
        case true?:
            changed.disabledAt = nil
            changed.disabledReason = nil
        case false? where endpoint.disabledAt == nil:
            changed.disabledAt = at
            changed.disabledReason = Self.disabledReason
        default:
            break
        }
        return changed
    }
}
