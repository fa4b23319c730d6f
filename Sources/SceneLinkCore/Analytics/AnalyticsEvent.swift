import Foundation

/// One thing analytics counts, as decided at request time and kept in memory until the next
/// flush (`AnalyticsTally`): a classified visit, a claim made, or a claim redeemed. It holds no
/// address and no User-Agent: the visitor is a keyed hash under a salt of the day
/// (`visitor`), which never leaves memory.
public struct AnalyticsEvent: Sendable {
    public enum Kind: Sendable {
        /// A `GET` of a short link or a link page, classified.
        case visit(AnalyticsVisit)
        /// A claim made by a link page.
        case claim
        /// A claim redeemed by the app: an install that came from the link.
        case install
    }

    public var kind: Kind
    /// When it happened.
    public var at: Date
    /// The short link's code, when it came through one.
    public var link: ShortCode?
    /// The route the link resolved to (`/` for the root route); nil when it did not resolve.
    public var route: String?

    public init(_ kind: Kind, at: Date, link: ShortCode?, route: String?) {
        self.kind = kind
        self.at = at
        self.link = link
        self.route = route
    }

    /// The scopes it counts under: `all`, its short link, its route.
    public var scopes: [String] {
        var scopes = ["all"]
        if let link { scopes.append("link:" + link.rawValue) }
        if let route { scopes.append("route:" + route) }
        return scopes
    }
}
