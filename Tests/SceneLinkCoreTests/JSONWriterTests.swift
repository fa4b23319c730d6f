import Testing
@testable import SceneLinkCore

/// Expected texts are what Foundation's `JSONEncoder()` writes on Linux (checked by hand
/// with a small program; see JSONWriter's doc comment).
@Suite struct JSONWriterTests {
    @Test func sortsKeysAndWritesCompactly() {
        let value = JSONValue.object([(key: "name", value: .string("Blob")), (key: "id", value: .number("42"))])
        #expect(JSONWriter.text(value) == #"{"id":42,"name":"Blob"}"#)
    }

    @Test func escapesLikeJSONEncoder() {
        #expect(JSONWriter.text(.string("a/b\"\\\u{1}\n\t\u{8}\u{c}é😀")) == #""a\/b\"\\\u0001\n\t\b\fé😀""#)
        #expect(JSONWriter.text(.string("a/b"), escapingSlashes: false) == #""a/b""#)
    }

    @Test func doublesAsJSONEncoderWritesThem() {
        #expect(JSONWriter.canonicalDoubleText(2.5) == "2.5")
        #expect(JSONWriter.canonicalDoubleText(2.0) == "2")
        #expect(JSONWriter.canonicalDoubleText(1e16) == "1e+16")
        #expect(JSONWriter.canonicalDoubleText(1e-7) == "1e-07")
        #expect(JSONWriter.canonicalDoubleText(1e15) == "1000000000000000")
        #expect(JSONWriter.canonicalDoubleText(-0.0) == "-0")
    }
}
