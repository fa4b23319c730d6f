import Testing
@testable import SceneLinkCore

/// Enum raw values as segment bytes: the answers must be `ParameterKind.matches`'s.
@Suite struct EnumRawTextsTests {
    private func contains(_ texts: EnumRawTexts, _ segment: String) -> Bool? {
        Array(segment.utf8).withUnsafeBytes { texts.contains($0) }
    }

    @Test func intRawValuesMatchTheirCanonicalTextAndLeaveOtherFormsToTheKind() throws {
        let kind = ParameterKind.intEnum([1, 2, 3, -4, 10])
        let texts = try #require(EnumRawTexts(kind))
        #expect(texts.isInt)
        for segment in ["1", "3", "-4", "10", "4", "0", "11"] {
            #expect(contains(texts, segment) == kind.matches(segment), "\(segment)")
        }
        // Not canonical integers: left to the kind, which parses them (`02` is 2).
        for segment in ["02", "-0", "+1", "0010", "x", ""] { #expect(contains(texts, segment) == nil, "\(segment)") }
    }

    @Test func stringRawValuesMatchExactlyWithoutFolding() throws {
        let kind = ParameterKind.stringEnum(["Item1", "Item2", "a b"])
        let texts = try #require(EnumRawTexts(kind))
        #expect(!texts.isInt)
        for segment in ["Item1", "Item2", "a b", "item1", "Item", "Item12", ""] {
            #expect(contains(texts, segment) == kind.matches(segment), "\(segment)")
        }
    }

    @Test func nonASCIIRawValuesManyCasesAndOtherKindsAreLeftToTheKind() {
        // The Kelvin sign equals "K" as a `String`: byte comparison would say otherwise.
        #expect(EnumRawTexts(.stringEnum(["\u{212A}", "A"])) == nil)
        #expect(ParameterKind.stringEnum(["\u{212A}"]).matches("K"))
        #expect(EnumRawTexts(.intEnum(Set(0...EnumRawTexts.maximumCount))) == nil)
        #expect(EnumRawTexts(.int) == nil)
        #expect(EnumRawTexts(.string) == nil)
    }
}
