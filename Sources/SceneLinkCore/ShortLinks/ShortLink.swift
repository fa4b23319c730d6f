import Foundation

/// One stored short link: its code, the link it stands for, how it is labelled, and how often
/// it was followed.
public struct ShortLink: Sendable, Equatable {
    /// How long an expired link keeps answering 410 before the sweep deletes it (then 404, and
    /// its code is free again).
    public static let expiredRetention: Duration = .seconds(30 * 24 * 60 * 60)

    /// The longest title, in characters.
    public static let maximumTitleLength = 200
    /// The most tags one link may have.
    public static let maximumTagCount = 20

    /// The code in `https://HOST/s/CODE`.
    public var code: ShortCode
    /// The target, as the creator gave it (a link the route table resolved when it was set).
    public var link: String
    public var createdAt: Date
    /// When the link stops working (410 from then on); nil for never.
    public var expiresAt: Date?
    /// Clicks counted so far (followed before expiry; `HEAD` requests are not counted).
    public var clicks: Int
    /// The store's creation order, increasing; the listing's cursor.
    public var sequence: Int64
    /// The name of the route the target resolved to when the link was set (webhook events
    /// carry it); nil when unknown.
    public var route: String?
    /// A name people give the link (at most `maximumTitleLength` characters); nil for none.
    public var title: String?
    /// Its labels, each once, in ascending order (`ShortLinkTag.normalized`, also when set).
    public var tags: [ShortLinkTag] {
        didSet { tags = ShortLinkTag.normalized(tags) }
    }
    /// What the link sets over its route's page: card, fallbacks, redirect, campaign
    /// (`ShortLinkSettings`); `.none` for the route's page as it is.
    public var settings: ShortLinkSettings
    /// 1 when created, one more at each change of link, expiry, title, tags or settings (clicks do not
    /// count): the link's `ETag` is `"l<revision>"` (`EntityTag.shortLink(revision:)`).
    public var revision: Int64

    public init(code: ShortCode, link: String, createdAt: Date, expiresAt: Date?, clicks: Int = 0, sequence: Int64 = 0,
                route: String? = nil, title: String? = nil, tags: [ShortLinkTag] = [], settings: ShortLinkSettings = .none,
                revision: Int64 = 1) {
        self.settings = settings
        self.route = route
        self.code = code
        self.link = link
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.clicks = clicks
        self.sequence = sequence
        self.title = title
        self.tags = ShortLinkTag.normalized(tags)
        self.revision = revision
    }

    /// True at and after `expiresAt`.
    public func isExpired(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }

    /// The tags as stores keep them in one text: space-separated, "" for none.
    public var tagText: String { tags.map(\.rawValue).joined(separator: " ") }
}
