import SceneLinkCore
import Testing

@Suite struct VisitCountryTests {
    private func country(_ header: String?) -> String { VisitCountry(header: header).code }

    @Test func twoASCIILettersAreTheCodeInUpperCase() {
        #expect(country("US") == "US")
        #expect(country("de") == "DE")
        #expect(country("jP") == "JP")
        #expect(country(" gb\t") == "GB")
        #expect(VisitCountry(header: "fr").description == "FR")
    }

    @Test func anythingElseIsUnknown() {
        #expect(country(nil) == "unknown")
        #expect(country("") == "unknown")
        #expect(country("  ") == "unknown")
        #expect(country("XX") == "unknown")
        #expect(country("xx") == "unknown")
        #expect(country("ZZ") == "unknown")
        #expect(country("T1") == "unknown")
        #expect(country("U") == "unknown")
        #expect(country("USA") == "unknown")
        #expect(country("U S") == "unknown")
        #expect(country("1A") == "unknown")
        #expect(country("D\u{0}") == "unknown")
        #expect(country("ÄÖ") == "unknown")
        #expect(country("Ｕ") == "unknown")
        #expect(country("us,de") == "unknown")
        #expect(country(String(repeating: "A", count: 100_000)) == "unknown")
        #expect(VisitCountry(header: "XX") == .unknown)
    }
}
