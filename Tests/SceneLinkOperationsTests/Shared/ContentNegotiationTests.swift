import Testing
@testable import SceneLinkOperations

/// One test per rule of `ContentNegotiation` (RFC 9110 §12.5.1).
@Suite struct ContentNegotiationTests {
    func format(_ fields: String...) -> LinkPageFormat { ContentNegotiation.format(accept: fields) }

    @Test func browsersScrapersAndNoAcceptGetHTML() {
        #expect(ContentNegotiation.format(accept: []) == .html)
        #expect(format("") == .html)
        #expect(format("*/*") == .html)
        #expect(format("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8") == .html)
        #expect(format("text/plain") == .html)
    }

    @Test func aClientThatAsksForJSONGetsJSON() {
        #expect(format("application/json") == .json)
        #expect(format("Application/JSON; charset=utf-8") == .json)
        #expect(format("application/problem+json") == .json)
        #expect(format("application/json, text/html;q=0.5") == .json)
        #expect(format("text/html;q=0.4, application/json") == .json)
    }

    @Test func everyAcceptFieldIsRead() {
        #expect(format("text/html;q=0.2", "application/json") == .json)
        #expect(format("application/json;q=0.5", "text/html") == .html)
        #expect(format("text/plain", "application/json") == .json)
    }

    @Test func qualityZeroMeansNotAcceptable() {
        #expect(format("application/json;q=0") == .html)
        #expect(format("application/json;q=0, text/html") == .html)
        #expect(format("application/json;q=0.000") == .html)
        #expect(format("text/html;q=0, application/json;q=0.001") == .json)
    }

    @Test func aMalformedWeightIgnoresItsRange() {
        #expect(format("application/json;q=abc") == .html)
        #expect(format("application/json;q=1.5") == .html)
        #expect(format("application/json;q=0.0001") == .html)
        #expect(format("application/json;q=") == .html)
        #expect(format("application/json;q=abc, text/html;q=0.1, application/json;q=0.5") == .json)
        // A malformed range does not hide a valid one of the same type.
        #expect(format("text/html;q=x, application/json") == .json)
        for (text, value) in [("0.125", 125), ("1.000", 1000), ("0", 0), ("1", 1000), ("0.5", 500), ("1.001", nil), ("2", nil), (".5", nil)] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { ContentNegotiation.qvalue($0[...]) } == value, "\(text)")
        }
    }

    @Test func theMostSpecificRangeDecidesAWeight() {
        #expect(format("application/*") == .json)
        #expect(format("text/*, application/json;q=0.5") == .html)
        #expect(format("*/*;q=0.1, application/json") == .json)
        #expect(format("application/json;q=0.2, application/*, text/html;q=0.5") == .html)
        #expect(format("text/html;q=0.1, */*") == .json)
        #expect(format("text/*;q=0.1, */*") == .json)
    }

    @Test func aTieIsHTML() {
        #expect(format("application/json, text/html") == .html)
        #expect(format("application/json;q=0.5, text/html;q=0.5") == .html)
        #expect(format("application/json;q=0.5, application/xhtml+xml;q=0.5") == .html)
        #expect(format("text/plain;q=0, application/xml") == .html)
    }
}

extension ContentNegotiationTests {
    @Test func parametersAndQuotedStringsAreSkippedUpToTheWeight() {
        #expect(format("text/html;level=1;q=0.2, application/json;charset=\"utf-8, or ;q=0\";q=0.5") == .json)
        #expect(format("application/json ; q=0.3 , text/html ; q=0.2") == .json)
        #expect(format("application/json;q=0.5;q=0") == .json)
        #expect(format("application/json;Q=0") == .html)
        #expect(format("application, application/json;q=0.1") == .json)
        #expect(format(",,  ,") == .html)
    }
}
