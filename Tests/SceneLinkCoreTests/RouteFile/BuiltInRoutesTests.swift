import Testing
@testable import SceneLinkCore

@Suite struct BuiltInRoutesTests {
    @Test func fuelMoneyIsTheExampleFileByteForByte() throws {
        #expect(Array(BuiltInRoutes.fuelMoney.utf8) == (try ExampleFiles.bytes("fuelmoney")))
    }

    @Test func fuelMoneyLoads() throws {
        let table = try BuiltInRoutes.fuelMoneyTable()
        #expect(table.routeCount == 7)
        #expect(table.routesTable.contains("settings.account   /settings/account   HomePath 1, HomePath 2"))
    }
}
