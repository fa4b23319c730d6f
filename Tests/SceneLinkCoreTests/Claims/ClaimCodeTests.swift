import SceneLinkCore
import Testing

@Suite struct ClaimCodeTests {
    @Test func randomCodesAreEightCrockfordCharactersShownWithAHyphen() throws {
        let codes = (0..<200).map { _ in ClaimCode.random() }
        #expect(Set(codes).count > 190)
        for code in codes {
            #expect(code.rawValue.utf8.count == 8)
            #expect(code.rawValue.allSatisfy { "0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains($0) })
            #expect(code.displayed == code.rawValue.prefix(4) + "-" + code.rawValue.suffix(4))
            #expect(try ClaimCode(typed: code.displayed) == code)
        }
    }

    @Test func typedCodesAreReadInAnyCaseWithOrWithoutTheHyphenAndWithLookAlikesFolded() throws {
        let code = try ClaimCode(typed: "ABCD-EF01")
        #expect(code.displayed == "ABCD-EF01")
        #expect(try ClaimCode(typed: "abcdef01") == code)
        #expect(try ClaimCode(typed: "abcd ef01") == code)
        #expect(try ClaimCode(typed: "ABCD-EFOI") == code)
        #expect(try ClaimCode(typed: "abcd-efol") == code)
        #expect(code.key == (try ClaimCode(typed: "abcdefoL")).key)
        #expect(code.key != (try ClaimCode(typed: "abcdefo2")).key)
    }

    @Test func codesOfTheWrongLengthOrWithOtherCharactersAreRefusedWithTheRule() {
        for text in ["ABCD-EFG", "ABCD-EFGH1", "ABCD-EFGU", "ABCD_EFGH", "", "ÀBCD-EFGH"] {
            #expect(throws: ClaimInputError.malformedCode(text)) { try ClaimCode(typed: text) }
        }
        #expect(ClaimInputError.malformedCode("ABCD").description
            == "'ABCD' is not a claim code: a code is 8 characters of 0-9 and A-Z without U, like ABCD-EFGH.")
    }
}
