import Foundation
import SceneLinkCore
import Testing

@Suite struct ClaimTokenTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aTokenCarriesItsClaimsIdAnd96SecretBitsIn27URLSafeCharacters() throws {
        let tokens = (0..<200).map { _ in ClaimToken.random(id: 42) }
        #expect(Set(tokens).count == tokens.count)
        #expect(Set(tokens.map(\.secretHash)).count == tokens.count)
        for token in tokens {
            #expect(token.rawValue.utf8.count == 27)
            #expect(token.id == 42)
            #expect(token.secretHash.count == 16)
            let read = try ClaimToken(token.rawValue)
            #expect(read == token)
            #expect(read.id == 42 && read.secretHash == token.secretHash)
        }
        let big = ClaimToken.random(id: .max)
        #expect(try ClaimToken(big.rawValue).id == .max)
    }

    @Test func idsGrowWithTimeAndDoNotRepeatWithinASecond() {
        let ids = (0..<10_000).map { _ in ClaimToken.nextID(at: Self.now) }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0 > 0 && $0 >> 20 == 1_800_000_000 })
        let later = ClaimToken.nextID(at: Self.now.addingTimeInterval(1))
        #expect(later >> 20 == 1_800_000_001)
        #expect(ClaimToken.nextID(at: Date(timeIntervalSince1970: -5)) >> 20 == 0)
    }

    @Test func tokensOfAnotherLengthOrAlphabetOrWithoutAnIdAreRefused() throws {
        let valid = ClaimToken.random(id: 7).rawValue
        let zeroID = "AAAAAAAAAAA" + valid.dropFirst(11)
        let lastBitsSet = String(valid.dropLast()) + "_"
        for text in ["short", valid + "A", String(valid.dropLast()) + "+", "Yq3JtZ0aX-9fWk2c", zeroID, lastBitsSet] {
            #expect(throws: ClaimInputError.malformedToken(text)) { try ClaimToken(text) }
        }
        #expect(ClaimInputError.malformedToken("abc").description
            == "'abc' is not a claim token: a token is 27 characters of A-Z, a-z, 0-9, '-' and '_' as the link page gave it.")
    }

    @Test func theTokenOfAClaimURLIsReadByTheLinkGrammarOnTheAppsHostsOnly() throws {
        let hosts = ["fuelmoney.example.com"]
        let token = ClaimToken.random(id: ClaimToken.nextID(at: Self.now))
        let text = token.rawValue
        #expect(token.claimURL(host: "fuelmoney.example.com") == "https://fuelmoney.example.com/c/" + text)
        #expect(ClaimToken.tokenText(inClaimURL: token.claimURL(host: hosts[0]), hosts: hosts) == text)
        #expect(ClaimToken.tokenText(inClaimURL: "HTTPS://FuelMoney.example.com:443/c/\(text)?x#y", hosts: hosts) == text)
        #expect(ClaimToken.tokenText(inClaimURL: "https://other.example/c/" + text, hosts: hosts) == nil)
        #expect(ClaimToken.tokenText(inClaimURL: "https://fuelmoney.example.com/s/" + text, hosts: hosts) == nil)
        #expect(ClaimToken.tokenText(inClaimURL: "https://fuelmoney.example.com/c/a/b", hosts: hosts) == nil)
        #expect(token.playReferrer == "scenelink_claim=" + text)
    }
}
