import Testing
@testable import SceneLinkCore

/// The largest values of a breakdown, chosen without sorting them all.
@Suite struct AnalyticsBreakdownTopTests {
    @Test func theLargestAreListedAsAFullSortListsThem() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            // Few distinct counts, so that ties at the cut are common.
            let summed = (0..<Int.random(in: 0...300, using: &generator)).map {
                AnalyticsBreakdownRow(value: "v\($0)-\(round)", count: Int64.random(in: 0...20, using: &generator))
            }
            let limit = Int.random(in: 0...320, using: &generator)
            let sorted = summed.sorted(by: AnalyticsBreakdownTop.precedes)
            let top = AnalyticsBreakdownTop(summed: summed.shuffled(using: &generator), limit: limit)
            #expect(top.rows == Array(sorted.prefix(limit)), "round \(round), limit \(limit) of \(summed.count)")
            #expect(top.total == summed.map(\.count).reduce(0, +))
            #expect(top.distinct == summed.count)
        }
    }

    @Test func equalCountsAreOrderedByTheirUTF8Bytes() {
        let values = ["a", "B", "\u{E9}", "z", "e\u{301}"]
        let top = AnalyticsBreakdownTop(summed: values.map { AnalyticsBreakdownRow(value: $0, count: 1) }, limit: 10)
        // "e\u{301}" (0x65 0xCC 0x81) and "\u{E9}" (0xC3 0xA9) are equal Strings, yet two values: the
        // first after "a", the second after "z".
        #expect(top.rows.map { Array($0.value.utf8) } == ["B", "a", "e\u{301}", "z", "\u{E9}"].map { Array($0.utf8) })
        #expect(top.distinct == 5)
    }
}
