@testable import SceneLinkCore
import Testing

@Suite struct ClaimCodeTests {
    @Test func codesAreEightCrockfordCharactersShownWithAHyphen() throws {
        let cipher = ClaimCodeCipher.random
        let codes = (0..<200).map { cipher.code(forClaim: Int64($0)) }
        #expect(Set(codes).count == 200)
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
        #expect(code.value == (try ClaimCode(typed: "abcdefoL")).value)
        #expect(code.value != (try ClaimCode(typed: "abcdefo2")).value)
    }

    @Test func aCodeIsFortyBitsFiveACharacterTheFirstCharacterHighest() throws {
        #expect(try ClaimCode(typed: "0000-0001").value == 1)
        #expect(try ClaimCode(typed: "1000-0000").value == 1 << 35)
        #expect(try ClaimCode(typed: "ZZZZ-ZZZZ").value == (1 << 40) - 1)
        for value: UInt64 in [0, 1, 31, 32, 0xAB_CDEF_0123, (1 << 40) - 1] {
            #expect(ClaimCode(value: value).value == value)
        }
        // Bits above the 40 a code holds are not kept.
        #expect(ClaimCode(value: 1 << 40 | 7) == ClaimCode(value: 7))
    }

    @Test func codesOfTheWrongLengthOrWithOtherCharactersAreRefusedWithTheRule() {
        for text in ["ABCD-EFG", "ABCD-EFGH1", "ABCD-EFGU", "ABCD_EFGH", "", "ÀBCD-EFGH"] {
            #expect(throws: ClaimInputError.malformedCode(text)) { try ClaimCode(typed: text) }
        }
        #expect(ClaimInputError.malformedCode("ABCD").description
            == "'ABCD' is not a claim code: a code is 8 characters of 0-9 and A-Z without U, like ABCD-EFGH.")
    }
}
