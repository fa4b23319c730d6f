import Foundation
import PackagePlugin

/// Generates the app's navigation types from the route file a target lists, at build time.
///
/// Add a route file named `scenelink-routes.json` (or `*.scenelink.json`) to the target's
/// sources and the plugin to the target:
///
/// ```swift
/// .target(name: "FuelMoney", plugins: [.plugin(name: "SceneLinkGenerate", package: "scenelink")])
/// ```
///
/// (`package:` is the dependency's identity: for `.package(path: "../scenelink")`, its folder's name.)
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
        return try Self.commands(files: swiftTarget.sourceFiles.map(\.url), targetName: target.name,
                                 moduleName: swiftTarget.moduleName, workDirectory: context.pluginWorkDirectoryURL,
                                 tool: try context.tool(named: "scenelink-generate").url)
    }

    /// One command: `scenelink-generate swift ROUTEFILE --module NAME --access public --output FILE`.
    static func commands(files: [URL], targetName: String, moduleName: String, workDirectory: URL, tool: URL) throws -> [Command] {
        let routeFiles = files.filter { isRouteFile($0.lastPathComponent) }
        guard let routeFile = routeFiles.first else { throw PluginError.noRouteFile(targetName) }
        guard routeFiles.count == 1 else {
            throw PluginError.severalRouteFiles(targetName, routeFiles.map(\.lastPathComponent))
        }
        let output = workDirectory.appending(component: "GeneratedSources").appending(component: "SceneLinkTypes.swift")
        return [
            .buildCommand(
                displayName: "Generating SceneLink types for \(moduleName) from \(routeFile.lastPathComponent)",
                executable: tool,
                arguments: ["swift", routeFile.path(percentEncoded: false), "--module", moduleName,
                            "--access", "public", "--output", output.path(percentEncoded: false)],
                inputFiles: [routeFile],
                outputFiles: [output])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SceneLinkGeneratePlugin: XcodeBuildToolPlugin {
    /// An Xcode app target: its module is its name with characters Swift does not allow as `_`,
    /// as Xcode's PRODUCT_MODULE_NAME default does.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let moduleName = String(target.displayName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return try Self.commands(files: target.inputFiles.map(\.url), targetName: target.displayName, moduleName: moduleName,
                                 workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "scenelink-generate").url)
    }
}
#endif
