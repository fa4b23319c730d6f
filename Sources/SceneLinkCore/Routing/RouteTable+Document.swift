extension RouteTable {
    /// The default resolve document for `link`, written straight from the match: the bytes
    /// `NavigationPathEncoding.document(resolve(link))` gives, without building a
    /// `ResolvedLink`, its elements, or the canonical links as separate strings.
    ///
    /// - Throws: `ResolveError`, as `resolve(_:)`.
    public func documentBytes(for link: String) throws(ResolveError) -> [UInt8] {
        let found = try match(link)
        guard let routeIndex = found.route else { return NavigationPathEncoding.document(try resolve(link)) }
        let route = routes[routeIndex]
        let values = found.values
        var out: [UInt8] = []
        out.reserveCapacity(512)
        out.append(contentsOf: "{\"link\":".utf8)
        JSONWriter.appendString(link, to: &out, escapingSlashes: false)
        out.append(contentsOf: ",\"route\":".utf8)
        JSONWriter.appendString(route.name, to: &out, escapingSlashes: false)
        out.append(contentsOf: ",\"parameters\":".utf8)
        if route.parameters.isEmpty {
            out.append(contentsOf: "{}".utf8)
        } else {
            let members = zip(route.parameters, values).map { (key: $0.name, value: $1 ?? .null) }
            JSONWriter.append(.object(members), to: &out, escapingSlashes: false)
        }
        out.append(contentsOf: ",\"elements\":[".utf8)
        for (offset, template) in route.stack.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            NavigationPathEncoding.appendElement(template, values: values, to: &out)
        }
        out.append(contentsOf: "],\"navigationPath\":".utf8)
        NavigationPathEncoding.append(route.stack, values: values, to: &out)
        out.append(contentsOf: ",\"selection\":".utf8)
        if let selection = route.selection {
            NavigationPathEncoding.appendElement(selection, values: values, to: &out)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        // `CanonicalLinks.json`'s members, keys sorted: https before scheme.
        let path = LinkPrinter.pathAndQuery(route, values: values)
        out.append(contentsOf: ",\"canonical\":{\"https\":".utf8)
        appendLink(prefix: hosts.first.map { "https://\($0)/" }, path: path, to: &out)
        out.append(contentsOf: ",\"scheme\":".utf8)
        appendLink(prefix: schemes.first.map { "\($0)://" }, path: path, to: &out)
        out.append(contentsOf: "}}".utf8)
        return out
    }

    /// `"prefix+path"` as one JSON string (escaping is per byte, so the pieces escape alike),
    /// or `null` when either is missing.
    private func appendLink(prefix: String?, path: String?, to out: inout [UInt8]) {
        guard let prefix, let path else {
            out.append(contentsOf: "null".utf8)
            return
        }
        out.append(UInt8(ascii: "\""))
        JSONWriter.appendEscaped(prefix.utf8, to: &out, escapingSlashes: false)
        JSONWriter.appendEscaped(path.utf8, to: &out, escapingSlashes: false)
        out.append(UInt8(ascii: "\""))
    }
}
