import SceneLinkCore

/// A loaded route file seen as Swift: its types with their tags read as paths, one tree of
/// names per module, and its routes.
struct RouteFileModel: Sendable {
    let table: RouteTable
    /// The route file's name, for headers (`fuelmoney.json`).
    let fileName: String
    /// The declared types in route-file order.
    let types: [DeclaredType]
    let routes: [RouteDeclaration]
    /// Module name → the tree of its types (the root node is named after the module).
    let trees: [String: TypeNode]
    /// Modules in the order their first type appears.
    let modules: [String]

    static let builtInSpellings: [String: (short: String, qualified: String)] = [
        "Swift.Int": ("Int", "Swift.Int"), "Swift.String": ("String", "Swift.String"),
        "Swift.Bool": ("Bool", "Swift.Bool"), "Swift.Double": ("Double", "Swift.Double"),
        "Foundation.UUID": ("UUID", "Foundation.UUID"),
    ]

    /// Names the generated file declares at the top level of a module.
    static let reservedTopLevelNames: Set<String> = ["Links", "SceneLinkTypes"]

    /// Loads and checks the route file.
    /// - Throws: `SwiftGenerationError.routeFile` when it does not load, `.unsupported` when a
    ///   tag cannot be a Swift type path or two types would get one Swift name.
    init(routeFile: [UInt8], fileName: String) throws(SwiftGenerationError) {
        do {
            table = try RouteTable(routeFile: routeFile)
        } catch {
            throw .routeFile(error)
        }
        self.fileName = fileName
        routes = table.routeDeclarations
        // File order of the types: the table keeps them by name, the document keeps the order.
        var order: [String] = []
        if let document = try? JSONParser.parse(routeFile), let members = document["types"]?.objectMembers {
            order = members.map(\.key)
        }
        var declared = table.declaredTypes
        declared.sort { (order.firstIndex(of: $0.name) ?? Int.max, $0.name) < (order.firstIndex(of: $1.name) ?? Int.max, $1.name) }
        var types: [DeclaredType] = []
        for type in declared {
            let location = RouteFileModel.join("types", type.name)
            guard let path = TypePath(tag: type.tag) else {
                throw .unsupported(location: location + ".tag", message: "The tag \"\(type.tag)\" is not a Swift type path; write Module.Type, like \"\(table.appName).\(type.name)\".")
            }
            try RouteFileModel.checkPath(path, tag: type.tag, location: location + ".tag")
            types.append(DeclaredType(type: type, path: path, location: location))
        }
        self.types = types
        var trees: [String: TypeNode] = [:]
        var modules: [String] = []
        for type in types {
            if trees[type.module] == nil {
                trees[type.module] = TypeNode(name: type.module)
                modules.append(type.module)
            }
            trees[type.module]?.insert(type, at: type.names[...])
        }
        self.trees = trees
        self.modules = modules
    }

    /// Rejects paths the generator cannot declare: no name inside the module, a generic module
    /// or namespace, names no type can have.
    private static func checkPath(_ path: TypePath, tag: String, location: String) throws(SwiftGenerationError) {
        guard path.components.count >= 2 else {
            throw .unsupported(location: location, message: "The tag \"\(tag)\" names no type inside a module; String(reflecting:) always starts with the module, like \"\(tag).\(tag)\".")
        }
        for (offset, component) in path.components.enumerated() {
            if SwiftSyntax.impossibleTypeNames.contains(component.name) || (offset == 0 && SwiftSyntax.keywords.contains(component.name)) {
                throw .unsupported(location: location, message: "The tag \"\(tag)\" cannot be a Swift type path: no \(offset == 0 ? "module" : "type") can be named \"\(component.name)\".")
            }
            if offset < path.components.count - 1, !component.arguments.isEmpty {
                throw .unsupported(location: location, message: "The tag \"\(tag)\" puts a type inside the generic \(component.name)<...>; the generator writes generic arguments on the last name only.")
            }
        }
    }

