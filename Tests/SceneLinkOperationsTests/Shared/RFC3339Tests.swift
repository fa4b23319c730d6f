import Foundation
import Testing
@testable import SceneLinkOperations

@Suite struct RFC3339Tests {
    @Test func instantsAreWrittenInWholeSecondsUTC() {
        #expect(RFC3339.string(Date(timeIntervalSince1970: 1_797_100_843.75)) == "2026-12-12T18:40:43Z")
    }

    @Test func instantsAreReadWithOrWithoutFractionsAndInAnyOffset() {
        #expect(RFC3339.date("2026-12-12T18:40:43Z") == Date(timeIntervalSince1970: 1_797_100_843))
        #expect(RFC3339.date("2026-12-12T19:40:43.500+01:00") == Date(timeIntervalSince1970: 1_797_100_843.5))
        #expect(RFC3339.date("2026-12-12 18:40:43") == nil)
        #expect(RFC3339.date("tomorrow") == nil)
    }

    @Test(arguments: ["2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-04-31T00:00:00Z", "2026-12-12T24:00:00Z",
                      "2026-12-12T18:60:00Z", "2016-12-31T23:59:60Z", "2026-12-12T18:40:43+24:00", "2026-12-12T18:40:43.Z",
                      "2026-12-12T18:40:43+0100", "2026-12-12T18:40:43Zjunk", "2026-12-12T18:40:43", "２０２６-12-12T18:40:43Z"])
    func outOfRangeAndMalformedInstantsAreRefused(text: String) {
        #expect(RFC3339.date(text) == nil)
    }

    @Test func leapDaysLowerCaseLettersAndOffsetsBothWaysReadAsFoundationReadsThem() {
        #expect(RFC3339.date("2024-02-29t12:00:00z") == Date(timeIntervalSince1970: 1_709_208_000))
        #expect(RFC3339.date("1969-12-31T23:00:00-01:00") == Date(timeIntervalSince1970: 0))
        #expect(RFC3339.date("2000-03-01T00:00:00.123456Z")?.timeIntervalSince1970 == 951_868_800.123456)
        // Against Foundation's reader on a spread of instants.
        let formatter = ISO8601DateFormatter()
        for seconds in stride(from: -2_000_000_000, through: 4_000_000_000, by: 7_777_777) {
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(RFC3339.date(text) == Date(timeIntervalSince1970: Double(seconds)), "\(text)")
        }
    }
}
