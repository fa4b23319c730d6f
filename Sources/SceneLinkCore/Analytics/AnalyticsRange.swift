import Foundation

/// The dates an analytics query covers, in its time zone: `from` and `to` inclusive, local
/// midnight to local midnight, as the 15-minute buckets `[startBucket, endBucket)`.
///
/// Days are taken from the zone's own calendar, so a day with a daylight-saving change has 23 or
/// 25 hours, and its series lists that many hourly buckets.
///
/// ```swift
/// let range = try AnalyticsRange(from: "2026-03-29", to: "2026-03-29", zone: "Europe/Berlin", now: Date())
/// range.spans(.hour).count   // 23
/// ```
public struct AnalyticsRange: Sendable {
    /// The zone's IANA name, as answered.
    public let zone: String
    /// The first and last day, `YYYY-MM-DD`.
    public let from: String
    public let to: String
    /// The first bucket of `from` and the first bucket after `to`.
    public let startBucket: Int64
    public let endBucket: Int64
    /// The number of days in the range.
    public let dayCount: Int

    private let calendar: Calendar
    private let startDate: Date

    /// The range a query's `from`, `to` and `tz` ask for; by default the last 30 days to today in
    /// the zone, and UTC.
    /// - Throws: `AnalyticsQueryError` for an unknown zone, a date that is not `YYYY-MM-DD`, a
    ///   range that ends before it starts, or one longer than `AnalyticsInterval.maximumDays`.
    public init(from fromText: String?, to toText: String?, zone zoneText: String?, now: Date) throws(AnalyticsQueryError) {
        let zoneName = zoneText ?? "UTC"
        guard zoneName.utf8.count <= 64, let timeZone = TimeZone(identifier: zoneName) else { throw .unknownTimeZone(zoneName) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let todayStart = calendar.date(from: today) ?? now
        let lastStart: Date
        if let toText {
            lastStart = try Self.dayStart(toText, name: "to", calendar: calendar)
        } else {
            lastStart = todayStart
        }
        let firstStart: Date
        if let fromText {
            firstStart = try Self.dayStart(fromText, name: "from", calendar: calendar)
        } else {
            firstStart = calendar.date(byAdding: .day, value: -29, to: lastStart) ?? lastStart
        }
        let fromLabel = Self.text(of: firstStart, calendar: calendar)
        let toLabel = Self.text(of: lastStart, calendar: calendar)
        guard firstStart <= lastStart else { throw .reversedRange(from: fromLabel, to: toLabel) }
        let days = (calendar.dateComponents([.day], from: firstStart, to: lastStart).day ?? 0) + 1
        guard days <= AnalyticsInterval.maximumDays else {
            throw .rangeTooLong(days: days, maximum: AnalyticsInterval.maximumDays)
        }
        let end = calendar.date(byAdding: .day, value: 1, to: lastStart) ?? lastStart
        self.zone = zoneName
        self.from = fromLabel
        self.to = toLabel
        self.dayCount = days
        self.calendar = calendar
        self.startDate = firstStart
        self.startBucket = AnalyticsBucket.edge(at: firstStart)
        self.endBucket = AnalyticsBucket.edge(at: end)
    }

    /// One bucket of a series: where it starts (an instant, and as RFC 3339 with the zone's
    /// offset at that instant) and the 15-minute buckets it sums.
    public struct Span: Sendable, Equatable {
        public let start: String
        public let startBucket: Int64
        public let endBucket: Int64
    }

    /// Every bucket of the range at `interval`, in order, none left out.
    public func spans(_ interval: AnalyticsInterval) -> [Span] {
        var spans: [Span] = []
        if let width = interval.quarters {
            spans.reserveCapacity(Int((endBucket - startBucket) / width) + 1)
            var bucket = startBucket
            while bucket < endBucket {
                let next = min(bucket + width, endBucket)
                spans.append(Span(start: rfc3339(AnalyticsBucket.start(of: bucket)), startBucket: bucket, endBucket: next))
                bucket = next
            }
            return spans
        }
        spans.reserveCapacity(dayCount)
        var day = startDate
        for _ in 0..<dayCount {
            let next = calendar.date(byAdding: .day, value: 1, to: day) ?? day.addingTimeInterval(86_400)
            spans.append(Span(start: rfc3339(day), startBucket: AnalyticsBucket.edge(at: day), endBucket: AnalyticsBucket.edge(at: next)))
            day = next
        }
        return spans
    }

    /// The UTC days the range's days are (for daily unique visitors, which are per UTC day):
    /// the dates `from` through `to` read as UTC dates.
    public var utcDays: ClosedRange<Int64> {
        let first = AnalyticsBucket.day(of: Self.utcDate(from) ?? Date(timeIntervalSince1970: 0))
        return first...(first + Int64(dayCount) - 1)
    }

    /// `date` as RFC 3339 in the range's zone, with the zone's offset at that instant:
    /// `2026-03-29T03:00:00+02:00`, `2026-01-01T00:00:00Z` in UTC.
    public func rfc3339(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = calendar.timeZone.secondsFromGMT(for: date)
        var text = Self.dateText(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        text += "T" + Self.two(parts.hour ?? 0) + ":" + Self.two(parts.minute ?? 0) + ":" + Self.two(parts.second ?? 0)
        if offset == 0 { return text + "Z" }
        let magnitude = abs(offset) / 60
        return text + (offset < 0 ? "-" : "+") + Self.two(magnitude / 60) + ":" + Self.two(magnitude % 60)
    }

    /// `YYYY-MM-DD`.
    static func dateText(year: Int, month: Int, day: Int) -> String {
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-" + two(day)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

    private static func text(of date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return dateText(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The local midnight starting the date `text` (`YYYY-MM-DD`, a real date, years 2000–2199).
    private static func dayStart(_ text: String, name: String, calendar: Calendar) throws(AnalyticsQueryError) -> Date {
        guard let (year, month, day) = parse(text),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              Self.text(of: date, calendar: calendar) == text else { throw .invalidDate(name: name, value: text) }
        return date
    }

    private static func utcDate(_ text: String) -> Date? {
        guard let (year, month, day) = parse(text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    private static func parse(_ text: String) -> (Int, Int, Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (2000...2199).contains(year) else { return nil }
        return (year, month, day)
    }
}
