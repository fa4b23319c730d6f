import Testing
@testable import SceneLinkService

@Suite struct LinkPageFormatTests {
    @Test func browsersScrapersAndNoAcceptGetHTML() {
        #expect(LinkPageFormat(accept: nil) == .html)
        #expect(LinkPageFormat(accept: "*/*") == .html)
        #expect(LinkPageFormat(accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8") == .html)
        #expect(LinkPageFormat(accept: "text/html, application/json") == .html)
        #expect(LinkPageFormat(accept: "text/plain") == .html)
    }

    @Test func aClientThatAsksForJSONGetsJSON() {
        #expect(LinkPageFormat(accept: "application/json") == .json)
        #expect(LinkPageFormat(accept: "Application/JSON; charset=utf-8") == .json)
        #expect(LinkPageFormat(accept: "application/problem+json") == .json)
        #expect(LinkPageFormat(accept: "application/json, text/html;q=0.5") == .json)
        #expect(LinkPageFormat(accept: "application/json;q=0, text/html") == .html)
        #expect(LinkPageFormat(accept: "application/json;q=0") == .html)
    }
}
