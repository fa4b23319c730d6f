import SceneLinkCore

/// Writes `Links`: typed builders of the canonical links of each route's stack, printed as
/// `POST /v1/links` prints them (`Links.settings.account().https`).
struct SwiftLinksWriter {
    let model: RouteFileModel
    let module: String
    let access: SwiftAccessLevel

    /// One name of a route's full name (`users` in `users.posts`), with the route there, if any.
    private struct Node {
        var name: String
        var route: RouteDeclaration?
        var children: [Node] = []

        var member: String { SwiftSyntax.memberName(name) }
        var typeName: String { SwiftSyntax.typeName(name) + "Links" }
    }

    func write() throws(SwiftGenerationError) -> String {
        var root = Node(name: "Links")
        for route in model.routes(for: module) {
            let names = route.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            try insert(route, names: names[...], into: &root)
        }
        let shadowing = Set(["Links", "Canonical", "LinkText"]).union(structNames(root))
        let scheme = model.table.schemes.first.map(SwiftSyntax.stringLiteral) ?? "nil"
        let host = model.table.hosts.first.map(SwiftSyntax.stringLiteral) ?? "nil"
        let a = access.prefix
        var lines: [String] = [
            "/// The canonical links of the route file's routes, built without a server round trip:",
            "/// each builder prints what `POST /v1/links` prints for the stack the route yields.",
            "///",
            "/// ```swift",
            "/// let link = Links.\(exampleCall(root))",
            "/// link.https    // the universal link; link.scheme: the custom-scheme link",
            "/// ```",
            "\(a)enum Links {",
            "    /// The canonical links of one stack: the first custom scheme's and the first host's,",
            "    /// nil when the app lists none or no route prints the stack.",
            "    \(a)struct Canonical: Hashable, Sendable {",
            "        /// The route that prints the stack; nil for the root links.",
            "        \(a)let route: String?",
            "        /// The custom-scheme link as text (`\(model.table.schemes.first ?? "app")://...`).",
            "        \(a)let schemeString: String?",
            "        /// The https link as text (`https://\(model.table.hosts.first ?? "example.com")/...`).",
            "        \(a)let httpsString: String?",
            "",
            "        /// The custom-scheme link.",
            "        \(a)var scheme: URL? { schemeString.flatMap { URL(string: $0) } }",
            "        /// The https (universal) link.",
            "        \(a)var https: URL? { httpsString.flatMap { URL(string: $0) } }",
            "",
            "        fileprivate init(route: String?, path: String?, query: [String] = []) {",
            "            let tail = path.map { $0 + (query.isEmpty ? \"\" : \"?\" + query.joined(separator: \"&\")) }",
            "            self.route = route",
            "            schemeString = tail.flatMap { tail in Links.scheme.map { $0 + \"://\" + tail } }",
            "            httpsString = tail.flatMap { tail in Links.host.map { \"https://\" + $0 + \"/\" + tail } }",
            "        }",
            "",
            "        /// No route prints the stack.",
            "        fileprivate static let none = Canonical(route: nil, path: nil)",
            "    }",
            "",
            "    fileprivate static let scheme: String? = \(scheme)",
            "    fileprivate static let host: String? = \(host)",
        ]
        lines += members(of: root, shadowing: shadowing, indent: "    ", isStatic: true)
        lines.append("}")
        lines.append("")
        lines += SwiftLinksWriter.linkText
        return lines.joined(separator: "\n")
    }

    private func insert(_ route: RouteDeclaration, names: ArraySlice<String>, into node: inout Node) throws(SwiftGenerationError) {
        guard let first = names.first else {
            node.route = route
            return
        }
        if let index = node.children.firstIndex(where: { $0.name == first }) {
            try insert(route, names: names.dropFirst(), into: &node.children[index])
            return
        }
        var child = Node(name: first)
        if let other = node.children.first(where: { $0.member == child.member || $0.typeName == child.typeName }) {
            throw .unsupported(location: route.location, message: "The route name \"\(route.name)\" and the route \"\(other.route?.name ?? other.name)\" would get the same Swift name, \(child.member), in Links; rename one.")
        }
        try insert(route, names: names.dropFirst(), into: &child)
        node.children.append(child)
    }

