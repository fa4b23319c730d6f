import Foundation
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

    @Test("the binary carries every examples/*.json byte for byte (run scripts/embed-examples.sh after editing one)")
    func everyExampleIsEmbeddedAsWritten() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ExampleFiles.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(BuiltInRoutes.exampleNames == files)
        for name in files {
            #expect(BuiltInRoutes.example(named: name).map { Array($0.utf8) } == (try ExampleFiles.bytes(name)),
                    "run scripts/embed-examples.sh after editing examples/\(name).json")
            _ = try RouteTable(routeFile: Array((BuiltInRoutes.example(named: name) ?? "").utf8))
        }
        #expect(BuiltInRoutes.example(named: "nope") == nil)
    }
}
