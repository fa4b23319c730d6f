extension RouteTable {
    /// The types the route file declares (built-ins left out), sorted by name.
    ///
    /// Code generators read these with `routeDeclarations`: both describe the loaded,
    /// validated table, so every type name they mention is declared or built in.
    public var declaredTypes: [RouteType] {
        types.byName.values
            .filter { type in !RouteType.builtIns.contains { $0.name == type.name } }
            .sorted { $0.name < $1.name }
    }

    /// A built-in type (`Int`, `String`, `Bool`, `Double`, `UUID`) by its route-file name.
    public static func builtInType(named name: String) -> RouteType? {
        RouteType.builtIns.first { $0.name == name }
    }

    /// Every route in file order (parents before children), as plain values, each with the
    /// patterns of its aliases.
    public var routeDeclarations: [RouteDeclaration] {
        let aliases = aliasPatterns
        return routes.indices.filter { routes[$0].aliasOf == nil }.map { index in
            let route = routes[index]
            return RouteDeclaration(
                name: route.name,
                location: route.location,
                pattern: route.pattern,
                segments: route.segments.map { segment in
                    switch segment {
                    case .literal(let text): return .literal(text)
                    case .parameter(let index): return .parameter(index)
                    case .rest(let index): return .rest(index)
                    }
                },
                parameters: route.parameters.map { RouteDeclaration.Parameter(name: $0.name, typeName: $0.typeName) },
                query: route.query.map {
                    RouteDeclaration.QueryItem(name: $0.name, parameter: $0.parameter, defaultValue: $0.defaultValue)
                },
                stack: route.stack.map(Self.declaration),
                selection: route.selection.map(Self.declaration),
                aliases: aliases[index] ?? [])
        }
    }

    private static func declaration(_ element: ElementTemplate) -> RouteDeclaration.Element {
        RouteDeclaration.Element(typeName: element.typeName, tag: element.tag, value: template(element.value))
    }

    private static func template(_ value: ValueTemplate) -> RouteDeclaration.Template {
        switch value {
        case .constant(let item): return .constant(item)
        case .parameter(let index): return .parameter(index)
        case .object(let members): return .object(members.map { (key: $0.key, value: template($0.value)) })
        }
    }
}
