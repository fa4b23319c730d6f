import SceneLinkCore
import Testing

@Suite struct JSONObjectWriterTests {
    @Test func writesMembersInTheOrderGivenWithNestedObjectsClosed() {
        var writer = JSONObjectWriter()
        writer.member("z", "a/b")
        writer.member("count", 2)
        writer.member("values") { values in
            values.member("first") { first in first.member("n", Int64(-1)) }
            values.member("empty") { _ in }
        }
        let none: String? = nil
        writer.member("after", none)
        #expect(writer.finishText() == #"{"z":"a/b","count":2,"values":{"first":{"n":-1},"empty":{}},"after":null}"#)
    }

    @Test func anEmptyWriterIsAnEmptyObject() {
        #expect(JSONObjectWriter().finishText() == "{}")
    }

    @Test func escapesKeysAndStringsAsTheJSONWriterDoes() {
        let odd = "say \"hi\"\n\u{1}\\é"
        var writer = JSONObjectWriter()
        writer.member(odd, odd)
        let expected = JSONWriter.text(.object([(odd, .string(odd))]), escapingSlashes: false, sortingKeys: false)
        #expect(writer.finishText() == expected)
    }

    @Test func writesAValueAsTheJSONWriterWritesIt() {
        let value = JSONValue.object([("b", .array([.number("1.50"), .null])), ("a", .bool(false))])
        var writer = JSONObjectWriter()
        writer.member("v", value)
        #expect(writer.finishText() == #"{"v":{"b":[1.50,null],"a":false}}"#)
    }

    @Test func repeatsValidatedJSONVerbatimWhitespaceAndEscapesIncluded() {
        var writer = JSONObjectWriter()
        writer.member("json", validatedJSON: "[ \"\\u00e9\", 1e3 ]")
        #expect(writer.finishText() == #"{"json":[ "\u00e9", 1e3 ]}"#)
    }
}
