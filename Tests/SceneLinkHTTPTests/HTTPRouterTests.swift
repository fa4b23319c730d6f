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

    @Test func answersOptionsAsteriskWithEveryMethodServed() {
        var router = router()
        // A capture at the root must not take "*" for a segment.
        router.on(.delete, "/{anything}") { _, _ in }
        guard case .serverOptions(let allowed) = router.match(method: .options, path: "*") else {
            Issue.record("expected the server's options")
            return
        }
        #expect(allowed == [.get, .post, .delete, .head])
        let response = HTTPRouter.serverOptions(allowed: allowed)
        #expect(response.status.code == 200)
        #expect(response.headers["Allow"] == "GET, POST, DELETE, HEAD")
        #expect(response.body.isEmpty)
        guard case .notFound = router.match(method: .get, path: "*") else {
            Issue.record("only OPTIONS asks about the server as a whole")
            return
        }
    }

    @Test func reportsUnknownPathsAndBadEscapes() {
        guard case .notFound = router().match(method: .get, path: "/nope") else { Issue.record("expected 404"); return }
        guard case .badPath = router().match(method: .get, path: "/items/%zz") else { Issue.record("expected bad path"); return }
    }

    @Test func fallsBackToACaptureWhenTheLiteralRouteHasAnotherMethod() {
        var router = HTTPRouter()
        router.on(.post, "/a/new") { _, _ in }
        router.on(.get, "/a/{id}") { _, _ in }
        guard case .found(let route, let parameters) = router.match(method: .get, path: "/a/new") else {
            Issue.record("expected the capture route")
            return
        }
        #expect(route.pattern == "/a/{id}")
        #expect(parameters == ["id": "new"])
        guard case .found(let literal, _) = router.match(method: .post, path: "/a/new") else {
            Issue.record("expected the literal route")
            return
        }
        #expect(literal.pattern == "/a/new")
    }

    @Test func backtracksOutOfALiteralBranchThatDeadEnds() {
        var router = HTTPRouter()
        router.on(.get, "/s/list/x") { _, _ in }
        router.on(.get, "/s/{id}/y") { _, _ in }
        guard case .found(let route, let parameters) = router.match(method: .get, path: "/s/list/y") else {
            Issue.record("expected a match after backtracking")
            return
        }
        #expect(route.pattern == "/s/{id}/y")
        #expect(parameters == ["id": "list"])
    }

    @Test func namesCapturesByTheRouteThatMatched() {
        var router = HTTPRouter()
        router.on(.get, "/v1/sessions/{id}") { _, _ in }
        router.on(.get, "/v1/sessions/{session}/scenes/{scene}/values/{key}") { _, _ in }
        guard case .found(_, let short) = router.match(method: .get, path: "/v1/sessions/abc") else {
            Issue.record("no match")
            return
        }
        #expect(short == ["id": "abc"])
        guard case .found(_, let long) = router.match(method: .get, path: "/v1/sessions/abc/scenes/main/values/p%2Fq") else {
            Issue.record("no match")
            return
        }
        #expect(long == ["session": "abc", "scene": "main", "key": "p/q"])
    }

    @Test func listsAllowedMethodsInRegistrationOrderAcrossPatterns() {
        var router = HTTPRouter()
        router.on(.put, "/k/{id}") { _, _ in }
        router.on(.get, "/k/{id}") { _, _ in }
        router.on(.delete, "/k/fixed") { _, _ in }
        guard case .methodNotAllowed(let allowed) = router.match(method: .post, path: "/k/fixed") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.put, .get, .delete, .head])
    }

    @Test func doesNotMatchPathsLongerOrShorterThanAnyPattern() {
        guard case .notFound = router().match(method: .get, path: "/items/1/2") else { Issue.record("expected 404"); return }
        guard case .notFound = router().match(method: .get, path: "/") else { Issue.record("expected 404"); return }
    }

    @Test func refusesEscapesThatDecodeToInvalidUTF8() {
        guard case .badPath = router().match(method: .get, path: "/items/%ff") else { Issue.record("expected bad path"); return }
    }

    private func routerWithCatchAll() -> HTTPRouter {
        var router = router()
        router.otherwise(.get, "/{path}", accepting: { !$0.hasPrefix("/v1") }) { _, _ in }
        return router
    }

    @Test func ofSeveralCatchAllsTheFirstThatAcceptsThePathAnswers() {
        var router = router()
        router.otherwise(.get, "/admin/{path}", accepting: { $0.hasPrefix("/admin/") }) { _, _ in }
        router.otherwise(.get, "/{path}", accepting: { !$0.hasPrefix("/v1") && !$0.hasPrefix("/admin/") }) { _, _ in }
        guard case .found(let admin, _) = router.match(method: .get, path: "/admin/nothing") else { Issue.record("no catch-all"); return }
        #expect(admin.pattern == "/admin/{path}")
        guard case .found(let page, _) = router.match(method: .get, path: "/a/b") else { Issue.record("no catch-all"); return }
        #expect(page.pattern == "/{path}")
        guard case .found(let specific, _) = router.match(method: .get, path: "/items/7") else { Issue.record("no route"); return }
        #expect(specific.pattern == "/items/{id}")
        guard case .methodNotAllowed(let allowed) = router.match(method: .post, path: "/admin/x") else { Issue.record("expected 405"); return }
        #expect(allowed == [.get, .head])
        guard case .notFound = router.match(method: .get, path: "/v1/x") else { Issue.record("expected 404"); return }
    }

    @Test func aMappedRouterKeepsOrderLimitsAndTheCatchAllAndDropsWhatItIsTold() {
        let mapped = routerWithCatchAll().mapped { route in route.pattern == "/items/{id}" ? nil : route.handler }
        let original = routerWithCatchAll().routes.filter { $0.pattern != "/items/{id}" }
        #expect(mapped.routes.map(\.pattern) == original.map(\.pattern))
        #expect(mapped.routes.map(\.maxBodyBytes) == original.map(\.maxBodyBytes))
        guard case .found(let route, _) = mapped.match(method: .get, path: "/items/7") else { Issue.record("no catch-all"); return }
        #expect(route.pattern == "/{path}")
        guard case .notFound = mapped.match(method: .get, path: "/v1/items/7") else { Issue.record("expected 404"); return }
    }

    @Test func theCatchAllTakesOnlyPathsNoPatternFits() {
        let router = routerWithCatchAll()
        for path in ["/", "/recipes/42", "/items/1/2", "/a//b/"] {
            guard case .found(let route, let parameters) = router.match(method: .get, path: path) else {
                Issue.record("\(path): expected the catch-all")
                continue
            }
            #expect(route.pattern == "/{path}" && parameters.isEmpty)
        }
        guard case .found(let route, _) = router.match(method: .get, path: "/items/7") else { Issue.record("no match"); return }
        #expect(route.pattern == "/items/{id}")
        guard case .found(let head, _) = router.match(method: .head, path: "/recipes/1") else { Issue.record("no HEAD"); return }
        #expect(head.pattern == "/{path}")
    }

    @Test func theCatchAllKeeps405sAnd404sItRefuses() {
        let router = routerWithCatchAll()
        guard case .methodNotAllowed(let allowed) = router.match(method: .get, path: "/items") else {
            Issue.record("expected 405 from the POST route")
            return
        }
        #expect(allowed == [.post])
        guard case .notFound = router.match(method: .get, path: "/v1/nothing") else { Issue.record("expected 404"); return }
        guard case .methodNotAllowed(let catchAllMethods) = router.match(method: .post, path: "/recipes/1") else {
            Issue.record("expected 405 from the catch-all")
            return
        }
        #expect(catchAllMethods == [.get, .head])
        guard case .badPath = router.match(method: .get, path: "/items/%ff") else { Issue.record("expected bad path"); return }
    }
}
