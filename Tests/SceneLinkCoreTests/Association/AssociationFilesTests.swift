import Testing
@testable import SceneLinkCore

/// The documents: their shape, their tags, and what happens near the size limit.
@Suite struct AssociationFilesTests {
    @Test func appleDocumentHasAppLinksComponentsAndWebCredentials() throws {
        let table = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8))
        let apple = try #require(table.associationFiles.apple)
        let root = try JSONParser.parse(apple.bytes)
        let details = try #require(root["applinks"]?["details"]?.arrayValue?.first)
        #expect(details["appIDs"] == .array([.string("A1B2C3D4E5.com.example.fuelmoney")]))
        #expect(root["webcredentials"]?["apps"] == details["appIDs"])
        let components = try #require(details["components"]?.arrayValue)
        #expect(components.first == .object([(key: "/", value: .string("/v1")), (key: "caseSensitive", value: .bool(true)),
                                             (key: "exclude", value: .bool(true)), (key: "percentEncoded", value: .bool(false))]))
        let firstClaim = try #require(components.firstIndex { $0["exclude"] == nil })
        #expect(components[firstClaim...].allSatisfy { $0["exclude"] == nil })
        #expect(components[firstClaim]["/"] == .string("/s/?*"))
        #expect(components[firstClaim + 1]["/"] == .string("/c/?*") && components[firstClaim + 1]["comment"] == .string("claim URLs"))
        #expect(components.contains { $0["/"] == .string("/settings/account") && $0["comment"] == .string("settings.account") })
        #expect(apple.detail == .routes)
        #expect(apple.entityTag.hasPrefix("\"") && apple.entityTag.count == 26)
    }

    @Test func anAppClipInTheRouteFileAddsTheAppClipsKeyAndNoneLeavesItOut() throws {
        let withoutClip = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8))
        #expect(try JSONParser.parse(try #require(withoutClip.associationFiles.apple).bytes)["appclips"] == nil)
        let file = """
            {"app": {"name": "Recipes", "hosts": ["recipes.example.com"], "fallback": {"web": "https://www.example.com/"},
                     "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.recipes"], "appClip": "com.example.recipes.Clip"}},
             "routes": [{"name": "about", "path": "/about", "push": []}]}
            """
        let table = try RouteTable(routeFile: Array(file.utf8))
        let root = try JSONParser.parse(try #require(table.associationFiles.apple).bytes)
        #expect(root["appclips"]?["apps"] == .array([.string("A1B2C3D4E5.com.example.recipes.Clip")]))
        #expect(root["applinks"]?["details"]?.arrayValue?.first?["appIDs"] == .array([.string("A1B2C3D4E5.com.example.recipes")]))
        let bad = file.replacingOccurrences(of: "com.example.recipes.Clip", with: "not a clip")
        #expect(throws: RouteFileError.self) { try RouteTable(routeFile: Array(bad.utf8)) }
        do {
            _ = try RouteTable(routeFile: Array(bad.utf8))
        } catch {
            #expect(error.description.contains("The App Clip \"not a clip\" is not a bundle ID"))
        }
    }

    @Test func androidDocumentHasOneStatementPerApp() throws {
        let table = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8))
        let android = try #require(table.associationFiles.android)
        let statements = try #require(try JSONParser.parse(android.bytes).arrayValue)
        #expect(statements.count == 1)
        #expect(statements[0]["relation"] == .array([.string("delegate_permission/common.handle_all_urls")]))
        #expect(statements[0]["target"]?["namespace"] == .string("android_app"))
        #expect(statements[0]["target"]?["package_name"] == .string("com.example.fuelmoney"))
        #expect(statements[0]["target"]?["sha256_cert_fingerprints"]?.arrayValue?.count == 1)
        let dynamic = statements[0]["relation_extensions"]?["delegate_permission/common.handle_all_urls"]?["dynamic_app_link_components"]
        #expect(dynamic?.arrayValue?.count == android.components.count)
        #expect(dynamic?.arrayValue?.contains { $0["caseSensitive"] != nil } == false)
    }

    @Test func theSameTableGivesTheSameBytesAndTag() throws {
        let first = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8)).associationFiles
        let second = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8)).associationFiles
        #expect(first == second)
        #expect(first.apple?.entityTag != first.android?.entityTag)
    }

    @Test func aDocumentOverTheLimitClaimsCoarserPatterns() throws {
        let routes = (0..<1800).map { #"{"name": "r\#($0)", "path": "/section\#($0 % 40)/page\#($0)/{id:Int}", "push": [{"type": "Int", "value": "{id}"}]}"# }
        let file = #"{"app": {"name": "Big", "hosts": ["big.example.com"], "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.big"]}}, "routes": [\#(routes.joined(separator: ","))]}"#
        let table = try RouteTable(routeFile: Array(file.utf8))
        let apple = try #require(table.associationFiles.apple)
        #expect(apple.bytes.count <= AssociationFiles.maximumBytes)
        #expect(apple.detail > .routes)
        #expect(table.associationFiles.warnings.count == 1)
        let matcher = try #require(PublishedRulesMatcher(document: apple.bytes, platform: .apple))
        #expect(matcher.claims("https://big.example.com/section3/page1203/7"))
        #expect(!matcher.claims("https://big.example.com/v1/routes"))
    }

    @Test func noAppleOrAndroidMeansNoDocument() throws {
        let files = try ExampleFiles.table("recipes").associationFiles
        #expect(files.apple == nil && files.android == nil && files.warnings.isEmpty)
    }
}
