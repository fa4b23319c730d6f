import Testing
@testable import SceneLinkCore

/// The preview and fallbacks of a resolved link, for the link page.
@Suite struct RouteTableLinkPageTests {
    static let file = """
    {"app": {"name": "R", "schemes": ["r"], "hosts": ["r.example.com"],
             "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.r"], "appStoreID": "42"},
             "android": {"package": "com.example.r", "sha256CertFingerprints": ["\(RouteFileLoaderAppLinksTests.fingerprint)"]},
             "fallback": {"web": "https://www.example.com/"}},
     "routes": [
       {"name": "recipe", "path": "/recipes/{id:String}",
        "preview": {"title": "Recipe {id}", "description": "Cook {{it}}", "image": "https://img.example.com/{id}.png"},
        "fallback": {"web": "https://www.example.com/recipes/{id}"},
        "push": [{"type": "String", "value": "{id}"}],
        "routes": [{"name": "steps", "path": "steps/{n:Int}", "preview": {"title": "Step {n} of {id}"},
                    "push": [{"type": "Int", "value": "{n}"}]}]},
       {"name": "about", "path": "/about", "push": []}
     ]}
    """

    @Test func previewRendersTheLinksValues() throws {
        let table = try RouteTable(routeFile: Array(Self.file.utf8))
        let link = try table.resolve("https://r.example.com/recipes/pan%20cake")
        #expect(table.preview(for: link) == LinkPreview(title: "Recipe pan cake", description: "Cook {it}",
                                                        image: "https://img.example.com/pan%20cake.png"))
    }

    @Test func aChildInheritsWhatItDoesNotSet() throws {
        let table = try RouteTable(routeFile: Array(Self.file.utf8))
        let link = try table.resolve("r://recipes/soup/steps/2")
        #expect(table.preview(for: link) == LinkPreview(title: "Step 2 of soup", description: "Cook {it}",
                                                        image: "https://img.example.com/soup.png"))
        #expect(table.fallback(for: link).web == "https://www.example.com/recipes/soup")
    }

    @Test func fallbacksFallBackToTheStoresThenTheWeb() throws {
        let table = try RouteTable(routeFile: Array(Self.file.utf8))
        let about = try table.resolve("https://r.example.com/about")
        #expect(table.preview(for: about) == LinkPreview())
        #expect(table.fallback(for: about) == LinkFallback(
            web: "https://www.example.com/", ios: "https://apps.apple.com/app/id42",
            android: "https://play.google.com/store/apps/details?id=com.example.r"))
        let recipe = try table.resolve("https://r.example.com/recipes/a&b")
        #expect(table.fallback(for: recipe).web == "https://www.example.com/recipes/a%26b")
    }

    @Test func aFileWithoutAppLinksHasNone() throws {
        let table = try ExampleFiles.table("kitchen-sink")
        let link = try table.resolve("kitchensink://search?q=x")
        #expect(table.preview(for: link) == LinkPreview())
        #expect(table.fallback(for: link) == LinkFallback())
        #expect(table.associationFiles.apple == nil && table.associationFiles.android == nil)
    }
}
