/// Finds the span of a series each stored row falls in, for rows that come in bucket order: the
/// one way stored 15-minute rows are summed into the buckets of a series (hours, or days of the
/// query's zone, which can have 23 or 25 hours). The timeseries and the export both fold with it.
///
/// ```swift
/// var walk = AnalyticsSpanWalk(spans: range.spans(.day))
/// for row in rows { if let index = walk.index(of: row.bucket) { sums[index] += row.counts } }
/// ```
public struct AnalyticsSpanWalk: Sendable {
    /// The spans, in order, none overlapping (as `AnalyticsRange.spans` makes them).
    public let spans: [AnalyticsRange.Span]
    private var current = 0

    public init(spans: [AnalyticsRange.Span]) {
        self.spans = spans
    }

    /// The index of the span holding `bucket`, or nil when no span holds it. Buckets must come
    /// in ascending order until the next `restart()`: the walk only moves forward.
    public mutating func index(of bucket: Int64) -> Int? {
        while current < spans.count, spans[current].endBucket <= bucket { current += 1 }
        guard current < spans.count, bucket >= spans[current].startBucket else { return nil }
        return current
    }

    /// Starts again from the first span, for the rows of another scope.
    public mutating func restart() {
        current = 0
    }
}
