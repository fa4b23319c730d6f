import SceneLinkText

/// Route aliases: `"aliases": ["/settings/account", "/profile/{id:Int}"]` on a route keeps the
/// links of an old pattern resolving to the route's stack after the app renamed or moved the
/// screen.
///
/// - An alias is a full path from the root (it starts with `/`), segments only.
/// - Its parameters name the route's parameters (`{id}`, or `{id:Int}` with the route's type);
///   every parameter the route takes from its path must be in it (a path parameter has no
///   default). A query parameter written in the alias's path is read from there; the route's
///   other query items apply to the alias as they are.
/// - A link through an alias resolves to the route: its name, stack, preview and fallbacks, and
///   canonical links printed with the route's own pattern.
/// - An alias that reaches the same links as a route or another alias is refused, located at
///   the alias, as two routes are.
extension RouteFileLoader {
    /// Reads a route's `"aliases"`: an array of paths, each checked for its shape here and
    /// against the route's parameters when the route compiles.
    mutating func readAliases(_ value: JSONValue, at location: String, draft: inout RouteDraft) {
        guard let items = value.arrayValue else {
            problem(location, "\"aliases\" must be an array of old paths, like [\"/settings/account\"]; found \(value.kindDescription).")
            return
        }
        for (index, item) in items.enumerated() {
            let itemLocation = "\(location)[\(index)]"
            guard let path = item.stringValue else {
                problem(itemLocation, "An alias is a path string like \"/settings/account\"; found \(item.kindDescription).")
                continue
            }
            guard path.utf8.first == UInt8(ascii: "/") else {
                problem(itemLocation, "The alias \"\(path)\" must be a full path from the root, starting with '/', like \"/settings/account\".")
                continue
            }
            if path.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                problem(itemLocation, "The alias \"\(path)\" holds a path only; the route's query items apply to its aliases, so leave out '?' and '#'.")
                continue
            }
            if draft.aliases.contains(where: { $0.path == path }) {
                problem(itemLocation, "The alias \"\(path)\" is listed twice; keep one.")
                continue
            }
            draft.aliases.append((path: path, location: itemLocation))
        }
    }

    /// Compiles each alias of a route that has just compiled (at `index` in `routes`) into a
    /// pending alias route, reporting parameters that do not fit the route's.
    mutating func compileAliases(of draft: RouteDraft, route: Route, index: Int) {
        for alias in draft.aliases {
            let parts = alias.path.split(separator: "/")
            var segments: [PatternSegment] = []
            var keys: [RouteTrie.Key] = []
            var pattern = ""
            var named = Set<Int>()
            var valid = true
            func refuse(_ message: String) {
                valid = false
                problems.append(RouteFileProblem(location: alias.location, message: message))
            }
            for (position, part) in parts.enumerated() {
                if let syntax = Self.parameterSyntax(part) {
                    guard let local = route.parameters.firstIndex(where: { $0.name == syntax.name }) else {
                        let known = route.parameters.map { "{\($0.name)}" }.joined(separator: ", ")
                        refuse("The alias \"\(alias.path)\" names {\(syntax.name)}, which route \(route.name) does not have; its parameters are \(known.isEmpty ? "none" : known).")
                        continue
                    }
                    let parameter = route.parameters[local]
                    guard named.insert(local).inserted else {
                        refuse("The alias \"\(alias.path)\" names {\(syntax.name)} twice; a parameter fills one segment.")
                        continue
                    }
                    if let type = syntax.type, type != parameter.typeName {
                        refuse("The alias \"\(alias.path)\" states {\(syntax.name):\(type)}, but route \(route.name) has {\(syntax.name)} as \(parameter.typeName); write {\(syntax.name)} or {\(syntax.name):\(parameter.typeName)}.")
                        continue
                    }
                    if syntax.isRest {
                        guard position == parts.count - 1 else {
                            refuse("{\(syntax.name)...} takes the rest of the link, so it must be the alias's last segment.")
                            continue
                        }
                        guard parameter.kind == .string else {
                            refuse("{\(syntax.name)...} is always a String, but route \(route.name) has {\(syntax.name)} as \(parameter.typeName); write {\(syntax.name)}.")
                            continue
                        }
                        segments.append(.rest(local))
                        keys.append(.rest)
                        pattern += "/{\(parameter.name)...}"
                    } else {
                        segments.append(.parameter(local))
                        keys.append(.parameter(typeName: parameter.typeName, kind: parameter.kind))
                        pattern += "/{\(parameter.name):\(parameter.typeName)}"
                    }
                } else if part.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
                    refuse("The alias segment \"\(part)\" mixes text and a parameter; a segment is either literal text or one {parameter}.")
                } else if let decoded = PercentDecoding.decode(part) {
                    segments.append(.literal(decoded))
                    keys.append(.literal(decoded))
                    pattern += "/" + LinkPrinter.encodeSegment(decoded)
                } else {
                    refuse("The alias segment \"\(part)\" has a malformed percent-escape; write '%' as %25.")
                }
            }
            for segment in route.segments {
                let local: Int
                switch segment {
                case .parameter(let index), .rest(let index): local = index
                case .literal: continue
                }
                guard !named.contains(local) else { continue }
                let name = route.parameters[local].name
                refuse("The alias \"\(alias.path)\" lacks {\(name)}, which route \(route.name) takes from its path and which has no default; add {\(name)} to the alias.")
            }
            guard valid else { continue }
            if pattern.isEmpty { pattern = "/" }
            let query = route.query.filter { !named.contains($0.parameter) }
            for (offset, item) in query.enumerated() {
                pattern += (offset == 0 ? "?" : "&") + item.name + "={\(route.parameters[item.parameter].name)}"
            }
            let aliasRoute = Route(name: route.name, pattern: pattern, location: alias.location, segments: segments,
                                   parameters: route.parameters, query: query, stack: route.stack, selection: route.selection,
                                   presentation: route.presentation, aliasOf: index)
            pendingAliases.append((route: aliasRoute, keys: keys))
        }
    }

    /// Puts every compiled alias in the trie after all routes, reporting an alias that reaches
    /// the same links as a route or another alias with equal rank.
    mutating func insertAliases() {
        let pending = pendingAliases
        pendingAliases = []
        for (alias, keys) in pending {
            let node = trie.insert(keys)
            let required = Set(alias.query.filter { $0.defaultValue == nil }.map(\.name))
            let rival = trie.nodes[node].terminals.first { other in
                Set(routes[other].query.filter { $0.defaultValue == nil }.map(\.name)) == required
            }
            if let rival {
                problem(alias.location, "\(Self.describe(alias, startingSentence: true)) reaches the same links as \(Self.describe(routes[rival])) (a link like \(trie.shape(node))); remove the alias or change one of them.")
                continue
            }
            routes.append(alias)
            var terminals = trie.nodes[node].terminals + [routes.count - 1]
            terminals.sort { routes[$0].requiredQueryCount > routes[$1].requiredQueryCount }
            trie.setTerminals(terminals, at: node)
        }
    }
}
