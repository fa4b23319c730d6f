import Testing
@testable import SceneLinkCore

/// Route aliases: old paths that keep resolving to a renamed or moved route.
@Suite struct RouteFileLoaderAliasesTests {
    private let app = #""app": {"name": "App", "schemes": ["app"], "hosts": ["app.example.com"]}"#
    private let types = #""types": {"Screen": {"tag": "App.Screen", "fields": {"id": "Int", "tab": "String"}}}"#

    private func table(_ routes: String) throws(RouteFileError) -> RouteTable {
        try RouteTable(routeFile: Array("{ \(app), \(types), \"routes\": [\(routes)] }".utf8))
    }

    private func problems(_ routes: String) -> [RouteFileProblem] {
        do {
            _ = try table(routes)
            return []
        } catch {
            return error.problems
        }
    }

    private let account = #"""
    { "name": "account", "path": "/account", "aliases": ["/settings/account", "/settings/me"],
      "push": [ {"type": "Int", "value": 2} ] }
    """#

    private let profile = #"""
    { "name": "profile", "path": "/people/{id:Int}", "query": {"tab": {"param": "{tab}", "default": "posts"}},
      "aliases": ["/profile/{id}", "/users/{tab}/{id:Int}"],
      "push": [ {"type": "Screen", "value": {"id": "{id}", "tab": "{tab}"}} ] }
    """#

    @Test func anAliasResolvesToItsRouteWithTheRoutesCanonicalLinks() throws {
        let routes = try table(account)
        let old = try routes.resolve("https://app.example.com/settings/account")
        let new = try routes.resolve("https://app.example.com/account")
        #expect(old.route == "account")
        #expect(old.elements == new.elements)
        #expect(old.canonical.https == "https://app.example.com/account")
        #expect(old.canonical.scheme == "app://account")
        #expect(try routes.resolve("app://settings/me").route == "account")
    }

    @Test func theDocumentOfAnAliasIsTheRoutesWithTheLinkAsSent() throws {
        let routes = try table(profile)
        let old = String(decoding: try routes.resolve("https://app.example.com/profile/7", format: .document), as: UTF8.self)
        let new = String(decoding: try routes.resolve("https://app.example.com/people/7", format: .document), as: UTF8.self)
        #expect(old.replacingOccurrences(of: "/profile/7", with: "/people/7") == new)
        #expect(old.contains(#""canonical":{"https":"https://app.example.com/people/7","scheme":"app://people/7"}"#))
    }

    @Test func parametersAreMappedByNameAndAQueryParameterMayMoveIntoThePath() throws {
        let routes = try table(profile)
        let moved = try routes.resolve("https://app.example.com/users/likes/42")
        #expect(moved.route == "profile")
        #expect(moved.parameters == [ResolvedParameter(name: "id", value: .number("42")),
                                     ResolvedParameter(name: "tab", value: .string("likes"))])
        #expect(moved.canonical.https == "https://app.example.com/people/42?tab=likes")
        // The route's other query items still apply to an alias.
        #expect(try routes.resolve("https://app.example.com/profile/42?tab=likes").parameters
            == moved.parameters)
        // The alias keeps the route's parameter types.
        #expect(throws: ResolveError.self) { try routes.resolve("https://app.example.com/profile/abc") }
    }

    @Test func aStackPrintsWithTheRoutesOwnPattern() throws {
        let routes = try table(account)
        #expect(try routes.links(for: [StackElement(type: "Int", tag: "Swift.Int", value: .number("2"))]).https
            == "https://app.example.com/account")
    }

    @Test func listingsNameTheAliasesUnderTheirRouteAndCountRoutesOnly() throws {
        let routes = try table(account + "," + profile)
        #expect(routes.routeCount == 2)
        #expect(routes.summaries.map(\.aliases) == [["/settings/account", "/settings/me"],
                                                    ["/profile/{id:Int}?tab={tab}", "/users/{tab:String}/{id:Int}"]])
        #expect(routes.routesTable.contains("[aliases: /settings/account, /settings/me]"))
        let document = String(decoding: routes.routesDocument, as: UTF8.self)
        #expect(document.contains(#""aliases":["/settings/account","/settings/me"]"#))
    }

    @Test func theAssociationFilesClaimTheAliases() throws {
        let apple = #""apple": {"teamID": "ABCDE12345", "bundleIDs": ["com.example.app"]}"#
        let file = #"{ "app": {"name": "App", "hosts": ["app.example.com"], \#(apple)}, "routes": [\#(account)] }"#
        let routes = try RouteTable(routeFile: Array(file.utf8))
        let document = String(decoding: routes.associationFiles.apple?.bytes ?? [], as: UTF8.self)
        #expect(document.contains(#""/settings/account""#))
        #expect(document.contains(#""/settings/me""#))
        #expect(document.contains(#""/account""#))
    }

    @Test func aClosestRouteSuggestionNamesTheRouteNotItsOldPath() throws {
        let routes = try table(account)
        do {
            _ = try routes.resolve("https://app.example.com/settings/acount")
            Issue.record("resolved a link no route has")
        } catch {
            #expect(error.description.contains("/account"))
            #expect(!error.description.contains("/settings/account"))
        }
    }

    @Test func anAliasThatCollidesWithARouteOrAnotherAliasIsRefusedWhereItIs() {
        let found = problems(#"""
        { "name": "settings", "path": "/settings/account", "push": [] },
        { "name": "account", "path": "/account", "aliases": ["/settings/account"], "push": [] },
        { "name": "me", "path": "/me", "aliases": ["/account"], "push": [] },
        { "name": "other", "path": "/other", "aliases": ["/old/{n:Int}"], "push": [ {"type": "Int", "value": 1} ] },
        { "name": "typed", "path": "/typed/{n:Int}", "aliases": ["/old/{n}"], "push": [ {"type": "Int", "value": "{n}"} ] }
        """#)
        // Parameters are checked as the route compiles, collisions once every route is in.
        #expect(found.map(\.location) == ["routes[3].aliases[0]", "routes[1].aliases[0]", "routes[2].aliases[0]"])
        #expect(found[0].message.contains("names {n}, which route other does not have"))
        #expect(found[1].message == #"The alias "/settings/account" of route account reaches the same links as route settings (a link like /settings/account); remove the alias or change one of them."#)
        #expect(found[2].message.contains("reaches the same links as route account"))
    }

    @Test func anAliasIsAFullPathListedOnce() {
        let found = problems(#"""
        { "name": "profile", "path": "/people/{id:Int}", "aliases": ["profile/{id}", "/p/{id}?x=1", "/p/{id}", "/p/{id}"],
          "push": [ {"type": "Int", "value": "{id}"} ] }
        """#)
        #expect(found.map(\.location) == ["routes[0].aliases[0]", "routes[0].aliases[1]", "routes[0].aliases[3]"])
        #expect(found[0].message.contains("must be a full path from the root"))
        #expect(found[1].message.contains("leave out '?' and '#'"))
        #expect(found[2].message.contains("is listed twice"))
    }

    @Test func anAliasMustCarryEveryPathParameterWithTheRoutesTypes() {
        let found = problems(#"""
        { "name": "profile", "path": "/people/{id:Int}", "query": {"tab": "{tab:String}"},
          "aliases": ["/profile", "/profile/{id:String}", "/p/{id}/{id}", "/q/{tab...}/{id}", "/p/{id}", "/r/{id...}"],
          "push": [ {"type": "Screen", "value": {"id": "{id}", "tab": "{tab}"}} ] }
        """#)
        #expect(found.map(\.location) == ["routes[0].aliases[0]", "routes[0].aliases[1]", "routes[0].aliases[2]",
                                          "routes[0].aliases[3]", "routes[0].aliases[5]"])
        #expect(found[0].message == #"The alias "/profile" lacks {id}, which route profile takes from its path and which has no default; add {id} to the alias."#)
        #expect(found[1].message.contains("but route profile has {id} as Int"))
        #expect(found[2].message.contains("names {id} twice"))
        #expect(found[3].message.contains("must be the alias's last segment"))
        #expect(found[4].message.contains("is always a String, but route profile has {id} as Int"))
    }

    @Test func aChildDoesNotInheritItsParentsAliases() throws {
        let routes = try table(#"""
        { "name": "settings", "path": "/settings", "aliases": ["/prefs"], "push": [ {"type": "Int", "value": 1} ],
          "routes": [ { "name": "account", "path": "account", "push": [ {"type": "Int", "value": 2} ] } ] }
        """#)
        #expect(try routes.resolve("https://app.example.com/prefs").route == "settings")
        #expect(throws: ResolveError.self) { try routes.resolve("https://app.example.com/prefs/account") }
    }

    @Test func aliasesIsAKnownKeyAndMustBeAnArrayOfPaths() {
        let found = problems(#"{ "name": "a", "path": "/a", "aliases": "/b", "push": [] }, { "name": "c", "path": "/c", "aliases": [1], "push": [] }"#)
        #expect(found.map(\.location) == ["routes[0].aliases", "routes[1].aliases[0]"])
        #expect(found[0].message.contains("must be an array of old paths"))
    }
}
