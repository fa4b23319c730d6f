/// A person seen on a UTC day through a link and route: the keyed hash of their address and
/// browser family under that day's salt (`AnalyticsSalt`). Kept in memory only, to count
/// distinct visitors; never written.
public struct AnalyticsVisitorMark: Hashable, Sendable {
    public var visitor: UInt64
    public var day: Int64
    public var link: ShortCode?
    public var route: String?

    public init(visitor: UInt64, day: Int64, link: ShortCode?, route: String?) {
        self.visitor = visitor
        self.day = day
        self.link = link
        self.route = route
    }
}
