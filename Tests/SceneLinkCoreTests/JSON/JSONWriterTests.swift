import SceneLinkText
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

    @Test(arguments: [
        JSONValue.string("a/b\"\\\u{1}\n\t\u{1f}é😀"), .string(""), .number("-2.5e3"), .bool(true), .bool(false), .null,
        .array([.string("x/y"), .number("1")]), .object([(key: "k\"", value: .string("v/\n"))]),
    ])
    func aNestedValueIsItsTextEscapedOnceMore(value: JSONValue) {
        var nested: [UInt8] = [UInt8(ascii: "x")]
        JSONWriter.appendNested(value, to: &nested)
        var reference: [UInt8] = [UInt8(ascii: "x")]
        JSONWriter.appendEscaped(JSONWriter.encode(value), to: &reference, escapingSlashes: true)
        #expect(String(decoding: nested, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
    }

    @Test func doublesAsJSONEncoderWritesThem() {
        #expect(JSONWriter.canonicalDoubleText(2.5) == "2.5")
        #expect(JSONWriter.canonicalDoubleText(2.0) == "2")
        #expect(JSONWriter.canonicalDoubleText(1e16) == "1e+16")
        #expect(JSONWriter.canonicalDoubleText(1e-7) == "1e-07")
        #expect(JSONWriter.canonicalDoubleText(1e15) == "1000000000000000")
        #expect(JSONWriter.canonicalDoubleText(-0.0) == "-0")
    }

    /// The plain byte-by-byte rule the word-at-a-time scan must agree with.
    private func referenceEscape(_ text: String, slashes: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += slashes ? "\\/" : "/"
            case "\u{8}": out += "\\b"
            case "\u{c}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return "\"" + out + "\""
    }

    @Test func escapesEveryPositionOfLongStringsLikeTheByteRule() {
        let specials: [Character] = ["\"", "\\", "/", "\n", "\u{1}", "\u{1f}", "\t", "é", "😀", "\u{7f}", " "]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 100] {
            for _ in 0 ..< 40 {
                var text = ""
                for _ in 0 ..< length {
                    if Int.random(in: 0 ..< 6, using: &generator) == 0 {
                        text.append(specials.randomElement(using: &generator) ?? "x")
                    } else {
                        text.append(Character(UnicodeScalar(UInt8.random(in: 0x20 ... 0x7e, using: &generator))))
                    }
                }
                for slashes in [true, false] {
                    #expect(JSONWriter.text(.string(text), escapingSlashes: slashes) == referenceEscape(text, slashes: slashes),
                            "\(Array(text.utf8))")
                }
            }
        }
    }

    @Test func findsASpecialByteInEachLaneOfAWord() {
        for special in ["\"", "\\", "/", "\u{0}", "\u{1f}"] {
            for position in 0 ..< 16 {
                var characters = Array(repeating: "a", count: 16)
                characters[position] = special
                let text = characters.joined()
                #expect(JSONWriter.text(.string(text)) == referenceEscape(text, slashes: true))
            }
        }
    }

    @Test func keepsMembersInTheOrderGivenWhenAskedNotToSortAtEveryDepth() {
        let value = JSONValue.object([("b", .number("1")), ("a", .array([.object([("z", .null), ("y", .string("a/b"))])]))])
        #expect(JSONWriter.text(value, escapingSlashes: false, sortingKeys: false) == #"{"b":1,"a":[{"z":null,"y":"a/b"}]}"#)
        #expect(JSONWriter.text(value, escapingSlashes: false) == #"{"a":[{"y":"a/b","z":null}],"b":1}"#)
        #expect(JSONWriter.text(.string("say \"hi\"\n"), escapingSlashes: false, sortingKeys: false) == JSONEscaping.quote("say \"hi\"\n"))
    }

    @Test func cutsADocumentAtItsHolesAndNowhereElse() {
        // A string holding U+0001 is escaped, so only the holes cut.
        let value = JSONValue.object([("a", .string("x\u{1}y")), ("n", JSONWriter.hole), ("b", .string("/")), ("m", JSONWriter.hole), ("c", .null)])
        let pieces = JSONWriter.pieces(value)
        #expect(pieces == [#"{"a":"x\u0001y","n":"#, #","b":"/","m":"#, #","c":null}"#])
        #expect(JSONWriter.pieces(.array([.number("1")])) == ["[1]"])
    }
}