    /// A JSON location as the loader writes it (`types.HomePath`, `types["Models.Photo"]`).
    static func join(_ location: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
        }
        if plain { return location + "." + key }
        return location + "[" + JSONWriter.text(.string(key), escapingSlashes: false) + "]"
    }

    // MARK: looking things up

    func declared(named name: String) -> DeclaredType? { types.first { $0.type.name == name } }

    /// A type by route-file name: declared or built in.
    func routeType(named name: String) -> RouteType? {
        declared(named: name)?.type ?? RouteTable.builtInType(named: name)
    }

    /// The tag of a route-file type name (`Int` → `Swift.Int`).
    func tag(of typeName: String) -> String {
        routeType(named: typeName)?.tag ?? typeName
    }

    /// Field and associated-value type names of a type.
    static func referencedTypeNames(_ type: RouteType) -> [String] {
        switch type.kind {
        case .structure(let fields): return fields.map(\.type)
        case .associatedEnum(let cases): return cases.flatMap { $0.fields.map(\.type) }
        default: return []
        }
    }

    /// Every module a path names (its own, its generic arguments').
    static func modules(of path: TypePath) -> Set<String> {
        path.components.reduce(into: Set([path.module])) { result, component in
            for argument in component.arguments { result.formUnion(modules(of: argument)) }
        }
    }

    /// Modules a module's types refer to directly (fields, associated values, generic arguments).
    func directReferences(of module: String) -> Set<String> {
        var out = Set<String>()
        for type in types where type.module == module {
            out.formUnion(RouteFileModel.modules(of: type.path))
            for name in RouteFileModel.referencedTypeNames(type.type) {
                if let other = declared(named: name) { out.formUnion(RouteFileModel.modules(of: other.path)) }
            }
        }
        out.remove(module)
        return out
    }

    /// The modules `module` can see: those its types refer to, transitively; the app's module
    /// (named like `app.name`) also sees every module that does not see it.
    func visibleModules(from module: String) -> Set<String> {
        func closure(_ start: String) -> Set<String> {
            var seen = Set<String>()
            var queue = [start]
            while let next = queue.popLast() {
                for other in directReferences(of: next) where !seen.contains(other) {
                    seen.insert(other)
                    queue.append(other)
                }
            }
            return seen
        }
        var visible = closure(module)
        if module == table.appName {
            for other in modules where other != module && !closure(other).contains(module) {
                visible.insert(other)
                visible.formUnion(closure(other))
            }
        }
        visible.remove(module)
        return visible
    }

    /// Modules the elements of a route name.
    func modules(of route: RouteDeclaration) -> Set<String> {
        var out = Set<String>()
        for element in route.stack + (route.selection.map { [$0] } ?? []) {
            if let declared = declared(named: element.typeName) { out.formUnion(RouteFileModel.modules(of: declared.path)) }
        }
        for parameter in route.parameters {
            if let declared = declared(named: parameter.typeName) { out.formUnion(RouteFileModel.modules(of: declared.path)) }
        }
        return out
    }

    /// The routes whose types module `module` can name: its link builders.
    func routes(for module: String) -> [RouteDeclaration] {
        let visible = visibleModules(from: module).union([module, "Swift", "Foundation"])
        return routes.filter { modules(of: $0).isSubset(of: visible) }
    }

    /// Whether a type anywhere in the file is named like a built-in, so built-ins must be
    /// written `Swift.Int`.
    var shadowsBuiltIns: Bool {
        let names = trees.values.reduce(into: Set<String>()) { $0.formUnion($1.allNames) }
        return !names.isDisjoint(with: ["Int", "String", "Bool", "Double", "UUID"])
    }

    // MARK: writing type names

    /// How a type is written in `module`'s file from inside the declaration at `scope` (names
    /// inside the module): relative to the module when that name is not shadowed there,
    /// otherwise qualified with its module.
    /// - Parameters:
    ///   - shadowing: further names visible in the scope (generic parameters, `Links` members).
    func spelling(of path: TypePath, in module: String, scope: [String], shadowing: Set<String> = []) -> String {
        if let builtIn = RouteFileModel.builtInSpellings[path.tag] {
            return shadowsBuiltIns || shadowing.contains(builtIn.short) ? builtIn.qualified : builtIn.short
        }
        func render(_ components: ArraySlice<TypePath.Component>) -> String {
            components.map { component in
                let name = SwiftSyntax.identifier(component.name)
                if component.arguments.isEmpty { return name }
                return name + "<" + component.arguments.map {
                    spelling(of: $0, in: module, scope: scope, shadowing: shadowing)
                }.joined(separator: ", ") + ">"
            }.joined(separator: ".")
        }
        guard path.module == module, let first = path.names.first else { return render(path.components[...]) }
        var shadowed = shadowing.contains(first)
        if let tree = trees[module] {
            for length in stride(from: scope.count, through: 1, by: -1) where tree.node(at: scope[0..<length])?.child(first) != nil {
                shadowed = true
            }
        }
        return shadowed ? render(path.components[...]) : render(path.components.dropFirst())
    }

    /// How a route-file type name is written (see `spelling(of:in:scope:shadowing:)`).
    func spelling(ofTypeNamed name: String, in module: String, scope: [String], shadowing: Set<String> = []) -> String {
        let path = declared(named: name)?.path ?? TypePath(tag: tag(of: name)) ?? TypePath(components: [.init(name: name, arguments: [])])
        return spelling(of: path, in: module, scope: scope, shadowing: shadowing)
    }
}
