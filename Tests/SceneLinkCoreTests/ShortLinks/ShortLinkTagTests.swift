import SceneLinkCore
import Testing

@Suite struct ShortLinkTagTests {
    @Test func lowercaseLettersDigitsHyphenAndUnderscoreAreTags() throws {
        #expect(try ShortLinkTag("spring-2027_a").rawValue == "spring-2027_a")
        #expect(try ShortLinkTag(String(repeating: "a", count: 40)).rawValue.count == 40)
    }

    @Test func otherTagsAreRefusedWithTheFix() {
        #expect(throws: ShortLinkTagError(value: "", reason: .empty)) { try ShortLinkTag("") }
        #expect(throws: ShortLinkTagError(value: String(repeating: "a", count: 41), reason: .tooLong(maximum: 40))) {
            try ShortLinkTag(String(repeating: "a", count: 41))
        }
        #expect(throws: ShortLinkTagError(value: "Sale", reason: .invalidCharacter("S"))) { try ShortLinkTag("Sale") }
        #expect(ShortLinkTagError(value: "a b", reason: .invalidCharacter(" ")).description
            == "The tag 'a b' contains the character U+20; use only lowercase a-z, 0-9, - and _.")
    }

    @Test func storedTagsAreEachKeptOnceInOrder() throws {
        #expect(ShortLinkTag.stored("b a b  Bad c").map(\.rawValue) == ["a", "b", "c"])
    }

    @Test func theLikePatternEscapesItsOwnCharactersAndFoldsASCIICaseOnly() {
        #expect(ShortLinkFilter(text: "50%_A\\É").likePattern == "%50\\%\\_a\\\\É%")
        #expect(ShortLinkFilter(text: "").likePattern == nil)
    }
}
