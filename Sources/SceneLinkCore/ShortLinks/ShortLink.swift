import Foundation

/// One stored short link: its code, the link it stands for, and how often it was followed.
public struct ShortLink: Sendable, Equatable {
    /// The code in `https://HOST/s/CODE`.
    public var code: ShortCode
    /// The target, as the creator gave it (a link the route table resolved at creation).
    public var link: String
    public var createdAt: Date
    /// When the link stops working (410 from then on); nil for never.
    public var expiresAt: Date?
    /// Clicks counted so far (followed before expiry; `HEAD` requests are not counted).
    public var clicks: Int
    /// The store's creation order, increasing; the listing's cursor.
    public var sequence: Int64
    /// The name of the route the target resolved to when the link was created (webhook events
    /// carry it); nil when unknown.
    public var route: String?

    public init(code: ShortCode, link: String, createdAt: Date, expiresAt: Date?, clicks: Int = 0, sequence: Int64 = 0,
                route: String? = nil) {
        self.route = route
        self.code = code
        self.link = link
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.clicks = clicks
        self.sequence = sequence
    }

    /// True at and after `expiresAt`.
    public func isExpired(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }
}
