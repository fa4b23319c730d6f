import Foundation
import SceneLinkCore
import Testing

@Suite struct AnalyticsBucketDayTextTests {
    @Test func namesTheDaysAroundTheEpochAndLeapDays() {
        #expect(AnalyticsBucket.dayText(0) == "1970-01-01")
        #expect(AnalyticsBucket.dayText(-1) == "1969-12-31")
        #expect(AnalyticsBucket.dayText(11_016) == "2000-02-29")
        #expect(AnalyticsBucket.dayText(47_541) == "2100-03-01")   // 2100 is no leap year
        #expect(AnalyticsBucket.dayText(2_932_896) == "9999-12-31")
        #expect(AnalyticsBucket.dayText(-719_162) == "0001-01-01")
    }

    /// From 1583: before the Gregorian reform Foundation's calendar counts Julian days, as it should for dates of then.
    @Test func agreesWithFoundationsGregorianCalendarFrom1583To9999() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        for day in stride(from: Int64(-141_349), through: 2_932_896, by: 997) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day * 86_400)))
            let expected = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            #expect(AnalyticsBucket.dayText(day) == expected, "day \(day)")
        }
    }
}
