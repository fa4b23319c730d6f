import Foundation

/// A receiver of events: where they go, which ones, and the secrets they are signed with.
public struct WebhookEndpoint: Sendable, Equatable {
    /// `ep_` and 12 random bytes in base64url.
    public var id: String
    public var url: String
    /// The event types sent to it.
    public var events: [WebhookEventType]
    public var description: String?
    public var createdAt: Date
    /// The secret every delivery is signed with.
    public var secret: WebhookSecret
    /// After a rotation, the secret that also signs deliveries until `previousSecretExpiresAt`.
    public var previousSecret: WebhookSecret?
    public var previousSecretExpiresAt: Date?
    /// When deliveries to it stopped (410 Gone, or the last retry failed); nil while enabled.
    public var disabledAt: Date?
    public var disabledReason: String?
    /// Events never sent to it because its outbox was full (`--webhook-outbox-limit`): the newest
    /// pending deliveries beyond the limit, let go by `WebhookStore.trimWebhookOutbox`. Since it was made.
    public var droppedEvents: Int

    public init(id: String = WebhookEndpoint.newID(), url: String, events: [WebhookEventType], description: String?,
                createdAt: Date, secret: WebhookSecret, previousSecret: WebhookSecret? = nil,
                previousSecretExpiresAt: Date? = nil, disabledAt: Date? = nil, disabledReason: String? = nil,
                droppedEvents: Int = 0) {
        self.id = id
        self.url = url
        self.events = events
        self.description = description
        self.createdAt = createdAt
        self.secret = secret
        self.previousSecret = previousSecret
        self.previousSecretExpiresAt = previousSecretExpiresAt
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
        self.droppedEvents = droppedEvents
    }

    /// A new endpoint id: `ep_` and 96 random bits from the system CSPRNG.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "ep_" + Base64URL.encode((0..<12).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The secrets a delivery made at `now` is signed with: the current one, and the previous
    /// one while its overlap lasts.
    public func signingSecrets(at now: Date) -> [WebhookSecret] {
        guard let previousSecret, let until = previousSecretExpiresAt, now < until else { return [secret] }
        return [secret, previousSecret]
    }

    /// Whether events of `type` go to it (a test event always does).
    public func subscribes(to type: WebhookEventType) -> Bool {
        type == .webhookTest || events.contains(type)
    }

    /// The event types as stores keep them: `,a,b,`, so "is `t` in it" is a substring test for `,t,`.
    public var eventList: String { Self.eventList(events) }

    /// `events` as stores keep them: `,a,b,`.
    public static func eventList(_ events: [WebhookEventType]) -> String {
        "," + events.map(\.rawValue).joined(separator: ",") + ","
    }

    /// The event types of a stored `eventList`; unknown names are skipped.
    public static func events(fromList list: String) -> [WebhookEventType] {
        list.split(separator: ",").compactMap { WebhookEventType(rawValue: String($0)) }
    }
}
