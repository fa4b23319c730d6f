extension RouteTable {
    /// One link of every route (aliases left out), in file order, each parameter filled with a
    /// value of its type (`1`, `1.5`, `true`, a fixed UUID, `sample`, an enum's smallest raw value)
    /// and each optional query item left to its default: what `scenelink links check` replays
    /// for the routes of today's file.
    ///
    /// ```swift
    /// table.sampleLinks.first   // (route: "recipe", link: "https://recipes.example.com/recipes/1")
    /// ```
    public var sampleLinks: [(route: String, link: String)] {
        var out: [(route: String, link: String)] = []
        out.reserveCapacity(routeCount)
        for (index, route) in routes.enumerated() where route.aliasOf == nil && routeIndexByName[route.name] == index {
            var texts: [String: String] = [:]
            for (offset, parameter) in route.parameters.enumerated()
            where !route.query.contains(where: { $0.parameter == offset && $0.defaultValue != nil }) {
                texts[parameter.name] = Self.sampleText(parameter.kind)
            }
            if let link = link(route: route.name, texts: texts) { out.append((route: route.name, link: link)) }
        }
        return out
    }

    /// A value of `kind` as a link writes it.
    private static func sampleText(_ kind: ParameterKind) -> String {
        switch kind {
        case .int: "1"
        case .double: "1.5"
        case .bool: "true"
        case .uuid: "00000000-0000-4000-8000-000000000001"
        case .string: "sample"
        case .intEnum(let raws): raws.min().map(String.init) ?? "0"
        case .stringEnum(let raws): raws.min() ?? "sample"
        }
    }
}
