/// The hours and folded days a range of buckets `[start, end)` counts for breakdowns: each hour
/// whose first bucket is in the range, and each UTC day wholly inside it.
///
/// Breakdowns are kept per hour (then per UTC day), so in a zone whose offset is not whole
/// hours (Asia/Kolkata, Asia/Kathmandu) a range's first and last hour are counted by where they
/// start: the edges may move by up to 45 minutes. Time series, kept per 15 minutes, are exact.
public struct AnalyticsHours: Equatable, Sendable {
    public let firstHour: Int64
    public let endHour: Int64
    public let firstDay: Int64
    public let endDay: Int64

    public init(from start: Int64, to end: Int64) {
        firstHour = Self.ceilingDivide(start, 4)
        endHour = Self.ceilingDivide(end, 4)
        firstDay = Self.ceilingDivide(start, AnalyticsBucket.perDay)
        endDay = Self.floorDivide(end, AnalyticsBucket.perDay)
    }

    static func ceilingDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        -floorDivide(-value, divisor)
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}
