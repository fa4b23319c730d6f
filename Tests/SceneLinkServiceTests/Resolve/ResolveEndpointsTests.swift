import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct ResolveEndpointsTests {
    let router: HTTPRouter

    init() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/kitchen-sink.json")
        let table = try RouteTable(routeFile: Array(try Data(contentsOf: examples)))
        var endpoints = EndpointTable()
        ResolveEndpoints(routes: Current(table)).register(on: &endpoints)
        router = endpoints.unguardedRouter
    }

    private func send(_ method: HTTPMethod, _ target: String, body: String = "") -> HTTPResponse? {
        let box = Mutex<HTTPResponse?>(nil)
        router.handle(HTTPRequest(method: method, target: target, body: Array(body.utf8)),
                      responder: HTTPResponder { response in box.withLock { $0 = response } })
        return box.withLock { $0 }
    }

    private func text(_ response: HTTPResponse?) -> String { String(decoding: response?.body ?? [], as: UTF8.self) }

    @Test func navigationPathFormatIsTheCodableRepresentation() {
        let response = send(.get, "/v1/resolve?url=ks%3A%2F%2Fusers%2F42&format=navigationPath")
        #expect(response?.status == .ok)
        #expect(response?.headers["Content-Type"] == "application/json")
        #expect(text(response) == #"["KitchenSink.Screen","{\"detail\":{\"id\":42}}"]"#)
    }

    @Test func defaultIsTheFullDocument() {
        let response = send(.get, "/v1/resolve?url=ks://flags/true")
        #expect(text(response) == #"{"link":"ks://flags/true","route":"flags","parameters":{"on":true},"#
            + #""elements":[{"type":"Bool","tag":"Swift.Bool","value":true}],"navigationPath":["Swift.Bool","true"],"#
            + #""selection":null,"canonical":{"https":"https://kitchen.example.com/flags/true","scheme":"kitchensink://flags/true"}}"#)
    }

    @Test func unencodedLinkQueryIsPutBack() {
        #expect(send(.get, "/v1/resolve?url=ks://search?q=x&tab=home&format=array")?.status.code == 422)
        #expect(send(.get, "/v1/resolve?url=ks://search?q=x&tab=home&format=elements")?.status == .ok)
        #expect(text(send(.get, "/v1/resolve?url=ks://search?q=x&tab=home&format=navigationPath"))
            == #"["KitchenSink.Tab","\"home\"","KitchenSink.Screen","{\"named\":{\"_0\":\"x\"}}"]"#)
    }

    @Test func problemsHaveStableTypesAndStatuses() {
        let cases: [(String, Int, String)] = [
            ("/v1/resolve", 400, "missing-url"),
            ("/v1/resolve?url=", 400, "missing-url"),
            // A malformed escape reaches the resolver as sent, which says what is wrong.
            ("/v1/resolve?url=ks://users/%zz", 400, "invalid-link"),
            ("/v1/resolve?url=%6Bs://users/1", 200, ""),
            ("/v1/resolve?url=ks://users/1&format=xml", 400, "unknown-format"),
            ("/v1/resolve?url=nonsense", 400, "invalid-link"),
            ("/v1/resolve?url=other://x", 404, "unknown-scheme"),
            ("/v1/resolve?url=https://evil.example.com/x", 404, "unknown-host"),
            ("/v1/resolve?url=ks://nowhere", 404, "no-route"),
            ("/v1/resolve?url=ks://flags/maybe", 404, "wrong-parameter-type"),
            ("/v1/resolve?url=ks://level/all&format=array", 200, ""),
            ("/v1/resolve?url=ks://users/1/posts/2&format=array", 422, "not-single-type"),
        ]
        for (target, status, slug) in cases {
            let response = send(.get, target)
            #expect(response?.status.code == status, "\(target)")
            if !slug.isEmpty {
                #expect(response?.headers["Content-Type"] == "application/problem+json")
                #expect(text(response).hasPrefix("{\"type\":\"https://scenelink.dev/problems/\(slug)\""), "\(target)")
            }
        }
    }

    @Test func aLinkWithAMalformedEscapeIsQuotedAsSent() {
        #expect(text(send(.get, "/v1/resolve?url=ks://users/%zz")).contains(#"The link \"ks://users/%zz\" is not a valid link"#))
    }

    @Test func unknownSchemeSaysWhichAreConfigured() {
        #expect(text(send(.get, "/v1/resolve?url=other://x")).contains(
            #""configured":["kitchensink://","ks://","https://kitchen.example.com","https://www.kitchen.example.com"]"#))
    }

    @Test func postLinksPrintsTheCanonicalLinks() {
        let response = send(.post, "/v1/links", body: #"["Swift.Bool","false"]"#)
        #expect(response?.status == .ok)
        #expect(text(response) == #"{"route":"flags","scheme":"kitchensink://flags/false","https":"https://kitchen.example.com/flags/false"}"#)
    }

    @Test func postLinksProblems() {
        #expect(send(.post, "/v1/links", body: "")?.status.code == 400)
        #expect(send(.post, "/v1/links", body: "{")?.status.code == 400)
        #expect(send(.post, "/v1/links", body: #"["Swift.Int","1"]"#)?.status.code == 422)
        #expect(text(send(.post, "/v1/links", body: #"["Swift.Int","1"]"#)).contains("no-route-for-stack"))
    }

    @Test func routesListsEveryRoute() {
        let body = text(send(.get, "/v1/routes"))
        #expect(body.hasPrefix(#"{"app":"KitchenSink","schemes":["kitchensink","ks"],"hosts":["kitchen.example.com","www.kitchen.example.com"],"routes":[{"name":"home","pattern":"/","stack":[{"type":"Screen","tag":"KitchenSink.Screen","value":{"home":{}}}],"selection":null}"#))
        #expect(body.contains(#"{"name":"users.profile","pattern":"/users/{id:Int}/profile?name={name}","stack":[{"type":"Screen","tag":"KitchenSink.Screen","value":{"detail":{"id":"{id}"}}},{"type":"User","tag":"KitchenSink.User","value":{"id":"{id}","name":"{name}"}}],"selection":null}"#))
    }
}
