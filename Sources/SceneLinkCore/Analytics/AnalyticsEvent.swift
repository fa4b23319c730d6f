/// One thing analytics counts, as decided at request time: a classified visit, a claim made, or
/// a claim redeemed, with the 15-minute bucket it fell in and the link and route it counts
/// under. Events that are equal are counted together (`AnalyticsRecorder` keeps a count per
/// distinct event until the next flush), so a burst of like visits costs one entry.
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
    public var kind: Kind {
        switch tag {
        case 1: .claim
        case 2: .install
        default: .visit(visit)
        }
    }
    /// The `AnalyticsBucket` it happened in.
    public let bucket: Int64
    /// The short link's code, when it came through one.
    public let link: ShortCode?
    /// The route the link resolved to (`/` for the root route); nil when it did not resolve.
    public let route: String?
    /// The kind as a number and the visit's properties (a placeholder for claims and installs),
    /// kept flat: an event is hashed, compared and copied on every visit, and a payload-carrying
    /// enum costs more to copy than its fields.
    private let tag: UInt8
    private let visit: AnalyticsVisit

    public init(_ kind: Kind, bucket: Int64, link: ShortCode?, route: String?) {
        switch kind {
        case .visit(let visit):
            tag = 0
            self.visit = visit
        case .claim:
            tag = 1
            visit = Self.placeholder
        case .install:
            tag = 2
            visit = Self.placeholder
        }
        self.bucket = bucket
        self.link = link
        self.route = route
    }

    private static let placeholder = AnalyticsVisit(reading: UserAgentReading(visitClass: .bot, platform: .other, browser: .other),
                                                    trigger: .click, referrer: "", country: "", outcome: .page)

    /// The scopes it counts under: `all`, its short link, its route.
    public var scopes: [String] {
        AnalyticsEvent.scopes(link: link, route: route)
    }

    /// Hashes what tells events apart cheaply (this runs on every visit): the bucket, the kind and
    /// the visit's properties in full (the referrer and country come from the visitor, so they
    /// are hashed whole against flooding), and the link and route by their length only (they
    /// come from the store and the route table). Equal events still compare every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bucket)
        hasher.combine((link?.rawValue.utf8.count ?? -1) &* 1_000 &+ (route?.utf8.count ?? -1) &* 4 &+ Int(tag))
        visit.hash(into: &hasher)
    }

    static func scopes(link: ShortCode?, route: String?) -> [String] {
        var scopes = [AnalyticsScope.all.key]
        if let link { scopes.append(AnalyticsScope.link(link).key) }
        if let route { scopes.append(AnalyticsScope.route(route).key) }
        return scopes
    }
}
