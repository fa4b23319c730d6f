import SceneLinkCore
import Testing

@Suite struct SessionTokenTests {
    @Test func tokensCarry256BitsAsBase64URL() {
        let token = SessionToken.random()
        #expect(token.text.count == 43)
        #expect(token.text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    }

    @Test func tokensAreUnique() {
        let tokens = Set((0..<1_000).map { _ in SessionToken.random().text })
        #expect(tokens.count == 1_000)
    }

    @Test func theHashIsSHA256OfTheText() {
        let token = SessionToken(text: "abc")
        #expect(token.hash == SHA256.hash(Array("abc".utf8)))
        #expect(token.hash.count == 32)
    }

    @Test func constantTimeComparisonComparesEveryByte() {
        let a: [UInt8] = [1, 2, 3, 4]
        #expect(SessionToken.constantTimeEqual(a, [1, 2, 3, 4]))
        #expect(!SessionToken.constantTimeEqual(a, [1, 2, 3, 5]))
        #expect(!SessionToken.constantTimeEqual(a, [0, 2, 3, 4]))
        #expect(!SessionToken.constantTimeEqual(a, [1, 2, 3]))
    }

    @Test func sessionIDsAreRandomAndValid() throws {
        let id = SessionID.random()
        #expect(id.rawValue.count == 22)
        #expect(try SessionID(id.rawValue) == id)
        #expect(SessionID.random() != id)
    }
}
