extension RouteTable {
    /// The outcome of matching: a route (nil for the implicit root) and its parameter values.
    struct Match {
        var route: Int?
        var values: [JSONValue?]
    }

    /// What the search learned on the way to a dead end, for the error message.
    private struct SearchNotes {
        var deepest = 0
        var deepestNode = 0
        var wrongType: (segment: Int, expected: [String])?
        var missingQuery: String?
    }

    /// Matches a link against the trie (see `RouteTrie` for precedence, `LinkParser` for
    /// normalisation).
    func match(_ link: String) throws(ResolveError) -> Match {
        let parsed = try LinkParser.parse(link, schemes: schemes, hosts: hosts)
        var queryItems: [(name: String, value: String)]?
        var notes = SearchNotes()
        if let found = search(node: 0, at: 0, parsed, &queryItems, &notes) { return found }
        if queryItems == nil, parsed.query != nil, LinkParser.Parsed(segments: [], query: parsed.query).queryItems() == nil {
            throw .invalidLink(link: link, reason: "its query has a malformed percent-escape; write '%' as %25")
        }
        if parsed.segments.isEmpty {
            // The root link: the empty stack, back to the root in one step.
            return Match(route: nil, values: [])
        }
        let path = parsed.normalisedPath
        if let wrong = notes.wrongType, wrong.segment >= notes.deepest || notes.missingQuery == nil {
            throw .wrongParameterType(path: path, segment: wrong.segment + 1, value: parsed.segments[wrong.segment],
                                      expected: wrong.expected)
        }
        throw .noRoute(path: path, closest: closestRoutes(to: notes.deepestNode, path: path), hint: notes.missingQuery)
    }

    private func search(node: Int, at index: Int, _ parsed: LinkParser.Parsed,
                        _ queryItems: inout [(name: String, value: String)]?, _ notes: inout SearchNotes) -> Match? {
        if index > notes.deepest || (index == notes.deepest && notes.deepestNode == 0) {
            notes.deepest = index
            notes.deepestNode = node
        }
        if index == parsed.segments.count {
            return terminal(trie.nodes[node].terminals, parsed, &queryItems, &notes)
        }
        let segment = parsed.segments[index]
        let literal = trie.nodes[node].literal(segment)
        if let literal, let found = search(node: literal, at: index + 1, parsed, &queryItems, &notes) {
            return found
        }
        var anyTyped = false
        for entry in trie.nodes[node].typed where entry.kind.matches(segment) {
            anyTyped = true
            if let found = search(node: entry.child, at: index + 1, parsed, &queryItems, &notes) { return found }
        }
        let string = trie.nodes[node].string
        if let string, let found = search(node: string, at: index + 1, parsed, &queryItems, &notes) {
            return found
        }
        let rest = trie.nodes[node].rest
        if let rest, let found = terminal(trie.nodes[rest].terminals, parsed, &queryItems, &notes) {
            return found
        }
        // Only a typed parameter could have taken this segment, and none did: say which types.
        if !anyTyped, !trie.nodes[node].typed.isEmpty, literal == nil, string == nil, rest == nil,
           notes.wrongType.map({ index >= $0.segment }) ?? true {
            let expected = trie.nodes[node].typed.map { types.named($0.typeName)?.phrase ?? $0.typeName }
            notes.wrongType = (segment: index, expected: expected)
        }
        return nil
    }

    /// The first route ending here whose query items the link satisfies.
    private func terminal(_ candidates: [Int], _ parsed: LinkParser.Parsed,
                          _ queryItems: inout [(name: String, value: String)]?, _ notes: inout SearchNotes) -> Match? {
        candidateLoop: for routeIndex in candidates {
            // Fields read one by one: copying the whole `Route` would retain every array in it.
            let segments = routes[routeIndex].segments
            let parameters = routes[routeIndex].parameters
            var values = [JSONValue?](repeating: nil, count: parameters.count)
            var position = 0
            for segment in segments {
                switch segment {
                case .literal: break
                case .parameter(let parameter):
                    values[parameter] = parameters[parameter].kind.item(fromSegment: parsed.segments[position])
                case .rest(let parameter):
                    values[parameter] = .string(parsed.segments[position...].joined(separator: "/"))
                }
                position += 1
            }
            if !routes[routeIndex].query.isEmpty {
                let route = routes[routeIndex]
                if queryItems == nil { queryItems = LinkParser.Parsed(segments: [], query: parsed.query).queryItems() ?? [] }
                for item in route.query {
                    if let text = queryItems?.first(where: { $0.name == item.name })?.value {
                        guard let value = route.parameters[item.parameter].kind.item(fromSegment: text) else {
                            let phrase = types.named(route.parameters[item.parameter].typeName)?.phrase ?? route.parameters[item.parameter].typeName
                            notes.missingQuery = "The query item \(item.name)=\(text) is not \(phrase), as route \(route.name) needs."
                            continue candidateLoop
                        }
                        values[item.parameter] = value
                    } else if let defaultValue = item.defaultValue {
                        values[item.parameter] = defaultValue
                    } else {
                        notes.missingQuery = "Route \(route.name) needs the query item \"\(item.name)\"."
                        continue candidateLoop
                    }
                }
            }
            return Match(route: routeIndex, values: values)
        }
        return nil
    }

