import Foundation
import SceneLinkCore
import SceneLinkOperations

/// Loads the route table the service and the command line use: a route file, or a bundled
/// example app (`--example NAME`; FuelMoney when nothing is named).
public enum RouteTableLoader {
    /// Why a route table could not be loaded: an unreadable file, or a file with problems.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// - Parameters:
    ///   - path: the route file, or nil for the example `example`.
    ///   - example: the bundled example to load when `path` is nil (`BuiltInRoutes.exampleNames`).
    ///   - shortLinkPath: where short links live on the app's hosts (`--short-link-prefix`).
    /// - Throws: `LoadError` whose description names the file and lists every problem.
    public static func load(path: String?, example: String = BuiltInRoutes.defaultExample,
                            shortLinkPath: ShortLinkPath = .standard) throws(LoadError) -> RouteTable {
        guard let path else {
            guard let text = BuiltInRoutes.example(named: example) else {
                throw LoadError(description: unknownExample(example).message)
            }
            do {
                return try RouteTable(routeFile: Array(text.utf8), shortLinkPath: shortLinkPath)
            } catch {
                throw LoadError(description: "The built-in example \(example) does not load: \(error)")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable" : "there is no such file"
            throw LoadError(description: "Cannot read the route file \(path): \(reason).")
        }
        do {
            return try RouteTable(routeFile: Array(data), shortLinkPath: shortLinkPath)
        } catch {
            throw LoadError(description: "\(path): \(error)")
        }
    }

    /// `name` when a bundled example has it.
    /// - Throws: a sentence listing the examples there are, with the nearest first.
    static func exampleName(_ name: String) throws(ConfigurationError) -> String {
        guard BuiltInRoutes.example(named: name) == nil else { return name }
        throw unknownExample(name)
    }

    private static func unknownExample(_ name: String) -> ConfigurationError {
        let known = BuiltInRoutes.exampleNames.joined(separator: ", ")
        if let near = NearestName.closest(to: name, in: BuiltInRoutes.exampleNames) {
            return ConfigurationError("There is no example '\(name)'; did you mean '\(near)'? The examples are \(known).")
        }
        return ConfigurationError("There is no example '\(name)'; the examples are \(known).")
    }
}
