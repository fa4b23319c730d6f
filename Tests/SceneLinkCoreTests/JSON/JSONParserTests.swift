import Testing
@testable import SceneLinkCore

@Suite struct JSONParserTests {
    @Test func keepsObjectOrderAndNumberText() throws {
        let value = try JSONParser.parse(#" {"b": 2.50, "a": [true, null, "x"]} "#)
        #expect(value.objectMembers?.map(\.key) == ["b", "a"])
        #expect(value["b"] == .number("2.50"))
        #expect(value["a"] == .array([.bool(true), .null, .string("x")]))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""a\/b\"\\\n\u00e9\ud83d\ude00""#) == .string("a/b\"\\\né😀"))
    }

    @Test func readsPlainRawNonASCIIAndEscapedStringsAlike() throws {
        #expect(try JSONParser.parse(#"["plain", "caf\u00e9", "café", "日本", "", "a\tb"]"#)
            == .array([.string("plain"), .string("café"), .string("café"), .string("日本"), .string(""), .string("a\tb")]))
    }

    @Test func refusesStringsThatAreNotUTF8() {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: JSONParseError(line: 1, column: 2, reason: "a string is not valid UTF-8")) { try JSONParser.parse(bytes) }
    }

    @Test func reportsLineAndColumnOfTrailingComma() {
        #expect(throws: JSONParseError(line: 3, column: 1, reason: "expected a member name in double quotes but found '}'")) {
            try JSONParser.parse("{\n  \"a\": 1,\n}")
        }
    }

    @Test func reportsUnterminatedString() {
        #expect(throws: JSONParseError(line: 1, column: 2, reason: "unterminated string")) { try JSONParser.parse("[\"abc") }
    }

    @Test func rejectsLeadingZerosAndTrailingText() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse("01") }
        #expect(throws: JSONParseError(line: 1, column: 4, reason: "unexpected text after the JSON value")) { try JSONParser.parse("[] x") }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

    @Test func intValueAcceptsIntegralNumbersOnly() {
        #expect(JSONValue.number("3").intValue == 3)
        #expect(JSONValue.number("3.0").intValue == 3)
        #expect(JSONValue.number("3.5").intValue == nil)
        #expect(JSONValue.number("1e300").intValue == nil)
    }
}
