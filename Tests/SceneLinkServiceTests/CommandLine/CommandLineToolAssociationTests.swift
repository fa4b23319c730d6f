import Foundation
import Synchronization
import Testing
import SceneLinkCore
@testable import SceneLinkService

@Suite struct CommandLineToolAssociationTests {
    private func run(_ arguments: [String]) -> CommandLineRun { CommandLineRun(arguments) }

    @Test func printsTheFilesTheServerServes() throws {
        let table = try BuiltInRoutes.fuelMoneyTable()
        #expect(run(["association", "apple"]).out == table.associationFiles.apple?.text)
        let file = AssociationEndpointsTests.examples.appendingPathComponent("fuelmoney.json").path
        #expect(run(["association", "android", file]).out == table.associationFiles.android?.text)
    }

    @Test func aFileWithoutTheAppSaysWhichFieldToAdd() {
        let file = AssociationEndpointsTests.examples.appendingPathComponent("lists.json").path
        let result = run(["association", "apple", file])
        #expect(result.status == 1)
        #expect(result.err == "scenelink association: the route file names no iOS app; add \"app.apple\" (teamID, bundleIDs).")
        #expect(run(["association", "windows"]).status == 2)
    }
}
