import SceneLinkCore
import Testing

@Suite struct HMACSHA256Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    // RFC 4231 §4, HMAC-SHA-256 results of test cases 1, 2, 3, 4, 6 and 7 (5 is a truncated output).
    @Test(arguments: [
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (Array(UInt8(1)...UInt8(25)), [UInt8](repeating: 0xcd, count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        ([UInt8](repeating: 0xaa, count: 131),
         Array(("This is a test using a larger than block-size key and a larger than block-size data. "
                + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ])
    func matchesTheRFC4231Vectors(key: [UInt8], message: [UInt8], mac: String) {
        #expect(hex(HMACSHA256.authenticationCode(key: key, message: message)) == mac)
    }

    @Test func aKeyOfExactlyOneBlockIsUsedAsItIs() {
        // 64 bytes is neither hashed nor padded; 65 is hashed, so the two differ.
        let message = Array("block".utf8)
        let block = [UInt8](repeating: 0x42, count: 64)
        #expect(HMACSHA256.authenticationCode(key: block, message: message)
                != HMACSHA256.authenticationCode(key: block + [0x42], message: message))
    }
}
