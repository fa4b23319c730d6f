import Testing
import SceneLinkText

@Suite struct HexDigitTests {
    @Test func readsEitherCaseAndRefusesTheRest() {
        #expect(Array("09afAF".utf8).map { HexDigit.value(of: $0) } == [0, 9, 10, 15, 10, 15])
        #expect(Array("gG/:@`".utf8).allSatisfy { HexDigit.value(of: $0) == nil })
    }
}
