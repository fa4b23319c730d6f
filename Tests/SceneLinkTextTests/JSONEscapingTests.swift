import Testing
import SceneLinkText

@Suite struct JSONEscapingTests {
    @Test func quotesWithTheEscapesJSONEncoderWrites() {
        #expect(JSONEscaping.quote("a/b\"\\\u{1}\n\r\t\u{8}\u{c}é😀") == #""a/b\"\\\u0001\n\r\t\b\fé😀""#)
        #expect(JSONEscaping.quote("") == #""""#)
    }

    @Test func escapesSlashesOnlyWhenAsked() {
        var out: [UInt8] = []
        Array("a/b".utf8).withUnsafeBufferPointer { JSONEscaping.append($0, to: &out, escapingSlashes: true) }
        #expect(String(decoding: out, as: UTF8.self) == #"a\/b"#)
    }
}
