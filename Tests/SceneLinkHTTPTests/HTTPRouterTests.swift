import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPRouterTests {
    private func router() -> HTTPRouter {
        var router = HTTPRouter()
        router.on(.get, "/items/{id}") { _, _ in }
        router.on(.get, "/items/new") { _, _ in }
        router.on(.post, "/items") { _, _ in }
        router.on(.get, "/healthz") { _, _ in }
        return router
    }

    private func pattern(_ method: HTTPMethod, _ path: String) -> String? {
        if case .found(let route, _) = router().match(method: method, path: path) { return route.pattern }
        return nil
    }

    @Test func prefersALiteralSegmentOverACapture() {
        #expect(pattern(.get, "/items/new") == "/items/new")
        #expect(pattern(.get, "/items/42") == "/items/{id}")
    }

    @Test func servesHEADWithTheGETRoute() {
        #expect(pattern(.head, "/healthz") == "/healthz")
        #expect(pattern(.head, "/items/7") == "/items/{id}")
    }

    @Test func ignoresEmptySegmentsOnLiteralRoutesToo() {
        #expect(pattern(.get, "/healthz/") == "/healthz")
        #expect(pattern(.get, "//healthz") == "/healthz")
    }

    @Test func decodesCapturedSegments() {
        guard case .found(_, let parameters) = router().match(method: .get, path: "/items/a%20b") else {
            Issue.record("no match")
            return
        }
        #expect(parameters["id"] == "a b")
    }

    @Test func reportsAllowedMethodsForAKnownPath() {
        guard case .methodNotAllowed(let allowed) = router().match(method: .delete, path: "/healthz") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.get, .head])
        guard case .methodNotAllowed(let itemAllowed) = router().match(method: .get, path: "/items") else {
            Issue.record("expected 405")
            return
        }
        #expect(itemAllowed == [.post])
    }

    @Test func reportsUnknownPathsAndBadEscapes() {
        guard case .notFound = router().match(method: .get, path: "/nope") else { Issue.record("expected 404"); return }
        guard case .badPath = router().match(method: .get, path: "/items/%zz") else { Issue.record("expected bad path"); return }
    }
}
