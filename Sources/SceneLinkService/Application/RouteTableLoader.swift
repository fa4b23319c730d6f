import Foundation
import SceneLinkCore

/// Loads the route table the service and the command line use: a route file, or the
/// built-in FuelMoney example app when no file is named.
public enum RouteTableLoader {
    /// Why a route table could not be loaded: an unreadable file, or a file with problems.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// - Parameter path: the route file, or nil for the built-in example app.
    /// - Throws: `LoadError` whose description names the file and lists every problem.
    public static func load(path: String?) throws(LoadError) -> RouteTable {
        guard let path else {
            do {
                return try BuiltInRoutes.fuelMoneyTable()
            } catch {
                throw LoadError(description: "The built-in example app does not load: \(error)")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable" : "there is no such file"
            throw LoadError(description: "Cannot read the route file \(path): \(reason).")
        }
        do {
            return try RouteTable(routeFile: Array(data))
        } catch {
            throw LoadError(description: "\(path): \(error)")
        }
    }
}
