import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPRequestIDTests {
    @Test func acceptsSaneIdentifiersOnly() {
        #expect(HTTPRequestID(accepting: "abc-123_x.y:z+/=@")?.description == "abc-123_x.y:z+/=@")
        #expect(HTTPRequestID(accepting: String(repeating: "a", count: 128)) != nil)
        for bad in ["", String(repeating: "a", count: 129), "a b", "a\"b", "a\tb", "é", "<script>"] {
            #expect(HTTPRequestID(accepting: bad) == nil, "\(bad)")
        }
    }

    @Test func madeIdentifiersAreFifteenCharactersAndDistinct() {
        var generator = HTTPRequestID.Generator(prefix: 0)
        #expect(generator.next().description == "0000000000000001")
        #expect(generator.next().description == "0000000000000002")
        var counting = HTTPRequestID.Generator(prefix: (1 << 24) - 1)
        for _ in 0 ..< 0xAB { _ = counting.next() }
        #expect(counting.next().description == "____0000000000ac")
        var random = HTTPRequestID.Generator()
        let made = random.next().description
        #expect(made.utf8.count == 16)
        #expect(HTTPRequestID(accepting: made)?.description == made)
    }

    @Test func hexadecimalDigitsAreComputedEightAtATime() {
        for value: UInt32 in [0, 1, 0x9, 0xA, 0xF, 0x10, 0xDEAD_BEEF, 0x0123_4567, .max] {
            var digits = HTTPRequestID.hexDigits(value).littleEndian
            let text = withUnsafeBytes(of: &digits) { String(decoding: $0, as: UTF8.self) }
            let expected = String(value, radix: 16)
            #expect(text == String(repeating: "0", count: 8 - expected.count) + expected)
        }
    }

    @Test func isWrittenIntoResponsesByteForByte() {
        var generator = HTTPRequestID.Generator(prefix: 12_345)
        let made = generator.next()
        var buffer = HTTPOutputBuffer()
        made.write(to: &buffer)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == made.description)
        #expect(made.description == "030v000000000001")  // 12,345 = 3 × 64² + 57, then counter 1
    }

    @Test func aRequestKeepsItsOwnSaneIdentifierAndGetsOneOtherwise() {
        var generator = HTTPRequestID.Generator(prefix: 0)
        #expect(HTTPRequestID.of(["x-request-id": "trace-7"], generator: &generator).description == "trace-7")
        #expect(HTTPRequestID.of(["X-Request-ID": "bad id"], generator: &generator).description == "0000000000000001")
        #expect(HTTPRequestID.of([:], generator: &generator).description == "0000000000000002")
        #expect(HTTPRequestID.none.isEmpty)
        #expect(!generator.next().isEmpty)
    }
}
