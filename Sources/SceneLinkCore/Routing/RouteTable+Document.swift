extension RouteTable {
    /// The default resolve document for `link`, written straight from the match: the bytes
    /// `NavigationPathEncoding.document(resolve(link))` gives, without building a
    /// `ResolvedLink`, its elements, or the canonical links as separate strings. After the
    /// link, a route's `DocumentTemplate` writes the document: constant bytes written when
    /// the table was built, with the values in their holes.
    ///
    /// - Throws: `ResolveError`, as `resolve(_:)`.
    public func documentBytes(for link: String) throws(ResolveError) -> [UInt8] {
        // The flat index finds most links' routes without building strings for the path.
        let found: Match
        if let fast = index?.match(link) { found = fast } else { found = try match(link) }
        guard let routeIndex = found.route else {
            // The root link, as `resolve(_:)` answers it, without matching again.
            return NavigationPathEncoding.document(rootResolution(of: link))
        }
        var out: [UInt8] = []
        let template = documentTemplates[routeIndex]
        out.reserveCapacity(link.utf8.count + (template?.bytes.count ?? 0) + 256)
        out.appendStatic("{\"link\":")
        JSONWriter.appendString(link, to: &out, escapingSlashes: false)
        let linkEnd = out.count
        if let template, template.append(found.values, to: &out) { return out }
        // No template, or a value it cannot print: the document from the values.
        out.removeSubrange(linkEnd...)
        RouteTable.appendDocumentTail(routes[routeIndex], values: found.values, schemes: schemes, hosts: hosts, to: &out)
        return out
    }

    /// The document after its link: `,"route":…}}`, from the route and its values alone.
    static func appendDocumentTail(_ route: Route, values: [JSONValue?], schemes: [String], hosts: [String],
                                   to out: inout [UInt8]) {
        out.appendStatic(",\"route\":")
        JSONWriter.appendString(route.name, to: &out, escapingSlashes: false)
        out.appendStatic(",\"parameters\":")
        if route.parameters.isEmpty {
            out.appendStatic("{}")
        } else {
            // The object written from the parameters and values in place, without building it.
            JSONWriter.appendObject(count: min(route.parameters.count, values.count),  // as `zip` pairs them
                                    key: { route.parameters[$0].name }, value: { values[$0] ?? .null },
                                    to: &out, escapingSlashes: false)
        }
        out.appendStatic(",\"elements\":[")
        for (offset, template) in route.stack.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            NavigationPathEncoding.appendElement(template.element(values), to: &out)
        }
        out.appendStatic("],\"navigationPath\":")
        NavigationPathEncoding.append(route.stack, values: values, to: &out)
        out.appendStatic(",\"selection\":")
        if let selection = route.selection {
            NavigationPathEncoding.appendElement(selection.element(values), to: &out)
        } else {
            out.appendStatic("null")
        }
        // `CanonicalLinks.json`'s members, keys sorted: https before scheme.
        let path = LinkPrinter.pathAndQuery(route, values: values)
        out.appendStatic(",\"canonical\":{\"https\":")
        appendLink(start: "https://", name: hosts.first, end: "/", path: path, to: &out)
        out.appendStatic(",\"scheme\":")
        appendLink(start: "", name: schemes.first, end: "://", path: path, to: &out)
        out.appendStatic("}}")
    }

    /// `"start+name+end+path"` as one JSON string (escaping is per byte, so the pieces escape
    /// alike), or `null` when the name or the path is missing.
    private static func appendLink(start: StaticString, name: String?, end: StaticString, path: String?, to out: inout [UInt8]) {
        guard let name, let path else {
            out.appendStatic("null")
            return
        }
        appendLinkStart(start, name: name, end: end, to: &out)
        JSONWriter.appendEscaped(path.utf8, to: &out, escapingSlashes: false)
        out.append(UInt8(ascii: "\""))
    }

    /// A canonical link's opening quote, `start`, the escaped `name` and `end`: what comes
    /// before its path (`"https://host/`, `"scheme://`), here and in `DocumentTemplate`.
    static func appendLinkStart(_ start: StaticString, name: String, end: StaticString, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.appendStatic(start)
        JSONWriter.appendEscaped(name.utf8, to: &out, escapingSlashes: false)
        out.appendStatic(end)
    }
}
