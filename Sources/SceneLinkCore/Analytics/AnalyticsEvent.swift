/// One thing analytics counts, as decided at request time: a classified visit, a claim made, or
/// a claim redeemed, with the 15-minute bucket it fell in and the link and route it counts
/// under: what `AnalyticsWindow` hands `AnalyticsTally` at a flush, with its count.
///
/// It holds no address and no User-Agent; distinct visitors are kept apart (`AnalyticsVisitorMark`).
public struct AnalyticsEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A `GET` of a short link or a link page, classified.
        case visit(AnalyticsVisit)
        /// A claim made by a link page.
        case claim
        /// A claim redeemed by the app: an install that came from the link.
        case install
    }

    /// What it is: `.visit` with its properties, `.claim` or `.install`.
    public let kind: Kind
    /// The `AnalyticsBucket` it happened in.
    public let bucket: Int64
    /// The short link's code, when it came through one.
    public let link: ShortCode?
    /// The route the link resolved to (`/` for the root route); nil when it did not resolve.
    public let route: String?

    public init(_ kind: Kind, bucket: Int64, link: ShortCode?, route: String?) {
        self.kind = kind
        self.bucket = bucket
        self.link = link
        self.route = route
    }

    /// The scopes it counts under: `all`, its short link, its route.
    public var scopes: [String] {
        AnalyticsEvent.scopes(link: link, route: route)
    }

    static func scopes(link: ShortCode?, route: String?) -> [String] {
        var scopes = [AnalyticsScope.all.key]
        if let link { scopes.append(AnalyticsScope.link(link).key) }
        if let route { scopes.append(AnalyticsScope.route(route).key) }
        return scopes
    }
}
