import Foundation
@testable import SceneLinkCore

/// Loads the route files under examples/ for tests.
enum ExampleFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    static let names = ["fuelmoney", "drilldown", "lists", "recipes", "kitchen-sink"]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name + ".json")))
    }

    static func table(_ name: String) throws -> RouteTable {
        try RouteTable(routeFile: bytes(name))
    }

    /// The resolve document of `link` as text.
    static func document(_ table: RouteTable, _ link: String) throws -> String {
        String(decoding: try table.resolve(link, format: .document), as: UTF8.self)
    }

    /// The problems of a route file given as text; empty when it loads.
    static func problems(_ text: String) -> [RouteFileProblem] {
        do {
            _ = try RouteTable(routeFile: Array(text.utf8))
            return []
        } catch {
            return error.problems
        }
    }

    static func navigationPath(_ table: RouteTable, _ link: String) throws -> String {
        String(decoding: try table.navigationPath(for: link), as: UTF8.self)
    }
}
