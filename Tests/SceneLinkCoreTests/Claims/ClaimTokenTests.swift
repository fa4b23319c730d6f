import SceneLinkCore
import Testing

@Suite struct ClaimTokenTests {
    @Test func randomTokensCarry96BitsInSixteenURLSafeCharacters() throws {
        let tokens = (0..<200).map { _ in ClaimToken.random() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens {
            #expect(token.rawValue.utf8.count == 16)
            #expect(try ClaimToken(token.rawValue) == token)
        }
    }

    @Test func tokensOfAnotherLengthOrAlphabetAreRefused() {
        for text in ["short", "Yq3JtZ0aX-9fWk2c1", "Yq3JtZ0aX+9fWk2c"] {
            #expect(throws: ClaimInputError.malformedToken(text)) { try ClaimToken(text) }
        }
    }

    @Test func theTokenOfAClaimURLIsReadByTheLinkGrammarOnTheAppsHostsOnly() throws {
        let hosts = ["fuelmoney.example.com"]
        let token = try ClaimToken("Yq3JtZ0aX-9fWk2c")
        #expect(token.claimURL(host: "fuelmoney.example.com") == "https://fuelmoney.example.com/c/Yq3JtZ0aX-9fWk2c")
        #expect(ClaimToken.tokenText(inClaimURL: token.claimURL(host: hosts[0]), hosts: hosts) == token.rawValue)
        #expect(ClaimToken.tokenText(inClaimURL: "HTTPS://FuelMoney.example.com:443/c/Yq3JtZ0aX-9fWk2c?x#y", hosts: hosts)
            == token.rawValue)
        #expect(ClaimToken.tokenText(inClaimURL: "https://other.example/c/Yq3JtZ0aX-9fWk2c", hosts: hosts) == nil)
        #expect(ClaimToken.tokenText(inClaimURL: "https://fuelmoney.example.com/s/Yq3JtZ0aX-9fWk2c", hosts: hosts) == nil)
        #expect(ClaimToken.tokenText(inClaimURL: "https://fuelmoney.example.com/c/a/b", hosts: hosts) == nil)
        #expect(token.playReferrer == "scenelink_claim=Yq3JtZ0aX-9fWk2c")
    }
}
