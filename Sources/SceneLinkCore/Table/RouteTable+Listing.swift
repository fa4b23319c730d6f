extension RouteTable {
    /// Every route in file order (parents before children), each with its aliases.
    public var summaries: [RouteSummary] {
        let aliases = aliasPatterns
        return routes.indices.filter { routes[$0].aliasOf == nil }.map { index in
            let route = routes[index]
            let names = route.parameters.map(\.name)
            func describe(_ template: ElementTemplate) -> StackElement {
                StackElement(type: template.typeName, tag: template.tag, value: template.value.describe(parameterNames: names))
            }
            return RouteSummary(name: route.name, pattern: route.pattern, stack: route.stack.map(describe),
                                selection: route.selection.map(describe), aliases: aliases[index] ?? [])
        }
    }

    /// The name and literal path (`/settings/account`, not percent-encoded) of every route
    /// without parameters, in file order (aliases left out): what the link pages need at start-up,
    /// without building a whole `RouteDeclaration` per route.
    public var parameterlessRoutePaths: [(name: String, path: String)] {
        var out: [(name: String, path: String)] = []
        for route in routes where route.aliasOf == nil && route.parameters.isEmpty {
            var path = ""
            for segment in route.segments {
                if case .literal(let text) = segment { path += "/" + text }
            }
            out.append((name: route.name, path: path.isEmpty ? "/" : path))
        }
        return out
    }

    /// `{"app":...,"schemes":[...],"hosts":[...],"routes":[{"name","pattern","stack","selection"}]}`.
    public var routesDocument: [UInt8] {
        let routes = summaries.map { summary in
            var members: [(key: String, value: JSONValue)] = [("name", .string(summary.name)), ("pattern", .string(summary.pattern)),
                                                  ("stack", .array(summary.stack.map(\.json))), ("selection", summary.selection?.json ?? .null)]
            // Only a route with aliases has the member, so a file without any answers as before.
            if !summary.aliases.isEmpty { members.append(("aliases", .array(summary.aliases.map(JSONValue.string)))) }
            return JSONValue.object(members)
        }
        return JSONWriter.encode(.object([("app", .string(appName)), ("schemes", .array(schemes.map(JSONValue.string))),
                                          ("hosts", .array(hosts.map(JSONValue.string))), ("routes", .array(routes))]),
                                 escapingSlashes: false, sortingKeys: false)
    }

    /// A readable table of the routes for a terminal:
    ///
    /// ```
    /// ROUTE             PATTERN             STACK
    /// settings          /settings           HomePath 1
    /// settings.account  /settings/account   HomePath 1, HomePath 2
    /// ```
    public var routesTable: String {
        let rows = summaries.map { summary -> [String] in
            var stack = summary.stack.map { "\($0.type) \(JSONWriter.text($0.value, escapingSlashes: false))" }.joined(separator: ", ")
            if stack.isEmpty { stack = "(empty)" }
            if let selection = summary.selection {
                stack += "  [selection: \(selection.type) \(JSONWriter.text(selection.value, escapingSlashes: false))]"
            }
            let aliases = summary.aliases.isEmpty ? "" : "  [aliases: \(summary.aliases.joined(separator: ", "))]"
            return [summary.name, summary.pattern, stack + aliases]
        }
        let header = ["ROUTE", "PATTERN", "STACK"]
        let widths = (0..<2).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row[0].padding(widths[0]) + "  " + row[1].padding(widths[1]) + "  " + row[2]
        }
        var text = "\(appName): \(routeCount) route\(routeCount == 1 ? "" : "s"); links "
        text += (schemes.map { $0 + "://" } + hosts.map { "https://" + $0 + "/" }).joined(separator: ", ") + "\n"
        return text + ([header] + rows).map(line).joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
