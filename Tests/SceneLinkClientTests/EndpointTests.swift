import Foundation
import Testing
@testable import SceneLinkClient

@Suite struct EndpointTests {
    @Test func aLinkInTheQueryIsEncodedSoItsOwnQueryAndEscapesSurvive() throws {
        let base = try #require(URL(string: "https://scenelink.example.com"))
        let endpoint = Endpoint(method: "GET", path: ["v1", "resolve"],
                                query: [("url", "ks://search?tab=profile&q=hello%20world#top"), ("format", "navigationPath")])
        #expect(try endpoint.url(relativeTo: base).absoluteString
            == "https://scenelink.example.com/v1/resolve?url=ks%3A%2F%2Fsearch%3Ftab%3Dprofile%26q%3Dhello%2520world%23top&format=navigationPath")
    }

    @Test func aBaseURLWithAPathPrefixKeepsItAndSegmentsAreEncoded() throws {
        let base = try #require(URL(string: "https://example.com/scenelink/"))
        let endpoint = Endpoint(method: "GET", path: ["v1", "sessions", "a b/c", "scenes"])
        #expect(try endpoint.url(relativeTo: base).absoluteString == "https://example.com/scenelink/v1/sessions/a%20b%2Fc/scenes")
    }

    @Test func aBaseURLWithAQueryIsRefused() throws {
        let base = try #require(URL(string: "https://example.com/?x=1"))
        #expect(throws: SceneLinkError.invalidRequest("the base URL https://example.com/?x=1 has a query; give the server's address without one.")) {
            try Endpoint(method: "GET", path: ["healthz"]).url(relativeTo: base)
        }
    }
}
