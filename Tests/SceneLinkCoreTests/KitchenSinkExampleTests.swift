import Testing
@testable import SceneLinkCore

/// examples/kitchen-sink.json: every route-file feature, resolved to hand-written JSON.
@Suite struct KitchenSinkExampleTests {
    let table: RouteTable

    init() throws { table = try ExampleFiles.table("kitchen-sink") }

    private func path(_ link: String) throws -> String { try ExampleFiles.navigationPath(table, link) }

    @Test func declaredRootRouteIsUsedForTheRootLink() throws {
        #expect(try path("kitchensink://") == #"["KitchenSink.Screen","{\"home\":{}}"]"#)
        #expect(try path("https://WWW.Kitchen.Example.com") == #"["KitchenSink.Screen","{\"home\":{}}"]"#)
    }

    @Test func associatedValuesEncodeAsSynthesizedCodable() throws {
        #expect(try path("ks://users/42") == #"["KitchenSink.Screen","{\"detail\":{\"id\":42}}"]"#)
    }

    @Test func requiredQueryItemFeedsAStruct() throws {
        #expect(try path("https://kitchen.example.com/users/42/profile?name=Blob")
            == #"["KitchenSink.User","{\"id\":42,\"name\":\"Blob\"}","KitchenSink.Screen","{\"detail\":{\"id\":42}}"]"#)
    }

    @Test func missingRequiredQueryItemIsNoRouteWithAHint() throws {
        #expect(throws: ResolveError.noRoute(path: "/users/42/profile", closest: ["/users/{id:Int}/profile?name={name}"],
                                             hint: "Route users.profile needs the query item \"name\".")) {
            try table.resolve("ks://users/42/profile")
        }
    }

    @Test func fourLevelsDeepWithDefaults() throws {
        let base = "kitchensink://users/1/posts/9/photos/e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        #expect(try path(base + "?scale=2.50")
            == #"["KitchenSink.Models.Photo","{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"scale\":2.5}","Swift.Int","9","KitchenSink.Screen","{\"detail\":{\"id\":1}}"]"#)
        #expect(try path(base)
            == #"["KitchenSink.Models.Photo","{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"scale\":1}","Swift.Int","9","KitchenSink.Screen","{\"detail\":{\"id\":1}}"]"#)
        #expect(try path(base + "/zoom/3?strict=true")
            == #"["KitchenSink.Screen","{\"filtered\":{\"level\":3,\"strict\":true}}","KitchenSink.Models.Photo","{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"scale\":1}","Swift.Int","9","KitchenSink.Screen","{\"detail\":{\"id\":1}}"]"#)
        #expect(try table.resolve(base + "/zoom/3").route == "users.posts.photos.zoom")
    }

    @Test func unlabelledAssociatedValueIsUnderscoreZero() throws {
        #expect(try path("ks://search?q=hello%20world")
            == #"["KitchenSink.Tab","\"search\"","KitchenSink.Screen","{\"named\":{\"_0\":\"hello world\"}}"]"#)
        #expect(try path("ks://search?tab=profile&q=x")
            == #"["KitchenSink.Tab","\"profile\"","KitchenSink.Screen","{\"named\":{\"_0\":\"x\"}}"]"#)
    }

    @Test func restTakesTheRemainingSegments() throws {
        #expect(try path("ks://files/a/b%2Fc//d/") == #"["Swift.String","\"a\\\/b\\\/c\\\/d\""]"#)
    }

    @Test func builtInScalars() throws {
        #expect(try path("ks://flags/true") == #"["Swift.Bool","true"]"#)
        #expect(try path("ks://scale/2.50") == #"["Swift.Double","2.5"]"#)
        #expect(try path("ks://scale/3") == #"["Swift.Double","3"]"#)
        #expect(try path("ks://box/5") == #"["KitchenSink.Box<Swift.Int>","{\"value\":5}"]"#)
    }

    @Test func literalBeatsTypedBeatsString() throws {
        #expect(try path("ks://level/all") == #"["KitchenSink.Level","3","KitchenSink.Level","1"]"#)
        #expect(try path("ks://level/2") == #"["KitchenSink.Level","2"]"#)
        #expect(try path("ks://level/9") == #"["KitchenSink.Screen","{\"named\":{\"_0\":\"9\"}}"]"#)
    }

    @Test func nestedTypeFieldsAreSorted() throws {
        #expect(try path("ks://items/Hi") == #"["KitchenSink.Item","{\"screen\":{\"detail\":{\"id\":7}},\"title\":\"Hi\"}"]"#)
    }

    @Test func selectionWithAnEmptyStack() throws {
        let resolved = try table.resolve("ks://tabs/profile")
        #expect(resolved.elements.isEmpty)
        #expect(resolved.selection == StackElement(type: "Tab", tag: "KitchenSink.Tab", value: .string("profile")))
    }

    @Test func wrongBoolIsAWrongParameterType() throws {
        #expect(throws: ResolveError.wrongParameterType(path: "/flags/yes", segment: 2, value: "yes", expected: ["a Bool"])) {
            try table.resolve("ks://flags/yes")
        }
    }

    @Test func canonicalLinksUseTheFirstSchemeAndHostAndDropDefaults() throws {
        let resolved = try table.resolve("https://www.kitchen.example.com/users/1/posts/9/photos/e621e1f8-c36c-495a-93fc-0c247a3e6e5f?scale=1")
        #expect(resolved.canonical.scheme == "kitchensink://users/1/posts/9/photos/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(resolved.canonical.https == "https://kitchen.example.com/users/1/posts/9/photos/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }
}
