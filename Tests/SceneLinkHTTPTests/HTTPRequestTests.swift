import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPRequestTests {
    @Test func splitsOriginAndAbsoluteFormTargets() {
        let origin = HTTPRequest(method: .get, target: "/a/b?c=d#frag")
        #expect(origin.path == "/a/b")
        #expect(origin.query == "c=d")
        let absolute = HTTPRequest(method: .get, target: "http://host:8080/x?y")
        #expect(absolute.path == "/x")
        #expect(absolute.query == "y")
        #expect(HTTPRequest(method: .get, target: "http://host").path == "/")
    }

    @Test func thePrincipalStartsUnsetAndACopyKeepsItWithoutSharingLaterChanges() {
        var request = HTTPRequest(method: .get, target: "/v1/audit", headers: ["Authorization": "Bearer x"])
        #expect(request.principal == nil)
        let before = request
        request.principal = "admin-token"
        var copy = request
        copy.principal = "key:ops(0123456789abcdef)"
        #expect(before.principal == nil)
        #expect(request.principal == "admin-token")
        #expect(copy.principal == "key:ops(0123456789abcdef)")
    }

    @Test func queryItemFindsTheFirstOccurrenceDecoded() {
        let request = HTTPRequest(method: .get, target: "/r?&format=a%20b&x&format=second&url=app%3A%2F%2Fx")
        #expect(request.queryItem("format") == "a b")
        #expect(request.queryItem("x") == "")
        #expect(request.queryItem("url") == "app://x")
        #expect(request.queryItem("missing") == nil)
        #expect(HTTPRequest(method: .get, target: "/r").queryItem("format") == nil)
    }

    @Test func queryItemMatchesDecodedNamesAndKeepsUndecodableValuesRaw() {
        let request = HTTPRequest(method: .get, target: "/r?for%6Dat=one&bad=%zz&plus=a+b")
        #expect(request.queryItem("format") == "one")
        #expect(request.queryItem("bad") == "%zz")
        #expect(request.queryItem("plus") == "a+b")
    }

    @Test func queryItemAgreesWithQueryItems() {
        let request = HTTPRequest(method: .get, target: "/r?a=1&b=%41&&c&a=2")
        for item in request.queryItems where item.name != "a" {
            #expect(request.queryItem(item.name) == item.value)
        }
        #expect(request.queryItem("a") == "1")
    }
}

@Suite struct HTTPRequestTargetTests {
    @Test(arguments: [
        ("/a", "/a", nil),
        ("/a?b=1", "/a", "b=1"),
        ("/a?b=1?c#f?g", "/a", "b=1?c"),
        ("/a#frag", "/a", nil),
        ("/?", "/", ""),
        ("http://h", "/", nil),
        ("http://h?x", "/", "x"),
        ("http://h:80/p/q?x=1#y", "/p/q", "x=1"),
        ("HTTPS://h/%2F", "/%2F", nil),
        ("*", "*", nil),
    ] as [(String, String, String?)])
    func splitsPathAndQuery(target: String, path: String, query: String?) {
        let request = HTTPRequest(method: .get, target: target)
        #expect(request.path == path)
        #expect(request.query == query)
    }
}
