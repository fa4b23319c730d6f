import Testing
@testable import SceneLinkService

@Suite struct ContentNegotiationTests {
    @Test("JSON only when Accept ranks a JSON type above HTML", arguments: [
        (["application/json"], true),
        (["application/problem+json"], true),
        (["Application/JSON; charset=utf-8"], true),
        (["text/html", "application/json;q=0.5"], false),
        (["text/html;q=0.4, application/json"], true),
        (["application/json, text/html"], false),
        (["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"], false),
        (["*/*"], false),
        ([], false),
        (["application/json;q=0"], false),
        (["application/json;q=abc"], false),
    ])
    func prefersJSON(accept: [String], expected: Bool) {
        #expect(ContentNegotiation.prefersJSON(accept: accept) == expected)
    }
}