    private func structNames(_ node: Node) -> Set<String> {
        node.children.reduce(into: Set<String>()) { names, child in
            if !child.children.isEmpty { names.insert(child.typeName) }
            names.formUnion(structNames(child))
        }
    }

    private func exampleCall(_ node: Node) -> String {
        guard let child = node.children.first(where: { $0.route != nil }) ?? node.children.first else { return "Canonical" }
        if child.children.isEmpty || child.route != nil && child.children.isEmpty {
            return child.member + "(" + (child.route.map(arguments) ?? []).map { "\($0.name): ..." }.joined(separator: ", ") + ")"
        }
        return child.member + "." + exampleCall(child)
    }

    /// The builder's arguments: the route's parameters that its stack or selection holds.
    private func arguments(_ route: RouteDeclaration) -> [(index: Int, name: String)] {
        route.builderParameterIndices.map { (index: $0, name: route.parameters[$0].name) }
    }

    private func members(of node: Node, shadowing: Set<String>, indent: String, isStatic: Bool) -> [String] {
        var lines: [String] = []
        let a = access.prefix
        let modifier = isStatic ? "static " : ""
        for child in node.children {
            lines.append("")
            if child.children.isEmpty, let route = child.route {
                lines += builder(route, name: child.member, shadowing: shadowing, indent: indent, modifier: a + modifier)
            } else {
                lines.append("\(indent)/// The links of \(child.route.map { "route \($0.name) and its children" } ?? "the routes under \(child.name)").")
                lines.append("\(indent)\(a)\(modifier)var \(SwiftSyntax.identifier(child.member)): \(child.typeName) { \(child.typeName)() }")
                lines.append("")
                lines.append("\(indent)/// The links of \(child.route.map { "route \($0.name) (`\($0.pattern)`) and its children" } ?? "the routes under \(child.name)").")
                lines.append("\(indent)\(a)struct \(child.typeName): Sendable {")
                if let route = child.route {
                    lines += builder(route, name: "callAsFunction", shadowing: shadowing, indent: indent + "    ", modifier: a)
                }
                lines += members(of: child, shadowing: shadowing, indent: indent + "    ", isStatic: false)
                lines.append("\(indent)}")
            }
        }
        return lines
    }

    private func builder(_ route: RouteDeclaration, name: String, shadowing: Set<String>, indent: String, modifier: String) -> [String] {
        let inner = indent + "    "
        let arguments = arguments(route)
        let signature = arguments.map { argument -> String in
            let parameter = route.parameters[argument.index]
            var text = "\(SwiftSyntax.identifier(parameter.name)): \(model.spelling(ofTypeNamed: parameter.typeName, in: module, scope: [], shadowing: shadowing))"
            if let item = route.query.first(where: { $0.parameter == argument.index }), let value = item.defaultValue,
               let literal = defaultLiteral(value, typeName: parameter.typeName) {
                text += " = " + literal
            }
            return text
        }
        var lines = [
            "\(indent)/// Route \(route.name): `\(route.pattern)`\(route.aliases.isEmpty ? "" : "; old links through its aliases \(route.aliases.map { "`\($0)`" }.joined(separator: ", ")) open it too").",
            "\(indent)\(modifier)func \(name == "callAsFunction" ? name : SwiftSyntax.identifier(name))(\(signature.joined(separator: ", "))) -> Links.Canonical {",
        ]
        for argument in arguments where model.routeType(named: route.parameters[argument.index].typeName).map({ if case .double = $0.kind { return true } else { return false } }) ?? false {
            // JSON has no infinity or NaN: no app encodes such a stack, no route prints it.
            lines.append("\(inner)guard \(SwiftSyntax.identifier(route.parameters[argument.index].name)).isFinite else { return .none }")
        }
        let plan = LinkPlan(route: route, model: model)
        var unconditional = false
        for attempt in plan.attempts {
            var body: [String] = []
            let bodyIndent = attempt.conditions.isEmpty ? inner : inner + "    "
            if !attempt.query.isEmpty {
                body.append("\(bodyIndent)var query: [String] = []")
                body += attempt.query.map { bodyIndent + $0 }
            }
            body.append("\(bodyIndent)return Links.Canonical(route: \(SwiftSyntax.stringLiteral(attempt.route.name)), path: \(attempt.path)\(attempt.query.isEmpty ? "" : ", query: query"))")
            if attempt.conditions.isEmpty {
                if attempt.route.name != route.name {
                    lines.append("\(inner)// Route \(attempt.route.name), earlier in the file, yields this stack too, so it prints it.")
                }
                lines += body
                unconditional = true
                break
            }
            lines.append("\(inner)if \(attempt.conditions.joined(separator: ", ")) {")
            lines += body
            lines.append("\(inner)}")
        }
        if !unconditional {
            lines.append(plan.fallsBackToRoot ? "\(inner)return Links.Canonical(route: nil, path: \"\")" : "\(inner)return .none")
        }
        lines.append("\(indent)}")
        return lines
    }

