extension RouteTable {
    /// The link a person composes by picking route `name` and typing each parameter's value as
    /// it appears in a link (`42`, `account`, `a/b` for a rest parameter): the https link on the
    /// first host (the app-scheme link for a file without hosts), each value percent-encoded as
    /// `LinkPrinter` writes a segment or a query value. A query item left empty is left out
    /// (its default applies). The values are not checked here: resolving the link checks them,
    /// with the resolver's own sentences.
    ///
    /// Nil when no route has the name, a path parameter is empty, or the file has neither a
    /// host nor a scheme.
    ///
    /// ```swift
    /// table.link(route: "recipe", texts: ["id": "42"])   // "https://recipes.example.com/recipes/42"
    /// ```
    public func link(route name: String, texts: [String: String]) -> String? {
        guard let index = routeIndexByName[name] else { return nil }
        let route = routes[index]
        var path = ""
        for segment in route.segments {
            let piece: String
            switch segment {
            case .literal(let literal):
                piece = LinkPrinter.encodeSegment(literal)
            case .parameter(let parameter):
                guard let text = texts[route.parameters[parameter].name], !text.isEmpty else { return nil }
                piece = LinkPrinter.encodeSegment(text)
            case .rest(let parameter):
                guard let text = texts[route.parameters[parameter].name], let pieces = LinkPrinter.restSegments(text) else { return nil }
                piece = pieces.joined(separator: "/")
            }
            path += (path.isEmpty ? "" : "/") + piece
        }
        var query: [String] = []
        for item in route.query {
            guard let text = texts[route.parameters[item.parameter].name], !text.isEmpty else { continue }
            query.append(LinkPrinter.encodeQuery(item.name) + "=" + LinkPrinter.encodeQuery(text))
        }
        let tail = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        if let host = hosts.first { return "https://\(host)/\(tail)" }
        if let scheme = schemes.first { return "\(scheme)://\(tail)" }
        return nil
    }

    /// The names of route `name`'s parameters in the route's order (path, then query), each
    /// with its route-file type name and whether a link may leave it out (a query item with a
    /// default); nil when no route has the name.
    public func parameterFields(route name: String) -> [(name: String, typeName: String, isOptional: Bool)]? {
        guard let index = routeIndexByName[name] else { return nil }
        let route = routes[index]
        return route.parameters.enumerated().map { offset, parameter in
            let optional = route.query.contains { $0.parameter == offset && $0.defaultValue != nil }
            return (name: parameter.name, typeName: parameter.typeName, isOptional: optional)
        }
    }
}
