import SceneLinkCore
import Testing

@Suite struct ShortCodeTests {
    @Test func randomCodesCarry72BitsInTwelveURLSafeCharacters() {
        let codes = (0..<200).map { _ in ShortCode.random().rawValue }
        #expect(Set(codes).count == codes.count)
        for code in codes {
            #expect(code.utf8.count == 12)
            #expect((try? ShortCode(code)) != nil)
        }
    }

    @Test func aliasesAreLettersDigitsDashAndUnderscoreUpTo64Bytes() throws {
        #expect(try ShortCode("Spring_sale-2026").rawValue == "Spring_sale-2026")
        #expect(try ShortCode(String(repeating: "a", count: 64)).rawValue.count == 64)
        #expect(throws: ShortCodeError(value: "", reason: .empty)) { try ShortCode("") }
        let long = String(repeating: "a", count: 65)
        #expect(throws: ShortCodeError(value: long, reason: .tooLong(maximum: 64))) { try ShortCode(long) }
        #expect(throws: ShortCodeError(value: "a/b", reason: .invalidCharacter("/"))) { try ShortCode("a/b") }
        #expect(throws: ShortCodeError(value: "a.b", reason: .invalidCharacter("."))) { try ShortCode("a.b") }
        #expect(throws: ShortCodeError(value: "é", reason: .invalidCharacter("é"))) { try ShortCode("é") }
        #expect(ShortCodeError(value: "a b", reason: .invalidCharacter(" ")).description
            == "The alias contains the character U+20; use only A-Z a-z 0-9 - _.")
        #expect(ShortCodeError(value: long, reason: .tooLong(maximum: 64)).description
            == "The alias is 65 bytes long; use at most 64.")
    }

    /// The link is read as the resolver reads any link (`LinkScanner`): authority, case,
    /// escapes and empty segments normalised; a path of any other shape is not a short link.
    @Test func theCodeOfAShortLinkIsFoundOnlyOnTheAppsHosts() {
        let hosts = ["fuelmoney.example.com", "fm.example"]
        #expect(ShortCode.codeText(inShortLink: "https://fuelmoney.example.com/s/abc", hosts: hosts) == "abc")
        #expect(ShortCode.codeText(inShortLink: "HTTPS://FM.Example/s/abc/?utm=x#top", hosts: hosts) == "abc")
        #expect(ShortCode.codeText(inShortLink: "https://fuelmoney.example.com:443/s/abc", hosts: hosts) == "abc")
        #expect(ShortCode.codeText(inShortLink: "https://fm.example:8443/s/abc", hosts: hosts) == "abc")
        // Credentials a browser would read differently: no code.
        #expect(ShortCode.codeText(inShortLink: "https://user@fm.example/s/abc", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://fm.example//s//%61bc", hosts: hosts) == "abc")
        #expect(ShortCode.codeText(inShortLink: "https://fm.example/s/", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://fm.example/s/a/b", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://fm.example/S/abc", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://fm.example/s/a%zz", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://other.example/s/abc", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://fm.example/settings", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://fm.example/sx/abc", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "fuelmoney://s/abc", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "http://fm.example/s/abc", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "https://fm.example", hosts: hosts) == nil)
        #expect(ShortCode.codeText(inShortLink: "", hosts: hosts) == nil)
    }

    @Test func aCodeIsLookedUpByItsSHA256() throws {
        let code = try ShortCode("abc")
        #expect(code.hash == SHA256.hash("abc".utf8))
    }
}
