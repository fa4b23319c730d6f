import Foundation
import SceneLinkCore
import SceneLinkOperations

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

    /// The routes a command reads: a route file as `routeFile` finds it, or the bundled example
    /// `--example NAME` names (not both; a flag wins over SCENELINK_ROUTES), else the one
    /// `SCENELINK_EXAMPLE` names when no file is; `example` is nil unless asked for.
    /// - Throws: a sentence for an unknown example (listing the examples) or a file named as well.
    func routeSource(_ arguments: CommandArguments, positionals: ArraySlice<String>) throws(ConfigurationError) -> (path: String?, example: String?) {
        guard let name = arguments["example"] else {
            let path = try routeFile(arguments, positionals: positionals)
            guard path == nil, let variable = environment["SCENELINK_EXAMPLE"], !variable.isEmpty else { return (path, nil) }
            do {
                return (nil, try RouteTableLoader.exampleName(variable))
            } catch {
                throw ConfigurationError("SCENELINK_EXAMPLE: \(error.message)")
            }
        }
        guard arguments["routes"] == nil, positionals.isEmpty else {
            throw ConfigurationError("Name a route file or --example NAME, not both.")
        }
        return (nil, try RouteTableLoader.exampleName(name))
    }

    /// Loads what `routeSource` chose: the file, else the example, else the default example.
    func loadRoutes(_ source: (path: String?, example: String?)) throws(RouteTableLoader.LoadError) -> RouteTable {
        try RouteTableLoader.load(path: source.path, example: source.example ?? BuiltInRoutes.defaultExample)
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
            let source = try routeSource(parsed, positionals: parsed.positionals.dropFirst())
            if let value = parsed["format"] {
                guard let chosen = ResolveFormat.named(value) else {
                    throw ConfigurationError("--format takes document, navigationPath, array or elements, not '\(value)'.")
                }
                format = chosen
            }
            do {
                table = try loadRoutes(source)
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
        let source: (path: String?, example: String?)
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "check")
            source = try routeSource(parsed, positionals: parsed.positionals[...])
            guard source.path != nil || source.example != nil else {
                throw ConfigurationError("Name the route file to check, as ROUTEFILE or --routes FILE (or a bundled one: --example NAME).")
            }
        } catch {
            return usageError("check", error)
        }
        do {
            let table = try loadRoutes(source)
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
        let source: (path: String?, example: String?)
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "routes")
            source = try routeSource(parsed, positionals: parsed.positionals[...])
        } catch {
            return usageError("routes", error)
        }
        do {
            out(try loadRoutes(source).routesTable)
            return 0
        } catch {
            err("scenelink routes: \(error.description)")
            return 1
        }
    }
}
