import Foundation
import SceneLinkCore
import Testing

@Suite struct ClaimReferenceTests {
    static let hosts = ["fuelmoney.example.com"]
    static let codes = ClaimCodeCipher.random, now = Date(timeIntervalSince1970: 1_800_000_000)
    static let token = "aMYXFAAAAAFircmbRpf719Wk3Cc"

    @Test func aPlayReferrerStringGivesItsTokenWithTheReferrerSource() throws {
        let reference = try ClaimReference(reading: "utm_source=x&scenelink_claim=\(Self.token)", hosts: Self.hosts, codes: Self.codes, at: Self.now)
        #expect(reference == ClaimReference(key: .token(try ClaimToken(Self.token)), source: .referrer))
        // Play hands the app the referrer decoded once; a still-encoded one is not a referrer string.
        #expect(throws: ClaimInputError.unrecognised("scenelink_claim%3D\(Self.token)")) {
            try ClaimReference(reading: "scenelink_claim%3D\(Self.token)", hosts: Self.hosts, codes: Self.codes, at: Self.now)
        }
        #expect(throws: ClaimInputError.noClaimInReferrer("utm_source=google-play")) {
            try ClaimReference(reading: "utm_source=google-play", hosts: Self.hosts, codes: Self.codes, at: Self.now)
        }
    }

    @Test func aClaimURLOnTheAppsHostGivesItsTokenWithTheURLSource() throws {
        let reference = try ClaimReference(reading: " https://fuelmoney.example.com/c/\(Self.token)\n", hosts: Self.hosts, codes: Self.codes, at: Self.now)
        #expect(reference == ClaimReference(key: .token(try ClaimToken(Self.token)), source: .url))
        #expect(throws: ClaimInputError.notAClaimURL("https://evil.example/c/\(Self.token)")) {
            try ClaimReference(reading: "https://evil.example/c/\(Self.token)", hosts: Self.hosts, codes: Self.codes, at: Self.now)
        }
        #expect(throws: ClaimInputError.malformedToken("short")) {
            try ClaimReference(reading: "https://fuelmoney.example.com/c/short", hosts: Self.hosts, codes: Self.codes, at: Self.now)
        }
    }

    @Test func aTypedCodeGivesTheCodeSourceAndABareTokenTheURLSource() throws {
        let code = try ClaimCode(typed: "ABCDEF01")
        #expect(try ClaimReference(reading: "abcd-ef0l", hosts: Self.hosts, codes: Self.codes, at: Self.now)
            == ClaimReference(key: .code(code, claimID: Self.codes.claimID(of: code, at: Self.now)), source: .code))
        #expect(try ClaimReference(reading: Self.token, hosts: Self.hosts, codes: Self.codes, at: Self.now)
            == ClaimReference(key: .token(try ClaimToken(Self.token)), source: .url))
    }

    @Test func anythingElseIsRefusedWithWhatToSend() {
        #expect(throws: ClaimInputError.malformedCode("ABCD-EFGU")) { try ClaimReference(reading: "ABCD-EFGU", hosts: Self.hosts, codes: Self.codes, at: Self.now) }
        #expect(throws: ClaimInputError.unrecognised("hello, world!")) {
            try ClaimReference(reading: "hello, world!", hosts: Self.hosts, codes: Self.codes, at: Self.now)
        }
        #expect(ClaimInputError.unrecognised("x").description
            == "'x' is not a claim: send a claim token, a code like ABCD-EFGH, a claim URL or a Play referrer string.")
    }
}
