import Foundation
@testable import SceneLinkCore
import Testing

@Suite struct ClaimCodeCipherTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let key = (0..<16).map { UInt8($0) }

    @Test func aCodeReadsBackAsItsClaimsIdForAsLongAsACodeMayLive() throws {
        let cipher = ClaimCodeCipher.random
        for _ in 0..<2_000 {
            let made = Self.now.addingTimeInterval(Double.random(in: -86_400...86_400))
            let id = ClaimToken.nextID(at: made)
            let code = cipher.code(forClaim: id)
            #expect(try ClaimCode(typed: code.displayed) == code)
            let readAt = made.addingTimeInterval(Double.random(in: 0...ClaimCodeCipher.maximumCodeLifetime))
            #expect(cipher.claimID(of: code, at: readAt) == id)
            // An instance whose clock is behind the one that made the claim still reads it.
            let behind = made.addingTimeInterval(-Double(ClaimCodeCipher.clockSkewAllowance) + 1)
            #expect(cipher.claimID(of: code, at: behind) == id)
        }
    }

    @Test func aCodeOlderThanTwoToTheTwentySecondsReadsAsALaterClaimNotItsOwn() {
        let cipher = ClaimCodeCipher.random
        let id = ClaimToken.nextID(at: Self.now)
        let code = cipher.code(forClaim: id)
        let muchLater = Self.now.addingTimeInterval(Double(1 << 20))
        #expect(cipher.claimID(of: code, at: muchLater) == id + (1 << 40))
    }

    @Test func theCipherIsAPermutationOfTheCodes() {
        let cipher = ClaimCodeCipher.random
        let values = (0..<UInt64(100_000)).map { cipher.encrypt($0) }
        #expect(Set(values).count == values.count)
        #expect(values.allSatisfy { $0 <= ClaimCode.valueMask })
        for value in values.prefix(1_000) { #expect(cipher.decrypt(value) < 100_000) }
        #expect(cipher.decrypt(cipher.encrypt(ClaimCode.valueMask)) == ClaimCode.valueMask)
    }

    /// Claims made one after another have unrelated codes: the first character of the codes of
    /// 1,000 consecutive ids takes nearly all 32 values (an unkeyed encoding of the id would
    /// repeat one), and a cipher with another key gives other codes.
    @Test func consecutiveClaimsGetUnrelatedCodesThatDependOnTheKey() throws {
        let cipher = ClaimCodeCipher.random, other = ClaimCodeCipher.random
        let first = ClaimToken.nextID(at: Self.now)
        let codes = (0..<Int64(1_000)).map { cipher.code(forClaim: first + $0) }
        #expect(Set(codes.map { $0.rawValue.first }).count >= 28)
        let others = (0..<Int64(1_000)).map { other.code(forClaim: first + $0) }
        #expect(zip(codes, others).filter { $0 == $1 }.count < 5)
    }

    /// The codes a store handed out must read after an upgrade: the cipher's output is fixed.
    /// The expected code was computed apart from this code, in Python (a SipHash-2-4 checked
    /// against the reference vectors): 10 rounds of (L, R) → (R, L ⊕ top 20 bits of
    /// SipHash-2-4(key, round ‖ R as 3 bytes)) on the id's low 40 bits.
    @Test func aFixedKeyMakesTheSameCodeInEveryVersion() throws {
        let cipher = try #require(ClaimCodeCipher(key: Self.key))
        let id = Int64(1_800_000_000) << 20 | 12_345
        #expect(cipher.code(forClaim: id).displayed == Self.goldenCode)
        #expect(cipher.claimID(of: try ClaimCode(typed: Self.goldenCode), at: Self.now) == id)
    }

    static let goldenCode = "9XW6-TW5J"

    @Test func keysOfAnotherLengthAreRefused() {
        #expect(ClaimCodeCipher(key: []) == nil)
        #expect(ClaimCodeCipher(key: Array(Self.key.prefix(15))) == nil)
        #expect(ClaimCodeCipher(key: Self.key + [0]) == nil)
        #expect(ClaimCodeCipher.randomKey().count == ClaimCodeCipher.keyByteCount)
        #expect(ClaimCodeCipher.randomKey() != ClaimCodeCipher.randomKey())
    }
}
