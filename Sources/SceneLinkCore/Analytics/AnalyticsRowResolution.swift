/// How finely `AnalyticsStore.analyticsLinkVisits` reads every link's counts.
public enum AnalyticsRowResolution: Sendable, Equatable {
    /// The stored 15-minute rows (`analytics_visits`): what any zone's buckets are summed from.
    case quarterHour
    /// One row per scope per UTC day (`analytics_visit_days`, written by the same flush as the
    /// 15-minute rows), 96 times fewer; a row's `bucket` is its day's first bucket. Only for a
    /// range from one UTC midnight to another.
    case utcDay

    /// How many 15-minute buckets one row spans: a stored row's unit times this is its `bucket`.
    public var bucketsPerRow: Int64 {
        self == .utcDay ? AnalyticsBucket.perDay : 1
    }

    /// `bucket` in this resolution's units (the day holding it, for `.utcDay`); `Int64.min`, a
    /// cursor before every row, stays itself.
    public func unit(ofBucket bucket: Int64) -> Int64 {
        self == .utcDay && bucket != .min ? AnalyticsBucket.day(ofBucket: bucket) : bucket
    }

    /// The resolution that reads the fewest rows for `spans`: UTC days when every span is a
    /// whole UTC day, else 15-minute rows (hours, 15 minutes, or days of a zone off UTC).
    public static func coarsest(for spans: [AnalyticsRange.Span]) -> AnalyticsRowResolution {
        let perDay = AnalyticsBucket.perDay
        let wholeDays = !spans.isEmpty && spans.allSatisfy {
            $0.startBucket % perDay == 0 && $0.endBucket - $0.startBucket == perDay
        }
        return wholeDays ? .utcDay : .quarterHour
    }
}
