import Foundation
import SceneLinkSwiftGenerator

/// Route files for generator tests: the examples and the fixtures beside this file.
enum GeneratorFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let exampleNames = ["fuelmoney", "drilldown", "lists", "recipes", "kitchen-sink"]

    static func example(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent("examples/\(name).json")))
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent("Tests/SceneLinkSwiftGeneratorTests/Fixtures/\(name).json")))
    }

    static func generator(example name: String) throws -> SwiftGenerator {
        try SwiftGenerator(routeFile: example(name), fileName: name + ".json")
    }

    static func generator(json: String, fileName: String = "test.json") throws(SwiftGenerationError) -> SwiftGenerator {
        try SwiftGenerator(routeFile: Array(json.utf8), fileName: fileName)
    }
}
