import Foundation

/// SceneLink's unit of time for analytics: the 15-minute bucket, numbered from the Unix epoch
/// (bucket `n` covers `[n × 900 s, (n + 1) × 900 s)`), and the UTC day, numbered the same way.
///
/// Every zone in use today is offset from UTC by a multiple of 15 minutes (Asia/Kolkata +5:30,
/// Asia/Kathmandu +5:45, Australia/Eucla +8:45), so a local hour or day always starts on a
/// bucket's edge and sums of buckets are exact in every zone.
public enum AnalyticsBucket {
    /// Seconds in one bucket.
    public static let seconds: Int64 = 900
    /// Buckets in one UTC day.
    public static let perDay: Int64 = 96

    /// The bucket holding `date`.
    public static func index(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / Double(seconds)).rounded(.down))
    }

    /// The first bucket at or after `date` (a local midnight or hour falls on an edge).
    public static func edge(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / Double(seconds)).rounded(.up))
    }

    /// The UTC day holding `date`.
    public static func day(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The UTC day a bucket falls in.
    public static func day(ofBucket bucket: Int64) -> Int64 {
        bucket >= 0 ? bucket / perDay : (bucket - perDay + 1) / perDay
    }

    /// The instant a bucket starts.
    public static func start(of bucket: Int64) -> Date {
        Date(timeIntervalSince1970: Double(bucket * seconds))
    }

    /// A UTC day as `YYYY-MM-DD`.
    public static func dayText(_ day: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day * 86_400)))
        return AnalyticsRange.dateText(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
