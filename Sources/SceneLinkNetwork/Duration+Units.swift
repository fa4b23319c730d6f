/// The one conversion of a `Duration` into the numbers system calls and `Date` arithmetic take.
///
/// ```swift
/// Duration.milliseconds(1_500).seconds        // 1.5
/// Duration.seconds(2).microseconds            // 2_000_000
/// ```
extension Duration {
    /// The duration in seconds, fractions kept (for `TimeInterval` and `Date` arithmetic).
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, truncated, clamped at zero.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(0, seconds.multipliedReportingOverflow(by: 1_000).overflow ? .max
                   : seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
    }

    /// The duration in whole microseconds, truncated, clamped at zero.
    public var microseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(0, seconds.multipliedReportingOverflow(by: 1_000_000).overflow ? .max
                   : seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }
}