    private func defaultLiteral(_ value: JSONValue, typeName: String) -> String? {
        switch model.routeType(named: typeName)?.kind {
        case .int?: return value.intValue.map { String($0) }
        case .double?: return value.doubleValue.map { JSONWriter.canonicalDoubleText($0) }.map { $0.contains(".") || $0.contains("e") ? $0 : $0 + ".0" }
        case .bool?: if case .bool(let flag) = value { return flag ? "true" : "false" } else { return nil }
        case .string?: return value.stringValue.map(SwiftSyntax.stringLiteral)
        case .intEnum(let cases)?: return value.intValue.flatMap { raw in cases.first { $0.raw == raw } }.map { "." + SwiftSyntax.identifier($0.name) }
        case .stringEnum(let cases)?: return value.stringValue.flatMap { raw in cases.first { $0.raw == raw } }.map { "." + SwiftSyntax.identifier($0.name) }
        default: return nil
        }
    }

    /// Link text helpers, as SceneLinkCore's LinkPrinter writes links.
    static let linkText: [String] = [
        "/// Link text as SceneLink prints it: a segment keeps `A-Z a-z 0-9 - . _ ~ ! $ & ' ( ) * + , ; =`",
        "/// and writes every other byte as `%XX`; a query value also encodes `&`, `=` and `+`.",
        "fileprivate enum LinkText {",
        "    static func segment(_ text: String) -> String { encode(text, query: false) }",
        "",
        "    static func query(_ text: String) -> String { encode(text, query: true) }",
        "",
        "    /// `JSONEncoder`'s text for a finite `Double`: the shortest round-trip digits, no `.0`.",
        "    static func double(_ value: Double) -> String {",
        "        let text = value.description",
        "        return text.hasSuffix(\".0\") ? String(text.dropLast(2)) : text",
        "    }",
        "",
        "    /// A `{rest...}` value's segments, or nil for the empty string: a slash next to an empty",
        "    /// piece is written `%2F`, because empty segments collapse when a link is read.",
        "    static func rest(_ value: String) -> String? {",
        "        let pieces = value.split(separator: \"/\", omittingEmptySubsequences: false)",
        "        var segments: [String] = []",
        "        var current = segment(String(pieces[0]))",
        "        for piece in pieces.dropFirst() {",
        "            if current.isEmpty || piece.isEmpty {",
        "                current += \"%2F\" + segment(String(piece))",
        "            } else {",
        "                segments.append(current)",
        "                current = segment(String(piece))",
        "            }",
        "        }",
        "        if !current.isEmpty { segments.append(current) }",
        "        return segments.isEmpty ? nil : segments.joined(separator: \"/\")",
        "    }",
        "",
        "    private static func encode(_ text: String, query: Bool) -> String {",
        "        let hex = Array(\"0123456789ABCDEF\".utf8)",
        "        var out: [UInt8] = []",
        "        for byte in text.utf8 {",
        "            let safe = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)",
        "                || \"-._~!$'()*,;\".utf8.contains(byte) || (!query && (byte == 0x26 || byte == 0x3D || byte == 0x2B))",
        "            if safe {",
        "                out.append(byte)",
        "            } else {",
        "                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]",
        "            }",
        "        }",
        "        return String(decoding: out, as: UTF8.self)",
        "    }",
        "}",
    ]
}
