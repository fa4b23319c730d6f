import Foundation
import Testing
import SceneLinkCore

@Suite struct AnalyticsRangeTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }

    @Test func aUTCDayIsNinetySixBucketsFromMidnight() throws {
        let range = try AnalyticsRange(from: "2026-06-01", to: "2026-06-01", zone: nil, now: Self.now)
        #expect(range.zone == "UTC")
        #expect(range.endBucket - range.startBucket == 96)
        #expect(AnalyticsBucket.start(of: range.startBucket) == Self.date("2026-06-01T00:00:00Z"))
        let hours = range.spans(.hour)
        #expect(hours.count == 24)
        #expect(hours.first?.start == "2026-06-01T00:00:00Z")
        #expect(range.spans(.quarterHour).count == 96)
    }

    @Test(arguments: [("Asia/Kolkata", "2026-06-01T00:00:00+05:30", "2026-05-31T18:30:00Z"),
                      ("Asia/Kathmandu", "2026-06-01T00:00:00+05:45", "2026-05-31T18:15:00Z"),
                      ("America/St_Johns", "2026-06-01T00:00:00-02:30", "2026-06-01T02:30:00Z")])
    func aZoneOffByHalfOrQuarterHoursStartsOnABucketEdge(zone: String, start: String, utc: String) throws {
        let range = try AnalyticsRange(from: "2026-06-01", to: "2026-06-02", zone: zone, now: Self.now)
        let days = range.spans(.day)
        #expect(days.count == 2)
        #expect(days.first?.start == start)
        #expect(days.first.map { AnalyticsBucket.start(of: $0.startBucket) } == Self.date(utc))
        #expect(days.first.map { $0.endBucket - $0.startBucket } == 96)
        #expect(days.last?.startBucket == days.first?.endBucket)
        #expect(range.spans(.hour).count == 48)
    }

    @Test func daylightSavingDaysInBerlinHave23And25Hours() throws {
        let spring = try AnalyticsRange(from: "2026-03-29", to: "2026-03-29", zone: "Europe/Berlin", now: Self.now)
        #expect(spring.spans(.hour).count == 23)
        #expect(spring.spans(.day).first.map { $0.endBucket - $0.startBucket } == 92)
        #expect(Array(spring.spans(.hour).map(\.start).prefix(4))
            == ["2026-03-29T00:00:00+01:00", "2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T04:00:00+02:00"])
        let autumn = try AnalyticsRange(from: "2026-10-25", to: "2026-10-25", zone: "Europe/Berlin", now: Self.now)
        #expect(autumn.spans(.hour).count == 25)
        #expect(Array(autumn.spans(.hour).map(\.start)[2...3]) == ["2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00"])
    }

    @Test func theDefaultIsTheLastThirtyDaysToTodayInTheZone() throws {
        // 08:00 UTC is already the next day at UTC+14.
        let range = try AnalyticsRange(from: nil, to: nil, zone: "Pacific/Kiritimati", now: Self.now)
        #expect(range.to == "2027-01-15")
        #expect(range.from == "2026-12-17")
        #expect(range.dayCount == 30)
        #expect(try AnalyticsRange(from: nil, to: nil, zone: "Pacific/Pago_Pago", now: Self.now).to == "2027-01-14")
    }

    @Test(arguments: [
        ("2026-02-30", "2026-03-01", "UTC", AnalyticsQueryError.invalidDate(name: "from", value: "2026-02-30")),
        ("2026-03-01", "yesterday", "UTC", .invalidDate(name: "to", value: "yesterday")),
        ("2026-03-02", "2026-03-01", "UTC", .reversedRange(from: "2026-03-02", to: "2026-03-01")),
        ("2020-01-01", "2026-03-01", "UTC", .rangeTooLong(days: 2252, maximum: 800)),
        ("2026-03-01", "2026-03-01", "Mars/Olympus", .unknownTimeZone("Mars/Olympus")),
    ])
    func badParametersSayWhatToSend(from: String, to: String, zone: String, error: AnalyticsQueryError) {
        #expect(throws: error) { try AnalyticsRange(from: from, to: to, zone: zone, now: Self.now) }
        #expect(error.description.hasSuffix("."))
    }

    @Test func uniquesReadTheRangesDatesAsUTCDays() throws {
        let range = try AnalyticsRange(from: "2026-06-01", to: "2026-06-03", zone: "Asia/Tokyo", now: Self.now)
        let first = try #require(Self.date("2026-06-01T00:00:00Z"))
        #expect(range.utcDays == AnalyticsBucket.day(of: first)...(AnalyticsBucket.day(of: first) + 2))
    }
}
