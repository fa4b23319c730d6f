import Foundation
import SceneLinkCore

extension CommandLineTool {
    /// Reads `--routes FILE` (or `SCENELINK_ROUTES`) out of `arguments`, returning the rest.
    func takeRoutesOption(_ arguments: [String]) throws(ConfigurationError) -> (path: String?, rest: [String]) {
        var path = environment["SCENELINK_ROUTES"]
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--routes" {
                index += 1
                guard index < arguments.count else { throw ConfigurationError("--routes needs a value (FILE).") }
                path = arguments[index]
            } else if argument.hasPrefix("--routes=") {
                path = String(argument.dropFirst("--routes=".count))
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return (path, rest)
    }

    /// `scenelink resolve LINK [--routes FILE] [--format F]`: prints the resolved stack.
    func resolve(_ arguments: [String]) -> Int32 {
        let usage = "usage: scenelink resolve LINK [--routes FILE] [--format document|navigationPath|array|elements]"
        do {
            let (routesPath, parsed) = try takeRoutesOption(arguments)
            var rest = parsed
            var format = ResolveFormat.document
            if let index = rest.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
                let value: String
                if rest[index] == "--format" {
                    guard index + 1 < rest.count else { throw ConfigurationError("--format needs a value. \(usage)") }
                    value = rest[index + 1]
                    rest.removeSubrange(index...(index + 1))
                } else {
                    value = String(rest[index].dropFirst("--format=".count))
                    rest.remove(at: index)
                }
                guard let chosen = ResolveFormat.named(value) else {
                    throw ConfigurationError("--format takes document, navigationPath, array or elements, not '\(value)'.")
                }
                format = chosen
            }
            if let flag = rest.first(where: { $0.hasPrefix("--") }) {
                throw ConfigurationError("Unknown flag \(flag). \(usage)")
            }
            guard rest.count == 1, let link = rest.first else { throw ConfigurationError(usage) }
            let table = try RouteTableLoader.load(path: routesPath)
            do {
                let bytes = try table.resolve(link, format: format)
                out(String(decoding: bytes, as: UTF8.self))
                return 0
            } catch {
                err("scenelink resolve: \(error.description)")
                return 1
            }
        } catch let error as ConfigurationError {
            err("scenelink resolve: \(error.message)")
            return 2
        } catch {
            err("scenelink resolve: \(error)")
            return 1
        }
    }

    /// `scenelink check FILE`: every problem with its location and exit 1, or "ok: N routes"
    /// (with warnings on standard error when an association file nears or passes 128 KB).
    func check(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("--") else {
            err("usage: scenelink check FILE")
            return 2
        }
        do {
            let table = try RouteTableLoader.load(path: path)
            out("ok: \(table.routeCount) routes")
            for warning in table.associationFiles.warnings { err("warning: \(warning)") }
            return 0
        } catch {
            err(error.description)
            return 1
        }
    }

    /// `scenelink routes [--routes FILE]`: a readable table of the routes.
    func routes(_ arguments: [String]) -> Int32 {
        do {
            let (path, rest) = try takeRoutesOption(arguments)
            guard rest.isEmpty else { throw ConfigurationError("usage: scenelink routes [--routes FILE]") }
            let table = try RouteTableLoader.load(path: path)
            out(table.routesTable)
            return 0
        } catch let error as ConfigurationError {
            err("scenelink routes: \(error.message)")
            return 2
        } catch {
            err("scenelink routes: \(error)")
            return 1
        }
    }
}
