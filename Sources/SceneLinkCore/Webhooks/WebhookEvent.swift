import Foundation

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

    /// An event of `type` at `timestamp` whose `data` is the JSON object `data`.
    public init(type: WebhookEventType, timestamp: Date, data: JSONValue, id: String = WebhookEvent.newID()) {
        self.init(id: id, type: type, timestamp: timestamp,
                  payload: JSONWriter.text(Self.body(type: type, timestamp: timestamp, data: data), escapingSlashes: false, sortingKeys: false))
    }

    /// The body every event has: `{"type","timestamp","data"}`, in that order.
    private static func body(type: WebhookEventType, timestamp: Date, data: JSONValue) -> JSONValue {
        .object([("type", .string(type.rawValue)), ("timestamp", .string(timestampText(timestamp))), ("data", data)])
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
    private static func data(_ link: ShortLink) -> JSONValue {
        .object([
            ("code", .string(link.code.rawValue)), ("route", route(link)), ("link", .string(link.link)),
            ("createdAt", .string(timestampText(link.createdAt))),
            ("expiresAt", link.expiresAt.map { .string(timestampText($0)) } ?? .null),
            ("title", link.title.map(JSONValue.string) ?? .null), ("tags", .array(link.tags.map { .string($0.rawValue) })),
        ])
    }

    /// `short_link.deleted`: the code.
    public static func shortLinkDeleted(_ code: ShortCode, at time: Date) -> WebhookEvent {
        WebhookEvent(type: .shortLinkDeleted, timestamp: time, data: .object([("code", .string(code.rawValue))]))
    }

    /// `short_link.clicked`: the code, the target link, the link's click count including this
    /// click, the click's time, and the link's campaign (null for none). Nothing about the visitor.
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
        let data = JSONValue.object([
            ("code", .string(link.code.rawValue)), ("route", route(link)), ("link", .string(link.link)),
            ("count", JSONWriter.hole), ("time", .string(timestampText(time))), ("visit", visit?.json ?? .null),
            // The campaign the click came with: the link's own, filled from its target's `?utm_…`.
            ("campaign", link.settings.visiting(link.link).json["campaign"] ?? .null),
        ])
        let pieces = JSONWriter.pieces(body(type: .shortLinkClicked, timestamp: time, data: data))
        return (newID(), pieces.first ?? "", pieces.last ?? "")
    }

    /// The link's route name: a string, or null when unknown.
    private static func route(_ link: ShortLink) -> JSONValue {
        link.route.map(JSONValue.string) ?? .null
    }

    /// `claim.redeemed`: the claimed link's route (null when unknown), the link, how the app found
    /// the claim, and when it was redeemed. Nothing about the install or the visitor. Stores
    /// build it only for a redemption they just made; a claim without one would read as
    /// redeemed by `url` when it was made.
    public static func claimRedeemed(_ claim: Claim) -> WebhookEvent {
        let redeemedAt = claim.redemption?.redeemedAt ?? claim.createdAt
        let template = claimRedeemedTemplate(source: claim.redemption?.source ?? .url, at: redeemedAt)
        let route = JSONWriter.text(claim.route.map(JSONValue.string) ?? .null, escapingSlashes: false)
        let link = JSONWriter.text(.string(claim.link), escapingSlashes: false)
        return WebhookEvent(id: template.id, type: .claimRedeemed, timestamp: redeemedAt,
                            payload: template.beforeRoute + route + claimRedeemedBetweenRouteAndLink + link + template.afterLink)
    }

    /// The `claim.redeemed` body around its route and link, for a store that learns them in the
    /// statement that writes the event (PostgreSQL: `beforeRoute || route || between || link ||
    /// afterLink`, with `claimRedeemedBetweenRouteAndLink` in the statement).
    public static func claimRedeemedTemplate(source: ClaimSource, at time: Date)
        -> (id: String, beforeRoute: String, afterLink: String) {
        let data = JSONValue.object([
            ("route", JSONWriter.hole), ("link", JSONWriter.hole),
            ("source", .string(source.rawValue)), ("redeemedAt", .string(timestampText(time))),
        ])
        let pieces = JSONWriter.pieces(body(type: .claimRedeemed, timestamp: time, data: data))
        return (newID(), pieces.first ?? "", pieces.last ?? "")
    }

    /// What separates the route from the link in a `claim.redeemed` body.
    public static let claimRedeemedBetweenRouteAndLink = ",\"link\":"

    /// `webhook.test`: the endpoint it was sent to.
    public static func webhookTest(endpointID: String, at time: Date) -> WebhookEvent {
        WebhookEvent(type: .webhookTest, timestamp: time, data: .object([("endpointId", .string(endpointID))]))
    }
}
