import Testing
@testable import SceneLinkCore

@Suite struct FuelMoneyExampleTests {
    let table: RouteTable

    init() throws { table = try ExampleFiles.table("fuelmoney") }

    @Test func settingsAccountIsTheWholeBackStackTopFirst() throws {
        #expect(try ExampleFiles.navigationPath(table, "fuelmoney://settings/account")
            == #"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#)
    }

    @Test func httpsLinkResolvesLikeTheCustomScheme() throws {
        #expect(try ExampleFiles.navigationPath(table, "https://fuelmoney.example.com/settings/account")
            == #"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#)
    }

    @Test func everySettingsChildPushesSettingThenItself() throws {
        for (path, raw) in [("account", 2), ("variable", 3), ("fixed", 4), ("premium", 5)] {
            #expect(try ExampleFiles.navigationPath(table, "fuelmoney://settings/\(path)")
                == "[\"FuelMoney.HomePath\",\"\(raw)\",\"FuelMoney.HomePath\",\"1\"]")
        }
    }

    @Test func homeLinksToSettingsExplainAndInformation() throws {
        #expect(try ExampleFiles.navigationPath(table, "fuelmoney://settings") == #"["FuelMoney.HomePath","1"]"#)
        #expect(try ExampleFiles.navigationPath(table, "fuelmoney://explain") == #"["FuelMoney.HomePath","6"]"#)
        #expect(try ExampleFiles.navigationPath(table, "fuelmoney://information") == #"["FuelMoney.HomePath","7"]"#)
    }

    @Test func rootLinkIsTheEmptyStack() throws {
        #expect(try ExampleFiles.navigationPath(table, "fuelmoney://") == "[]")
        #expect(try ExampleFiles.navigationPath(table, "https://fuelmoney.example.com/") == "[]")
    }

    @Test func documentHasEveryMemberInOrder() throws {
        let expected = #"{"link":"fuelmoney://settings/account","route":"settings.account","parameters":{},"#
            + #""elements":[{"type":"HomePath","tag":"FuelMoney.HomePath","value":1},{"type":"HomePath","tag":"FuelMoney.HomePath","value":2}],"#
            + #""navigationPath":["FuelMoney.HomePath","2","FuelMoney.HomePath","1"],"selection":null,"#
            + #""canonical":{"https":"https://fuelmoney.example.com/settings/account","scheme":"fuelmoney://settings/account"}}"#
        #expect(try ExampleFiles.document(table, "fuelmoney://settings/account") == expected)
    }

    @Test func typedArrayIsPushOrder() throws {
        #expect(String(decoding: try table.resolve("fuelmoney://settings/premium", format: .array), as: UTF8.self) == "[1,5]")
    }

    @Test func unknownPathNamesTheClosestRoutesNearestFirst() throws {
        #expect(throws: ResolveError.noRoute(path: "/settings/acount", closest: ["/settings/account", "/settings/fixed", "/settings"], hint: nil)) {
            try table.resolve("fuelmoney://settings/acount")
        }
        // From the root: every route is a candidate, and one typo away beats file order.
        #expect(throws: ResolveError.noRoute(path: "/setings", closest: ["/settings", "/settings/fixed", "/explain"], hint: nil)) {
            try table.resolve("fuelmoney://setings")
        }
    }
}
