/// The width of a time series' buckets, in the query's time zone.
public enum AnalyticsInterval: String, Sendable, CaseIterable {
    case quarterHour = "15m"
    case hour
    case day

    /// The longest range, in days, any series may span: the default retention.
    public static let maximumDays = 800

    /// The bucket's width in 15-minute steps, for the fixed widths (a day is measured on the
    /// zone's calendar instead, which has 23- and 25-hour days).
    var quarters: Int64? {
        switch self {
        case .quarterHour: 1
        case .hour: 4
        case .day: nil
        }
    }
}
