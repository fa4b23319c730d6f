import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// Sums by a value's bytes, as a dictionary of byte arrays would, through every growth of its table.
@Suite struct BreakdownTallyTests {
    @Test func sumsEqualADictionaryOfTheSameRows() {
        var generator = SystemRandomNumberGenerator()
        var tally = BreakdownTally()
        var model: [[UInt8]: Int64] = [:]
        // About 5,500 values (the table grows from 1,024 slots several times) in 40,000 rows, and the empty value.
        [UInt8]().withUnsafeBytes { tally.add($0, 4) }
        model[[], default: 0] += 4
        for _ in 0..<40_000 {
            let value = Array("v\(Int.random(in: 0..<5_000, using: &generator))".utf8).dropLast(Int.random(in: 0...1, using: &generator))
            let count = Int64.random(in: 0...9, using: &generator)
            Array(value).withUnsafeBytes { tally.add($0, count) }
            model[Array(value), default: 0] += count
        }
        #expect(tally.count == model.count)
        let rows = tally.rows
        #expect(Dictionary(uniqueKeysWithValues: rows.map { (Array($0.value.utf8), $0.count) }) == model)
    }

    @Test func canonicallyEquivalentSpellingsStayTwoValues() {
        var tally = BreakdownTally()
        for value in ["\u{E9}", "e\u{301}", "\u{E9}"] { Array(value.utf8).withUnsafeBytes { tally.add($0, 1) } }
        #expect(tally.count == 2)
        #expect(Set(tally.rows.map { Array($0.value.utf8) }) == [Array("\u{E9}".utf8), Array("e\u{301}".utf8)])
        #expect(tally.rows.map(\.count).sorted() == [1, 2])
    }
}
