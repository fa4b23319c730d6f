import Foundation
import SceneLinkCore

extension CommandLineTool {
    /// The route file a command reads, the same way for every command: `--routes FILE` or the
    /// positional ROUTEFILE (not both), else `SCENELINK_ROUTES`, else nil (the built-in app).
    ///
    /// - Parameter positionals: the positional arguments left where ROUTEFILE may stand
    ///   (after the link of `resolve`, the platform of `association`).
    /// - Throws: a sentence when the file is named twice or a stray argument follows.
    func routeFile(_ arguments: CommandArguments, positionals: ArraySlice<String>) throws(ConfigurationError) -> String? {
        if positionals.count > 1 {
            throw ConfigurationError("Unexpected argument '\(positionals[positionals.startIndex + 1])'; name one route file.")
        }
        if let positional = positionals.first {
            guard arguments["routes"] == nil else {
                throw ConfigurationError("Name the route file once, as ROUTEFILE or as --routes FILE, not both.")
            }
            return try ValueParser.nonEmpty(positional, flag: "routes")
        }
        if let flag = arguments["routes"] { return try ValueParser.nonEmpty(flag, flag: "routes") }
        return environment["SCENELINK_ROUTES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads the arguments of `command` by its help's flags.
    func parse(_ arguments: [String], as command: String) throws(ConfigurationError) -> CommandArguments {
        try CommandArguments(parsing: arguments, flags: CommandLineTool.help(for: command)?.flags ?? [], command: command)
    }

    /// `scenelink resolve LINK [ROUTEFILE] [--format F]`: prints the resolved stack.
    func resolve(_ arguments: [String]) -> Int32 {
        let table: RouteTable
        let link: String
        var format = ResolveFormat.document
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "resolve")
            guard let first = parsed.positionals.first else { throw ConfigurationError("Name the link to resolve.") }
            link = first
            let path = try routeFile(parsed, positionals: parsed.positionals.dropFirst())
            if let value = parsed["format"] {
                guard let chosen = ResolveFormat.named(value) else {
                    throw ConfigurationError("--format takes document, navigationPath, array or elements, not '\(value)'.")
                }
                format = chosen
            }
            do {
                table = try RouteTableLoader.load(path: path)
            } catch {
                err("scenelink resolve: \(error.description)")
                return 1
            }
        } catch {
            return usageError("resolve", error)
        }
        do {
            let bytes = try table.resolve(link, format: format)
            out(String(decoding: bytes, as: UTF8.self))
            return 0
        } catch {
            err("scenelink resolve: \(error.description)")
            return 1
        }
    }

    /// `scenelink check ROUTEFILE`: every problem with its location and exit 1, or "ok: N routes"
    /// (with warnings on standard error when an association file nears or passes 128 KB).
    func check(_ arguments: [String]) -> Int32 {
        let path: String
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "check")
            guard let named = try routeFile(parsed, positionals: parsed.positionals[...]) else {
                throw ConfigurationError("Name the route file to check, as ROUTEFILE or --routes FILE.")
            }
            path = named
        } catch {
            return usageError("check", error)
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

    /// `scenelink routes [ROUTEFILE]`: a readable table of the routes.
    func routes(_ arguments: [String]) -> Int32 {
        let path: String?
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "routes")
            path = try routeFile(parsed, positionals: parsed.positionals[...])
        } catch {
            return usageError("routes", error)
        }
        do {
            out(try RouteTableLoader.load(path: path).routesTable)
            return 0
        } catch {
            err("scenelink routes: \(error.description)")
            return 1
        }
    }
}
