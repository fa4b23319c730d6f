import SceneLinkText
import Testing

@Suite struct PercentDecodingTests {
    @Test func decodesEscapesOnceInEitherCase() {
        #expect(PercentDecoding.decode("a%20b") == "a b")
        #expect(PercentDecoding.decode("%2f%2F") == "//")
        #expect(PercentDecoding.decode("%2541") == "%41")
        #expect(PercentDecoding.decode("caf%C3%A9") == "café")
    }

    @Test func leavesTextWithoutEscapesAlone() {
        #expect(PercentDecoding.decode("plain+text") == "plain+text")
        #expect(PercentDecoding.decode("") == "")
        #expect(PercentDecoding.decode("日本"[...]) == "日本")
    }

    @Test func refusesMalformedEscapes() {
        for bad in ["%", "%4", "a%zz", "%4g", "x%"] {
            #expect(PercentDecoding.decode(bad) == nil, "\(bad)")
        }
    }

    @Test func refusesEscapesThatAreNotUTF8() {
        #expect(PercentDecoding.decode("%ff") == nil)
        #expect(PercentDecoding.decode("%C3") == nil)
    }

    @Test func decodesSubstringsAndRawBytesAlike() {
        let text = "xx/a%2Bb/yy"
        let middle = text.split(separator: "/")[1]
        #expect(PercentDecoding.decode(middle) == "a+b")
        let bytes = Array("a%2Bb".utf8)
        #expect(bytes.withUnsafeBufferPointer { PercentDecoding.decode(utf8: $0) } == "a+b")
        #expect(bytes.withUnsafeBufferPointer { PercentDecoding.isDecodable(utf8: $0) })
        #expect(!Array("%e2%82".utf8).withUnsafeBufferPointer { PercentDecoding.isDecodable(utf8: $0) })
    }
}
