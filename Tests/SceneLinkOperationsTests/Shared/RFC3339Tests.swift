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
}
