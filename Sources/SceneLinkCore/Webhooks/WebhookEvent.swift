import Foundation
import SceneLinkText

/// One event as it is delivered: its id (the `webhook-id` header, the same on every attempt and
/// every replay: a receiver's idempotency key), its type, and the thin JSON body
/// `{"type","timestamp","data"}`.
public struct WebhookEvent: Sendable, Equatable {
    /// `msg_` and 16 random bytes in base64url.
    public var id: String
    public var type: WebhookEventType
    public var timestamp: Date
    /// The body, exactly as it is signed and sent.
    public var payload: String

    public init(id: String, type: WebhookEventType, timestamp: Date, payload: String) {
        self.id = id
        self.type = type
        self.timestamp = timestamp
        self.payload = payload
    }

    /// An event of `type` at `timestamp` whose `data` is the JSON object `data` (already encoded).
    public init(type: WebhookEventType, timestamp: Date, data: String, id: String = WebhookEvent.newID()) {
        let time = JSONEscaping.quote(Self.timestampText(timestamp))
        self.init(id: id, type: type, timestamp: timestamp,
                  payload: "{\"type\":\"\(type.rawValue)\",\"timestamp\":\(time),\"data\":\(data)}")
    }

    /// A new message id: `msg_` and 128 random bits from the system CSPRNG.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "msg_" + Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// RFC 3339 in UTC with milliseconds, as every event writes instants.
    public static func timestampText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC") ?? .gmt))
    }

    /// `short_link.created`: the code, the target link, when it was created and when it expires,
    /// its title (null for none) and tags.
    public static func shortLinkCreated(_ link: ShortLink) -> WebhookEvent {
        WebhookEvent(type: .shortLinkCreated, timestamp: link.createdAt, data: data(link))
    }

    /// `short_link.updated`: the link as it is after the change, in the shape of
    /// `short_link.created`, at the change's time.
    public static func shortLinkUpdated(_ link: ShortLink, at time: Date) -> WebhookEvent {
        WebhookEvent(type: .shortLinkUpdated, timestamp: time, data: data(link))
    }

    /// The `data` of `short_link.created` and `short_link.updated`.
    private static func data(_ link: ShortLink) -> String {
        let expires = link.expiresAt.map { JSONEscaping.quote(timestampText($0)) } ?? "null"
        let tags = link.tags.map { JSONEscaping.quote($0.rawValue) }.joined(separator: ",")
        return "{\"code\":\(JSONEscaping.quote(link.code.rawValue)),\"route\":\(route(link)),\"link\":\(JSONEscaping.quote(link.link)),"
            + "\"createdAt\":\(JSONEscaping.quote(timestampText(link.createdAt))),\"expiresAt\":\(expires),"
            + "\"title\":\(link.title.map(JSONEscaping.quote) ?? "null"),\"tags\":[\(tags)]}"
    }

    /// `short_link.deleted`: the code.
    public static func shortLinkDeleted(_ code: ShortCode, at time: Date) -> WebhookEvent {
        WebhookEvent(type: .shortLinkDeleted, timestamp: time, data: "{\"code\":\(JSONEscaping.quote(code.rawValue))}")
    }

    /// `short_link.clicked`: the code, the target link, the link's click count including this
    /// click, and the click's time. Nothing about the visitor.
    public static func shortLinkClicked(_ link: ShortLink, count: Int, at time: Date, visit: ShortLinkClickVisit? = nil) -> WebhookEvent {
        let template = shortLinkClickedTemplate(link, at: time, visit: visit)
        return WebhookEvent(id: template.id, type: .shortLinkClicked, timestamp: time,
                            payload: template.beforeCount + String(count) + template.afterCount)
    }

    /// The `short_link.clicked` body around its count, for a store that learns the count in the
    /// statement that writes the event (PostgreSQL: `beforeCount || clicks || afterCount`).
    /// `visit` is what the request that clicked was classified as (null when the click came
    /// through the resolve API, which classifies nothing).
    public static func shortLinkClickedTemplate(_ link: ShortLink, at time: Date, visit: ShortLinkClickVisit? = nil)
        -> (id: String, beforeCount: String, afterCount: String) {
        let stamp = JSONEscaping.quote(timestampText(time))
        return (newID(),
                "{\"type\":\"short_link.clicked\",\"timestamp\":\(stamp),\"data\":{\"code\":\(JSONEscaping.quote(link.code.rawValue)),"
                    + "\"route\":\(route(link)),\"link\":\(JSONEscaping.quote(link.link)),\"count\":",
                ",\"time\":\(stamp),\"visit\":\(visit?.json ?? "null")}}")
    }

    /// The link's route name as JSON: a string, or null when unknown.
    private static func route(_ link: ShortLink) -> String {
        link.route.map(JSONEscaping.quote) ?? "null"
    }

    /// `claim.redeemed`: the claimed link's route (null when unknown), the link, how the app found
    /// the claim, and when it was redeemed. Nothing about the install or the visitor. Stores
    /// build it only for a redemption they just made; a claim without one would read as
    /// redeemed by `url` when it was made.
    public static func claimRedeemed(_ claim: Claim) -> WebhookEvent {
        let redeemedAt = claim.redemption?.redeemedAt ?? claim.createdAt
        let template = claimRedeemedTemplate(source: claim.redemption?.source ?? .url, at: redeemedAt)
        return WebhookEvent(id: template.id, type: .claimRedeemed, timestamp: redeemedAt,
                            payload: template.beforeRoute + (claim.route.map(JSONEscaping.quote) ?? "null")
                                + claimRedeemedBetweenRouteAndLink + JSONEscaping.quote(claim.link) + template.afterLink)
    }

    /// The `claim.redeemed` body around its route and link, for a store that learns them in the
    /// statement that writes the event (PostgreSQL: `beforeRoute || route || between || link ||
    /// afterLink`, with `claimRedeemedBetweenRouteAndLink` in the statement).
    public static func claimRedeemedTemplate(source: ClaimSource, at time: Date)
        -> (id: String, beforeRoute: String, afterLink: String) {
        let stamp = JSONEscaping.quote(timestampText(time))
        return (newID(),
                "{\"type\":\"claim.redeemed\",\"timestamp\":\(stamp),\"data\":{\"route\":",
                ",\"source\":\(JSONEscaping.quote(source.rawValue)),\"redeemedAt\":\(stamp)}}")
    }

    /// What separates the route from the link in a `claim.redeemed` body.
    public static let claimRedeemedBetweenRouteAndLink = ",\"link\":"

    /// `webhook.test`: the endpoint it was sent to.
    public static func webhookTest(endpointID: String, at time: Date) -> WebhookEvent {
        WebhookEvent(type: .webhookTest, timestamp: time, data: "{\"endpointId\":\(JSONEscaping.quote(endpointID))}")
    }
}
