import Testing
@testable import SceneLinkCore

/// Unknown keys anywhere in a route file are errors with the closest known key.
@Suite struct RouteFileKeysTests {
    private func problems(_ text: String) -> [RouteFileProblem] { ExampleFiles.problems(text) }

    @Test func aTypoInAppSuggestsTheKeyMeant() {
        let found = problems(#"{"app": {"name": "A", "shemes": ["a"], "hosts": ["a.example.com"]}, "routes": []}"#)
        #expect(found == [RouteFileProblem(location: "app.shemes",
                                           message: "Unknown key \"shemes\"; did you mean \"schemes\"? (Keys starting with \"x-\" are free for notes.)")])
    }

    @Test func aTypoInARouteElementOrQueryItemIsLocated() {
        let found = problems("""
        {"app": {"name": "A", "schemes": ["a"]},
         "routes": [{"name": "r", "path": "/r/{id:Int}", "pusj": [],
                     "query": {"q": {"param": "{q:String}", "defualt": "x"}},
                     "routes": [{"path": "k", "push": [{"type": "Int", "valeu": 1, "value": "{id}"}]}]}]}
        """)
        #expect(found.map(\.location) == ["routes[0].pusj", "routes[0].query.q.defualt", "routes[0].routes[0].push[0].valeu"])
        #expect(found[0].message.contains("did you mean \"push\"?"))
        #expect(found[1].message.contains("did you mean \"default\"?"))
        #expect(found[2].message.contains("did you mean \"value\"?"))
    }

    @Test func aKeyNearNothingListsTheKeysTheObjectTakes() {
        let found = problems(#"{"app": {"name": "A", "schemes": ["a"]}, "routes": [], "zzzzzz": 1}"#)
        #expect(found == [RouteFileProblem(location: "zzzzzz",
                                           message: "Unknown key \"zzzzzz\"; this object takes \"app\", \"types\", \"routes\", and keys starting with \"x-\" for notes.")])
    }

    @Test func xKeysAreFreeEverywhere() {
        #expect(problems("""
        {"x-owner": "me", "app": {"name": "A", "schemes": ["a"], "x-note": 1},
         "types": {"T": {"tag": "A.T", "cases": ["a"], "rawValue": "String", "x-why": true}},
         "routes": [{"path": "/t/{t}", "x-todo": [], "push": [{"type": "T", "value": "{t}", "x-n": 0}]}]}
        """) == [])
    }

    @Test func everyExampleFileLoadsUnchanged() throws {
        for name in ExampleFiles.names { _ = try ExampleFiles.table(name) }
    }

    @Test func closestIsNearEnoughOrNothing() {
        #expect(RouteFileKeys.closest(to: "hots", in: RouteFileKeys.app) == "hosts")
        #expect(RouteFileKeys.closest(to: "Schemes", in: RouteFileKeys.app) == "schemes")
        #expect(RouteFileKeys.closest(to: "banana", in: RouteFileKeys.app) == nil)
    }
}
