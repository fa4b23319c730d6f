import Foundation
import Testing
import SceneLinkSwiftGenerator

/// The command line shared by `scenelink generate` and `scenelink-generate`.
@Suite struct GenerateCommandTests {
    private final class Output: @unchecked Sendable {
        var out: [String] = []
        var err: [String] = []
    }

    private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let output = Output()
        let command = GenerateCommand(program: "scenelink generate", out: { output.out.append($0) }, err: { output.err.append($0) })
        let status = command.run(arguments)
        return (status, output.out.joined(separator: "\n"), output.err.joined(separator: "\n"))
    }

    private var fuelMoney: String { GeneratorFiles.root.appendingPathComponent("examples/fuelmoney.json").path }

    @Test func printsTheTypesOfTheModule() {
        let result = run(["swift", fuelMoney, "--module", "FuelMoney"])
        #expect(result.status == 0)
        #expect(result.out.contains("enum HomePath: Int, Codable, Hashable, Sendable {"))
        #expect(result.err.isEmpty)
    }

    @Test func writesTheOutputFileAndLeavesAnUnchangedOneAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Generated/Types.swift")
        #expect(run(["swift", fuelMoney, "--module", "FuelMoney", "--access", "public", "--output", file.path]).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("public enum HomePath"))
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(run(["swift", fuelMoney, "--module", "FuelMoney", "--access", "public", "-o", file.path]).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(before == after)
    }

    @Test func anUnusedModuleExitsOneWithTheLocation() {
        let result = run(["swift", fuelMoney, "--module", "Fuel"])
        #expect(result.status == 1)
        #expect(result.err == "scenelink generate swift: \(fuelMoney): types: No tag in the route file lies in module \"Fuel\" (the file uses \"FuelMoney\"); pass the module of the tags (the part before the first dot) as --module.")
    }

    @Test func theUsageShowsOnlyWhatAUserRuns() {
        let usage = run(["--help"])
        #expect(usage.status == 0 && usage.out.contains("swift-tests ROUTEFILE"))
        for hidden in ["links-check", "sample-links", "modules", "CI"] {
            #expect(!usage.out.contains(hidden), "the usage shows \(hidden)")
        }
    }

    @Test func aBundledExampleIsTheFileItWasMadeFrom() {
        let example = run(["swift", "--example", "fuelmoney", "--module", "FuelMoney"])
        #expect(example.status == 0, "\(example.err)")
        #expect(example.out == run(["swift", fuelMoney, "--module", "FuelMoney"]).out)
        let unknown = run(["swift", "--example", "fuelmony", "--module", "FuelMoney"])
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("scenelink generate swift: There is no example 'fuelmony'; the examples are drilldown, fuelmoney, kitchen-sink, lists, recipes."), "\(unknown.err)")
        #expect(run(["swift", fuelMoney, "--example", "fuelmoney", "--module", "FuelMoney"]).err
            .hasPrefix("scenelink generate swift: Name a route file or --example NAME, not both."))
    }

    @Test func usageErrorsExitTwo() {
        #expect(run([]).status == 2)
        #expect(run(["kotlin", fuelMoney, "--module", "FuelMoney"]).status == 2)
        #expect(run(["swfit", fuelMoney, "--module", "FuelMoney"]).err.hasPrefix("scenelink generate: unknown kind 'swfit'; did you mean swift? Use swift or swift-tests."))
        #expect(run(["swift", fuelMoney]).err.hasPrefix("scenelink generate swift: --module NAME is required"))
        #expect(run(["swift", fuelMoney, "--module", "FuelMoney", "--access", "open"]).status == 2)
        #expect(run(["swift-tests", fuelMoney, "--module", "FuelMoney", "--access", "public"]).status == 2)
        #expect(run(["swift", fuelMoney, "--module", "FuelMoney", "--colour"]).status == 2)
    }

    @Test func theRouteFileIsRoutesOrThePositionalAndAMisspeltFlagGetsTheNearest() {
        let byFlag = run(["swift", "--routes", fuelMoney, "--module", "FuelMoney"])
        #expect(byFlag.status == 0 && byFlag.out == run(["swift", fuelMoney, "--module", "FuelMoney"]).out)
        #expect(run(["swift", fuelMoney, "--routes", fuelMoney, "--module", "FuelMoney"]).err
            .hasPrefix("scenelink generate swift: Name the route file once, as ROUTEFILE or as --routes FILE, not both."))
        #expect(run(["swift", fuelMoney, "--modul", "FuelMoney"]).err.hasPrefix("scenelink generate swift: Unknown flag --modul; did you mean --module?"))
        let fromEnvironment = GenerateCommand(program: "scenelink generate", defaultRouteFile: fuelMoney, out: { _ in }, err: { _ in })
        #expect(fromEnvironment.run(["swift", "--module", "FuelMoney"]) == 0)
    }

    @Test func aMissingFileExitsOne() {
        let result = run(["swift", "/nonexistent/routes.json", "--module", "App"])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("scenelink generate swift: cannot read /nonexistent/routes.json"))
    }

    @Test func listsModulesAndSampleLinksForChecks() {
        let shop = GeneratorFiles.root.appendingPathComponent("Tests/SceneLinkSwiftGeneratorTests/Fixtures/shop.json").path
        #expect(run(["modules", shop]).out == "ShopKit\nShopApp")
        let links = run(["sample-links", fuelMoney]).out.split(separator: "\n")
        #expect(links.contains("fuelmoney://settings/account"))
        #expect(links.count == 7)
    }
}
