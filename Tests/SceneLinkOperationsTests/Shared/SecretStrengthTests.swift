import Testing
@testable import SceneLinkOperations

/// The admin token's entropy estimate: the rule docs/security.md states, worked by hand.
@Suite struct SecretStrengthTests {
    @Test("one character repeated, or a run, is worth nothing")
    func repeatsAreWorthNothing() {
        #expect(SecretStrength.estimatedBits("aaaaaaaaaaaaaaaa") == 0)
        #expect(SecretStrength.estimatedBits("") == 0)
        #expect(SecretStrength.estimatedBits("================") == 0)
        // Two characters, each the next of the other: one counting character of 1 bit.
        #expect(SecretStrength.estimatedBits("abababababababab") == 1)
    }

    @Test("each counting character is worth log2 of the smaller of the pool and the distinct characters")
    func workedExamples() {
        // "q7Xk": pool 26 + 10 + 26 = 62, 4 distinct: 4 characters × 2 bits.
        #expect(SecretStrength.estimatedBits("q7Xk") == 8)
        // Digits only: pool 10, 10 distinct, no step of one: 10 × log2(10) = 33.2.
        #expect(SecretStrength.estimatedBits("0246813579") == 33)
        // A sequence counts only its first character: "0" and "z" count, 2 × log2(11 distinct) = 6.9.
        #expect(SecretStrength.estimatedBits("0123456789z") == 6)
        // Trailing padding is not a character.
        #expect(SecretStrength.estimatedBits("q7Xk==") == 8)
    }

    @Test("words with a counter fall short of 128 bits; 32 random bytes clear it every time")
    func threshold() {
        #expect(SecretStrength.estimatedBits("my-admin-token-0123456789") < SecretStrength.minimumBits)
        #expect(SecretStrength.estimatedBits("doc-examples-admin-token-0123456789") < SecretStrength.minimumBits)
        // The least of 100,000 random 32-byte tokens measured about 150 bits; 128 is far below.
        for _ in 0..<1_000 {
            let token = SecretStrength.makeToken()
            #expect(SecretStrength.estimatedBits(token) >= SecretStrength.minimumBits, "\(token)")
        }
    }

    @Test("a made token is 43 characters of base64url without padding, and two are never the same")
    func madeTokens() {
        let first = SecretStrength.makeToken(), second = SecretStrength.makeToken()
        #expect(first.utf8.count == 43)
        #expect(first.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        #expect(first != second)
    }
}
