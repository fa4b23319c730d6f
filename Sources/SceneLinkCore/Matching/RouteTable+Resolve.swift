extension RouteTable {
    /// The outcome of matching: a route (nil for the implicit root) and its parameter values.
    struct Match {
        var route: Int?
        var values: [JSONValue?]
    }

    /// Matches a link and gives `body` the route found (see `ResolveIndex` for the search and
    /// precedence, `LinkScanner` for the grammar); `body` reads it in place and must not keep it.
    ///
    /// The link is scanned once. Its segments are byte ranges of the link itself when the path
    /// is ASCII without escapes (most links); a path with escapes is decoded first, the one
    /// named branch. A link that matches nothing is answered with what the search learned.
    func match<Answer>(_ link: String, _ body: (MatchedRoute) -> Answer) throws(ResolveError) -> Answer {
        var state = ResolveIndex.SearchState()
        switch index.match(link, routes: routes, state: &state, body) {
        case .success(let found?): return found
        case .failure(let failure): throw ResolveError(failure, link: link)
        case .success(nil): break
        }
        if state.malformedQuery {
            throw .invalidLink(link: link, reason: "its query has a malformed percent-escape; write '%' as %25")
        }
        let texts = state.segmentTexts
        if texts.isEmpty {
            // The root link: the empty stack, back to the root in one step.
            return index.matchRoot(body)
        }
        let path = "/" + texts.map(LinkPrinter.encodeSegment).joined(separator: "/")
        if let wrong = state.wrongType, wrong.segment >= state.deepest || state.queryMiss == nil {
            let expected = index.typedKinds(at: wrong.node).map { types.named($0)?.phrase ?? $0 }
            throw .wrongParameterType(path: path, segment: wrong.segment + 1, value: texts[wrong.segment], expected: expected)
        }
        throw .noRoute(path: path, closest: closestRoutes(to: state.deepestNode, path: path), hint: state.queryMiss.map(hint))
    }

    /// The route (nil for the implicit root) and its parameter values as JSON.
    func match(_ link: String) throws(ResolveError) -> Match {
        try match(link) { Match(route: $0.route, values: $0.values()) }
    }

    /// What a route with query items needed from the link, in one sentence.
    private func hint(_ miss: ResolveIndex.QueryMiss) -> String {
        switch miss {
        case .missing(let route, let item):
            return "Route \(routes[route].name) needs the query item \"\(item)\"."
        case .wrongType(let route, let item, let text, let parameter):
            let typeName = routes[route].parameters[parameter].typeName
            return "The query item \(item)=\(text) is not \(types.named(typeName)?.phrase ?? typeName), as route \(routes[route].name) needs."
        }
    }

    /// Up to three route patterns under the node where the search got furthest: the nearest
    /// to `path` first (edit distance between the path and the pattern without its query),
    /// then in file order, so the answer does not depend on dictionary order.
    private func closestRoutes(to node: Int, path: String) -> [String] {
        let found = index.routes(under: node, limit: 64)
        if found.isEmpty { return routes.prefix(3).map(\.pattern) }
        // An alias is ranked by its own path and named by its route's pattern (an old link's
        // nearest screen is where it is now).
        let ranked = found.map { route -> (distance: Int, route: Int) in
            let pathPart = routes[route].pattern.utf8.prefix { $0 != UInt8(ascii: "?") }
            return (EditDistance.between(path.utf8, pathPart), routes[route].aliasOf ?? route)
        }
        var patterns: [String] = []
        for entry in ranked.sorted(by: { ($0.distance, $0.route) < ($1.distance, $1.route) }) where patterns.count < 3 {
            let pattern = routes[entry.route].pattern
            if !patterns.contains(pattern) { patterns.append(pattern) }
        }
        return patterns
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
                            canonical: links(route: canonicalRoute(routeIndex), values: found.values))
    }

    /// The full name of the route a link resolves to, without building its resolution: for
    /// answers that are the same for every link of a route (the link page of a route without
    /// parameters).
    ///
    /// - Returns: `settings.account` for `https://fuelmoney.example.com/settings/account`; nil for
    ///   the root link of a file that declares no `/` route.
    /// - Throws: `ResolveError`, as `resolve(_:)` does.
    public func routeName(of link: String) throws(ResolveError) -> String? {
        try match(link) { $0.route }.map { routes[$0].name }
    }

    /// Resolves a link straight to its CodableRepresentation bytes.
    ///
    /// - Returns: `["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]` for `fuelmoney://settings/account`.
    /// - Throws: `ResolveError`.
    public func navigationPath(for link: String) throws(ResolveError) -> [UInt8] {
        try resolve(link, format: .navigationPath)
    }

    /// Resolves a link to the bytes of one format, written by the route's `ResolveTemplate`.
    ///
    /// The document is `{"link":…,"route":…,"parameters":{…},"elements":[…],"navigationPath":[…],
    /// "selection":…,"canonical":{"https":…,"scheme":…}}`.
    /// - Throws: `ResolveError`; `.notSingleType` for `.array` on a mixed stack.
    public func resolve(_ link: String, format: ResolveFormat) throws(ResolveError) -> [UInt8] {
        let answer = try match(link) { (bytes: ResolveTemplate($0).answer(format, link: link, routes: routes), route: $0.route) }
        guard let bytes = answer.bytes else { throw .notSingleType(types: stackTypeNames(answer.route)) }
        return bytes
    }

    /// The type names in a route's stack, each once, in push order (for `.notSingleType`).
    private func stackTypeNames(_ route: Int?) -> [String] {
        var names: [String] = []
        for element in route.map({ routes[$0].stack }) ?? [] where !names.contains(element.typeName) { names.append(element.typeName) }
        return names
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
