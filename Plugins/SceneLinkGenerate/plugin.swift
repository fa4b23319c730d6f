import Foundation
import PackagePlugin

/// Generates the app's navigation types from the route file a target lists, at build time.
///
/// Add a route file named `scenelink-routes.json` (or `*.scenelink.json`) to the target's
/// sources and the plugin to the target:
///
/// ```swift
/// .target(name: "FuelMoney", plugins: [.plugin(name: "SceneLinkGenerate", package: "SceneLink")])
/// ```
///
/// The module is the target's module name; the types are `public`, so other modules can name
/// them (the route file's cross-module fields need that).
@main struct SceneLinkGeneratePlugin: BuildToolPlugin {
    enum PluginError: Error, CustomStringConvertible {
        case notSwift(String)
        case noRouteFile(String)
        case severalRouteFiles(String, [String])

        var description: String {
            switch self {
            case .notSwift(let target):
                return "SceneLinkGenerate: \(target) is not a Swift target; add the plugin to the Swift target that holds the app's navigation types."
            case .noRouteFile(let target):
                return "SceneLinkGenerate: \(target) lists no route file; add scenelink-routes.json (or NAME.scenelink.json) to its sources."
            case .severalRouteFiles(let target, let files):
                return "SceneLinkGenerate: \(target) lists \(files.count) route files (\(files.joined(separator: ", "))); keep one."
            }
        }
    }

    static func isRouteFile(_ name: String) -> Bool {
        name == "scenelink-routes.json" || name.hasSuffix(".scenelink.json")
    }

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let swiftTarget = target as? SwiftSourceModuleTarget else { throw PluginError.notSwift(target.name) }
        let routeFiles = swiftTarget.sourceFiles.map(\.url).filter { Self.isRouteFile($0.lastPathComponent) }
        guard let routeFile = routeFiles.first else { throw PluginError.noRouteFile(target.name) }
        guard routeFiles.count == 1 else {
            throw PluginError.severalRouteFiles(target.name, routeFiles.map(\.lastPathComponent))
        }
        let output = context.pluginWorkDirectoryURL
            .appending(component: "GeneratedSources")
            .appending(component: "SceneLinkTypes.swift")
        return [
            .buildCommand(
                displayName: "Generating SceneLink types for \(swiftTarget.moduleName) from \(routeFile.lastPathComponent)",
                executable: try context.tool(named: "scenelink-generate").url,
                arguments: ["swift", routeFile.path(percentEncoded: false), "--module", swiftTarget.moduleName,
                            "--access", "public", "--output", output.path(percentEncoded: false)],
                inputFiles: [routeFile],
                outputFiles: [output])
        ]
    }
}
