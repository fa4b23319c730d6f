/// Where a page of every short link's 15-minute rows (`AnalyticsStore.analyticsLinkVisits`)
/// starts: after the row with this scope and bucket, in (scope, bucket) order, the primary key's.
public struct AnalyticsVisitsCursor: Equatable, Sendable {
    public var scope: String
    public var bucket: Int64

    public init(scope: String, bucket: Int64) {
        self.scope = scope
        self.bucket = bucket
    }

    /// Before the first short link's first row.
    public static let start = AnalyticsVisitsCursor(scope: AnalyticsVisitsCursor.linkPrefix, bucket: .min)

    /// What every short link's scope starts with (`link:CODE`).
    public static let linkPrefix = "link:"
    /// The first text after every scope that starts with `link:` (`;` follows `:` in ASCII).
    public static let afterLinks = "link;"

    /// The cursor after `row`.
    public init(after row: AnalyticsBatch.Visits) {
        self.init(scope: row.scope, bucket: row.bucket)
    }
}
