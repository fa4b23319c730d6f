import SceneLinkCore

/// Writes the Swift declarations of one module's types (the body of `generate swift`).
struct SwiftTypesWriter {
    let model: RouteFileModel
    let module: String
    let access: SwiftAccessLevel

    /// Assoc enums that contain themselves (written `indirect`).
    private let recursive: Set<String>

    init(model: RouteFileModel, module: String, access: SwiftAccessLevel) throws(SwiftGenerationError) {
        self.model = model
        self.module = module
        self.access = access
        var recursive = Set<String>()
        for type in model.types {
            if SwiftTypesWriter.reaches(type.type.name, from: type.type.name, model: model, structsOnly: false) {
                if case .structure = type.type.kind,
                   SwiftTypesWriter.reaches(type.type.name, from: type.type.name, model: model, structsOnly: true) {
                    throw .unsupported(location: type.location, message: "The struct \(type.type.tag) contains itself through struct fields only, which no Swift struct can; put an enum between them.")
                }
                recursive.insert(type.type.name)
            }
        }
        self.recursive = recursive
    }

    /// Whether `target` is reachable from the fields of `start`.
    static func reaches(_ target: String, from start: String, model: RouteFileModel, structsOnly: Bool) -> Bool {
        var seen = Set<String>()
        var queue = [start]
        while let name = queue.popLast() {
            guard let type = model.routeType(named: name) else { continue }
            if structsOnly, case .structure = type.kind {} else if structsOnly { continue }
            for field in RouteFileModel.referencedTypeNames(type) {
                if field == target { return true }
                if seen.insert(field).inserted { queue.append(field) }
            }
        }
        return false
    }

    /// The declarations of every type in the module, namespaces included.
    func declarations() throws(SwiftGenerationError) -> [String] {
        guard let tree = model.trees[module] else { return [] }
        for child in tree.children where RouteFileModel.reservedTopLevelNames.contains(child.name) {
            let location = child.instances.first?.tagLocation ?? (firstType(in: child)?.tagLocation ?? "types")
            throw .unsupported(location: location, message: "The generated file declares \(module).\(child.name) itself (\(child.name == "Links" ? "the link builders" : "the tag registry")), so two types would get the same Swift name; use another tag.")
        }
        var out: [String] = []
        for child in tree.children {
            out.append(try write(child, scope: [child.name], indent: ""))
        }
        return out
    }

    private func firstType(in node: TypeNode) -> DeclaredType? {
        node.instances.first ?? node.children.lazy.compactMap(firstType).first
    }

    private func write(_ node: TypeNode, scope: [String], indent: String) throws(SwiftGenerationError) -> String {
        let inner = indent + "    "
        let name = SwiftSyntax.identifier(node.name)
        var body: [String] = []
        var header: String
        if let type = node.instances.first {
            let layout = try GenericLayout(node: node, model: model)
            let generics = layout.parameterNames.isEmpty ? "" : "<" + layout.parameterNames.enumerated().map { index, parameter in
                layout.usedParameters.contains(index) ? "\(parameter): Codable & Hashable & Sendable" : parameter
            }.joined(separator: ", ") + ">"
            let shadowing = Set(layout.parameterNames)
            func fieldType(_ key: String, _ typeName: String) -> String {
                if let parameter = layout.parameterOfField[key] { return layout.parameterNames[parameter] }
                return model.spelling(ofTypeNamed: typeName, in: module, scope: scope, shadowing: shadowing)
            }
            let tags = node.instances.map { "`\($0.type.tag)`" }.joined(separator: ", ")
            let docs = "\(indent)/// \(tags) in the route file (\(node.instances.map(\.location).joined(separator: ", "))).\n"
            switch type.type.kind {
            case .intEnum(let cases):
                header = docs + "\(indent)\(access.prefix)enum \(name)\(generics): Int, Codable, Hashable, Sendable {"
                body += cases.map { "\(inner)case \(SwiftSyntax.identifier($0.name)) = \($0.raw)" }
            case .stringEnum(let cases):
                header = docs + "\(indent)\(access.prefix)enum \(name)\(generics): String, Codable, Hashable, Sendable {"
                body += cases.map { "\(inner)case \(SwiftSyntax.identifier($0.name)) = \(SwiftSyntax.stringLiteral($0.raw))" }
            case .associatedEnum(let cases):
                let indirect = recursive.contains(type.type.name) ? "indirect " : ""
                header = docs + "\(indent)\(access.prefix)\(indirect)enum \(name)\(generics): Codable, Hashable, Sendable {"
                for enumCase in cases {
                    let values = enumCase.fields.enumerated().map { position, field in
                        let swiftType = fieldType(enumCase.name + "." + field.name, field.type)
                        // `_0`, `_1` in their places are what Swift writes for unlabelled values.
                        return field.name == "_\(position)" ? swiftType : "\(SwiftSyntax.identifier(field.name)): \(swiftType)"
                    }
                    body.append("\(inner)case \(SwiftSyntax.identifier(enumCase.name))" + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")"))
                }
            case .structure(let fields):
                header = docs + "\(indent)\(access.prefix)struct \(name)\(generics): Codable, Hashable, Sendable {"
                let typed = fields.map { (name: SwiftSyntax.identifier($0.name), type: fieldType($0.name, $0.type)) }
                body += typed.map { "\(inner)\(access.prefix)var \($0.name): \($0.type)" }
                if access == .public {
                    if !typed.isEmpty { body.append("") }
                    body.append("\(inner)public init(" + typed.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ") {")
                    body += typed.map { "\(inner)    self.\($0.name) = \($0.name)" }
                    body.append("\(inner)}")
                }
            case .int, .string, .bool, .double, .uuid:
                throw .unsupported(location: type.location, message: "\(type.type.name) is a built-in type.")
            }
        } else {
            header = "\(indent)/// A namespace of the route file's tags.\n\(indent)\(access.prefix)enum \(name) {"
        }
        for child in node.children {
            if !body.isEmpty { body.append("") }
            body.append(try write(child, scope: scope + [child.name], indent: inner))
        }
        return ([header] + body + ["\(indent)}"]).joined(separator: "\n")
    }

    /// `SceneLinkTypes.byTag`: the module's types by tag, for decoding a navigationPath's items
    /// without SwiftUI.
    func registry() -> String {
        let entries = model.types.filter { $0.module == module }.map { type in
            "        \(SwiftSyntax.stringLiteral(type.type.tag)): \(model.spelling(of: type.path, in: module, scope: [])).self,"
        }
        return """
            /// The types of \(module) that the route file names, by tag: decodes the items of a
            /// server's `navigationPath` (`[tag, json, ...]`) without SwiftUI.
            \(access.prefix)enum SceneLinkTypes {
                \(access.prefix)static let byTag: [String: any (Codable & Hashable & Sendable).Type] = [
            \(entries.isEmpty ? "        :" : entries.joined(separator: "\n"))
                ]
            }
            """
    }
}