    /// Up to three route patterns under the node where the search got furthest: the nearest
    /// to `path` first (edit distance between the path and the pattern without its query),
    /// then in file order, so the answer does not depend on dictionary order.
    private func closestRoutes(to node: Int, path: String) -> [String] {
        var found: [(route: Int, shape: String)] = []
        trie.terminalShapes(under: node, into: &found, limit: 64)
        if found.isEmpty { return routes.prefix(3).map(\.pattern) }
        let ranked = found.map { candidate -> (distance: Int, route: Int) in
            let pattern = routes[candidate.route].pattern
            let pathPart = pattern.utf8.prefix { $0 != UInt8(ascii: "?") }
            return (EditDistance.between(path.utf8, pathPart), candidate.route)
        }
        return ranked.sorted { ($0.distance, $0.route) < ($1.distance, $1.route) }.prefix(3).map { routes[$0.route].pattern }
    }

    /// Resolves a link to its route, parameters, stack, selection and canonical links.
    ///
    /// ```swift
    /// let resolved = try table.resolve("fuelmoney://settings/account")
    /// resolved.route      // "settings.account"
    /// resolved.elements   // [HomePath 1, HomePath 2]
    /// ```
    /// - Throws: `ResolveError` (invalid link, unknown scheme or host, no route, wrong parameter type).
    public func resolve(_ link: String) throws(ResolveError) -> ResolvedLink {
        let found = try match(link)
        guard let routeIndex = found.route else {
            return rootResolution(of: link)
        }
        let route = routes[routeIndex]
        let parameters = zip(route.parameters, found.values).map { ResolvedParameter(name: $0.name, value: $1 ?? .null) }
        return ResolvedLink(link: link, route: route.name, parameters: parameters,
                            elements: route.stack.map { $0.element(found.values) },
                            selection: route.selection?.element(found.values),
                            canonical: links(route: route, values: found.values))
    }

    /// Resolves a link straight to its CodableRepresentation bytes: the fast path.
    ///
    /// - Returns: `["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]` for `fuelmoney://settings/account`.
    /// - Throws: `ResolveError`.
    public func navigationPath(for link: String) throws(ResolveError) -> [UInt8] {
        // The flat index answers most links exactly as below, touching less memory; it
        // leaves errors, percent-escapes and query items to the general path.
        if let index, let bytes = index.navigationPath(for: link) { return bytes }
        return try generalNavigationPath(for: link)
    }

    /// `navigationPath(for:)` without the flat index: the reference the index is tested against.
    func generalNavigationPath(for link: String) throws(ResolveError) -> [UInt8] {
        let found = try match(link)
        guard let routeIndex = found.route else { return [UInt8(ascii: "["), UInt8(ascii: "]")] }
        var out: [UInt8] = []
        out.reserveCapacity(128)
        NavigationPathEncoding.append(routes[routeIndex].stack, values: found.values, to: &out)
        return out
    }

    /// Resolves a link to the bytes of one format.
    /// - Throws: `ResolveError`; `.notSingleType` for `.array` on a mixed stack.
    public func resolve(_ link: String, format: ResolveFormat) throws(ResolveError) -> [UInt8] {
        switch format {
        case .navigationPath: return try navigationPath(for: link)
        case .array: return try NavigationPathEncoding.typedArray(resolve(link).elements)
        case .elements: return NavigationPathEncoding.elements(try resolve(link).elements)
        case .document: return try documentBytes(for: link)
        }
    }

    /// A root link's resolution: the empty stack, back to the root in one step.
    func rootResolution(of link: String) -> ResolvedLink {
        ResolvedLink(link: link, route: nil, parameters: [], elements: [], selection: nil, canonical: rootLinks())
    }

    func rootLinks() -> CanonicalLinks {
        CanonicalLinks(route: nil, scheme: schemes.first.map { $0 + "://" }, https: hosts.first.map { "https://\($0)/" })
    }

    func links(route: Route, values: [JSONValue?]) -> CanonicalLinks {
        let path = LinkPrinter.pathAndQuery(route, values: values)
        return CanonicalLinks(route: route.name,
                              scheme: path.flatMap { path in schemes.first.map { "\($0)://" + path } },
                              https: path.flatMap { path in hosts.first.map { "https://\($0)/" + path } })
    }
}
