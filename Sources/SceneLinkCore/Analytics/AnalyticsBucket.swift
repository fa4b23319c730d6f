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

    /// A UTC day (days since 1970-01-01) as `YYYY-MM-DD` in the proleptic Gregorian calendar,
    /// by arithmetic (Howard Hinnant's `civil_from_days`): pages list 30 days and more, and a
    /// `Calendar` or `DateFormatter` per day cost more than the rest of such a page.
    public static func dayText(_ day: Int64) -> String {
        let shifted = day + 719_468                     // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097         // 0 ... 146_096
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)   // from March 1
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return AnalyticsRange.dateText(year: Int(year), month: Int(month), day: Int(dayOfMonth))
    }
}
