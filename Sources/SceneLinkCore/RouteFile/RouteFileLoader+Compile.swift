extension RouteFileLoader {
    /// Gives every parameter of the tree its type: the stated one (`{id:Int}`) or the type of
    /// the places it fills; reports conflicts and parameters that cannot be typed.
    mutating func settleParameterTypes() {
        for index in treeParameters.indices {
            let parameter = treeParameters[index]
            let name = parameter.name
            var typeName: String
            if let explicit = parameter.explicitType {
                guard let type = types.named(explicit) else {
                    problem(parameter.location, unknownTypeSentence(explicit, subject: "The parameter {\(name):\(explicit)} names an unknown type"))
                    continue
                }
                typeName = type.name
                for use in parameter.uses where use.type != typeName {
                    problem(use.location, "The parameter {\(name)} is stated as \(typeName) but this place holds \(use.type); make them agree.")
                }
            } else if let first = parameter.uses.first {
                typeName = first.type
                for use in parameter.uses.dropFirst() where use.type != typeName {
                    problem(use.location, "The parameter {\(name)} fills a \(typeName) at \(first.location) but a \(use.type) here; a parameter has one type.")
                }
            } else {
                if !parameter.namedByAFailedPlace {
                    problem(parameter.location, "The parameter {\(name)} is used nowhere, so its type is unknown; state it as {\(name):Type}, like {\(name):String}.")
                }
                continue
            }
            if parameter.isRest && typeName != "String" {
                problem(parameter.location, "{\(name)...} is always a String but it fills a \(typeName); use a String place or a {\(name)} segment.")
                continue
            }
            guard let kind = types.named(typeName)?.parameterKind else {
                problem(parameter.location, "The parameter {\(name)} would hold a whole \(typeName), which no link segment can; use parameters for its fields instead.")
                continue
            }
            treeParameters[index].resolvedType = typeName
            treeParameters[index].kind = kind
        }
    }

    /// Turns a draft into a `Route` and adds it to the trie, reporting equal-rank collisions.
    mutating func compile(_ draft: RouteDraft) {
        guard draft.valid else { return }
        var parameters: [RouteParameter] = []
        for tree in draft.visible {
            guard let typeName = treeParameters[tree].resolvedType, let kind = treeParameters[tree].kind else { return }
            parameters.append(RouteParameter(name: treeParameters[tree].name, typeName: typeName, kind: kind))
        }
        func local(_ tree: Int) -> Int { draft.visible.firstIndex(of: tree) ?? 0 }
        var segments: [PatternSegment] = []
        var keys: [RouteTrie.Key] = []
        var pattern = ""
        for segment in draft.segments {
            switch segment {
            case .literal(let text):
                segments.append(.literal(text))
                keys.append(.literal(text))
                pattern += "/" + LinkPrinter.encodeSegment(text)
            case .parameter(let tree):
                let index = local(tree)
                segments.append(.parameter(index))
                keys.append(.parameter(typeName: parameters[index].typeName, kind: parameters[index].kind))
                pattern += "/{\(parameters[index].name):\(parameters[index].typeName)}"
            case .rest(let tree):
                let index = local(tree)
                segments.append(.rest(index))
                keys.append(.rest)
                pattern += "/{\(parameters[index].name)...}"
            }
        }
        if pattern.isEmpty { pattern = "/" }
        var query: [QueryItem] = []
        for (offset, item) in draft.query.enumerated() {
            let index = local(item.parameter)
            var canonicalDefault: JSONValue?
            if let defaultValue = item.defaultValue {
                guard let canonical = defaultItem(defaultValue, parameter: parameters[index], at: item.location) else { return }
                canonicalDefault = canonical
            }
            query.append(QueryItem(name: item.name, parameter: index, defaultValue: canonicalDefault))
            pattern += (offset == 0 ? "?" : "&") + item.name + "={\(parameters[index].name)}"
        }
        var stack: [ElementTemplate] = []
        for element in draft.stack {
            guard let type = types.named(element.typeName) else { return }
            stack.append(ElementTemplate(typeName: type.name, tag: type.tag, value: element.value))
        }
        var selection: ElementTemplate?
        if let element = draft.selection, let type = types.named(element.typeName) {
            selection = ElementTemplate(typeName: type.name, tag: type.tag, value: element.value)
        }
        let route = Route(name: draft.name, pattern: pattern, location: draft.location, segments: segments,
                          parameters: parameters, query: query, stack: stack, selection: selection,
                          presentation: draft.presentation)
        let node = trie.insert(keys)
        let required = Set(query.filter { $0.defaultValue == nil }.map(\.name))
        for other in trie.nodes[node].terminals {
            let otherRequired = Set(routes[other].query.filter { $0.defaultValue == nil }.map(\.name))
            if otherRequired == required {
                problem(Self.join(draft.location, "path"), "The route \(route.name) overrides route \(routes[other].name): a link like \(trie.shape(node)) reaches both with equal rank; change one path, or give one parameter another type.")
                return
            }
        }
        routes.append(route)
        var terminals = trie.nodes[node].terminals + [routes.count - 1]
        // More required query items first: the most specific route is tried first.
        terminals.sort { routes[$0].requiredQueryCount > routes[$1].requiredQueryCount }
        trie.setTerminals(terminals, at: node)
        compileAliases(of: draft, route: route, index: routes.count - 1)
    }

    /// Where a route's path is in the file, for a problem with it: its `path`, or the alias.
    static func pathLocation(_ route: Route) -> String {
        route.aliasOf == nil ? join(route.location, "path") : route.location
    }

    /// A route as a problem names it: `route settings.account`, or `the alias "/account" of
    /// route settings.account`; `The route …` and `The alias …` to start a sentence.
    static func describe(_ route: Route, startingSentence: Bool = false) -> String {
        if route.aliasOf == nil { return (startingSentence ? "The route " : "route ") + route.name }
        return (startingSentence ? "The" : "the") + " alias \"\(route.pattern)\" of route \(route.name)"
    }

    private mutating func defaultItem(_ value: JSONValue, parameter: RouteParameter, at location: String) -> JSONValue? {
        if case .success(let item) = types.canonicalItem(value, as: parameter.typeName) { return item }
        // An enum default may also be written as a case name.
        if let name = value.stringValue, let type = types.named(parameter.typeName) {
            switch type.kind {
            case .intEnum(let cases):
                if let match = cases.first(where: { $0.name == name }) { return .number(String(match.raw)) }
            case .stringEnum(let cases):
                if let match = cases.first(where: { $0.name == name }) { return .string(match.raw) }
            default: break
            }
        }
        let phrase = types.named(parameter.typeName)?.phrase ?? parameter.typeName
        problem(location, "The default \(JSONWriter.text(value, escapingSlashes: false)) is not \(phrase), the type of {\(parameter.name)}; change the default.")
        return nil
    }

    /// Sibling typed parameters that can match the same segment (an `Int` and a `Double`, two
    /// enums sharing a raw value) are of equal rank; routes below both with the same shape
    /// would be reached by one link, so they are reported.
    mutating func findOverlappingSiblings() {
        for node in trie.nodes.indices where trie.nodes[node].typed.count > 1 {
            let typed = trie.nodes[node].typed
            for first in typed.indices {
                for second in typed.indices where second > first && typed[first].kind.overlaps(typed[second].kind) {
                    var firstShapes: [(route: Int, shape: String)] = []
                    var secondShapes: [(route: Int, shape: String)] = []
                    trie.terminalShapes(under: typed[first].child, into: &firstShapes)
                    trie.terminalShapes(under: typed[second].child, into: &secondShapes)
                    for b in secondShapes {
                        guard let a = firstShapes.first(where: { $0.shape == b.shape }) else { continue }
                        let later = max(a.route, b.route), earlier = min(a.route, b.route)
                        problem(Self.pathLocation(routes[later]), "\(Self.describe(routes[later], startingSentence: true)) overrides \(Self.describe(routes[earlier])): {\(typed[first].typeName)} and {\(typed[second].typeName)} both match some segments at \(trie.shape(node)), with equal rank; use literals or types that cannot overlap.")
                    }
                }
            }
        }
    }
}
