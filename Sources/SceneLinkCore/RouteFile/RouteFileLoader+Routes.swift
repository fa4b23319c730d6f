import SceneLinkText

/// A parameter of the route tree being read, before its type is settled.
struct ParameterDraft {
    var name: String
    /// The type written as `{name:Type}`, if any.
    var explicitType: String?
    /// Where the parameter is defined (the route's `path` or `query` item).
    var location: String
    /// Every place the parameter fills, with that place's type.
    var uses: [(type: String, location: String)] = []
    var isRest = false
    /// A place that was itself wrong (an unknown type, say) names the parameter: its problem is
    /// reported there, so "used nowhere" would only repeat it.
    var namedByAFailedPlace = false
    var resolvedType: String?
    var kind: ParameterKind?
}

/// A route as read, before its parameters are typed.
struct RouteDraft {
    enum Segment { case literal(String), parameter(Int), rest(Int) }
    var name: String
    var location: String
    var segments: [Segment]
    /// Tree parameter indices visible to the route, ancestors' first; a route-local parameter
    /// index is a position in this list (so a parent's templates stay valid in its children).
    var visible: [Int]
    var query: [(name: String, parameter: Int, defaultValue: JSONValue?, location: String)]
    var stack: [(typeName: String, value: ValueTemplate)]
    var selection: (typeName: String, value: ValueTemplate)?
    /// `preview` and `fallback`, the parent's fields where the route sets none.
    var presentation: RoutePresentation
    var valid: Bool
    /// The route's own `"aliases"` (a child does not inherit its parent's), each with where it
    /// is in the file; compiled with the route (`RouteFileLoader+Aliases`).
    var aliases: [(path: String, location: String)] = []
}

extension RouteFileLoader {
    mutating func readTree(_ value: JSONValue, location: String) {
        treeParameters = []
        var drafts: [RouteDraft] = []
        readRoute(value, location: location, parent: nil, drafts: &drafts)
        settleParameterTypes()
        for draft in drafts { compile(draft) }
    }

    private func localScope(_ visible: [Int]) -> [String: Int] {
        var scope: [String: Int] = [:]
        for (local, tree) in visible.enumerated() { scope[treeParameters[tree].name] = local }
        return scope
    }

    private mutating func defineParameter(_ name: String, type: String?, location: String, isRest: Bool,
                                          visible: inout [Int]) -> Int? {
        guard Self.isIdentifier(name) else {
            problem(location, "\"\(name)\" is not a parameter name; use letters, digits and '_', like {id}.")
            return nil
        }
        if visible.contains(where: { treeParameters[$0].name == name }) {
            problem(location, "The parameter {\(name)} is defined twice on this route (a child shares its parent's parameters); rename one.")
            return nil
        }
        treeParameters.append(ParameterDraft(name: name, explicitType: type, location: location, isRest: isRest))
        visible.append(treeParameters.count - 1)
        return treeParameters.count - 1
    }

    /// Splits `{name}`, `{name:Type}` or `{name...}` into name, type and whether it is a rest parameter.
    static func parameterSyntax(_ text: Substring) -> (name: String, type: String?, isRest: Bool)? {
        // Bytes first: most segments and values are plain text, and counting characters is not free.
        let bytes = text.utf8
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        var inner = text.dropFirst().dropLast()
        var isRest = false
        if inner.hasSuffix("...") { isRest = true; inner = inner.dropLast(3) }
        if let colon = inner.firstIndex(of: ":") {
            let type = inner[inner.index(after: colon)...].trimmingSpaces
            return (String(inner[..<colon].trimmingSpaces), type.isEmpty ? nil : String(type), isRest)
        }
        return (String(inner.trimmingSpaces), nil, isRest)
    }

    private mutating func readRoute(_ value: JSONValue, location: String, parent: RouteDraft?, drafts: inout [RouteDraft]) {
        guard let members = value.objectMembers else {
            problem(location, "A route must be an object with \"name\", \"path\" and \"push\"; found \(value.kindDescription).")
            return
        }
        reportDuplicateKeys(members, at: location)
        reportUnknownKeys(members, known: RouteFileKeys.route, at: location)
        var draft = RouteDraft(name: "", location: location, segments: parent?.segments ?? [], visible: parent?.visible ?? [],
                               query: parent?.query ?? [], stack: parent?.stack ?? [], selection: parent?.selection,
                               presentation: parent?.presentation ?? .none, valid: parent?.valid ?? true)
        let problemsBefore = problems.count
        var ownPath: [Substring] = []
        let pathLocation = Self.join(location, "path")
        if let pathValue = value["path"] {
            if let path = pathValue.stringValue {
                ownPath = path.split(separator: "/")
                // Bytes, not `String.contains(_:)`: with Foundation imported that is a
                // `range(of:)` search, a tenth of the load time of a large file.
                if path.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                    problem(pathLocation, "A path holds segments only; declare query items under \"query\" and leave out '#'.")
                }
            } else {
                problem(pathLocation, "\"path\" must be a string like \"/settings/{id}\"; found \(pathValue.kindDescription).")
            }
        } else {
            problem(location, "The route needs a \"path\" (\"/\" for the root, a relative path such as \"account\" in a child).")
        }
        if case .rest = draft.segments.last, !ownPath.isEmpty {
            problem(pathLocation, "The parent route ends in {rest...}, which takes the rest of the link; a child cannot add segments after it.")
        }
        for (index, segment) in ownPath.enumerated() {
            if let syntax = Self.parameterSyntax(segment) {
                if syntax.isRest && index != ownPath.count - 1 {
                    problem(pathLocation, "{\(syntax.name)...} takes the rest of the link, so it must be the last segment.")
                    continue
                }
                if syntax.isRest, let type = syntax.type, type != "String" {
                    problem(pathLocation, "{\(syntax.name)...} is always a String; remove \":\(type)\".")
                }
                guard let tree = defineParameter(syntax.name, type: syntax.isRest ? "String" : syntax.type,
                                                 location: pathLocation, isRest: syntax.isRest, visible: &draft.visible) else { continue }
                draft.segments.append(syntax.isRest ? .rest(tree) : .parameter(tree))
            } else if segment.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
                problem(pathLocation, "The segment \"\(segment)\" mixes text and a parameter; a segment is either literal text or one {parameter}.")
            } else if let decoded = PercentDecoding.decode(segment) {
                draft.segments.append(.literal(decoded))
            } else {
                problem(pathLocation, "The segment \"\(segment)\" has a malformed percent-escape; write '%' as %25.")
            }
        }
        let ownName: String
        if let nameValue = value["name"] {
            if let text = nameValue.stringValue, !text.isEmpty { ownName = text } else {
                problem(Self.join(location, "name"), "\"name\" must be a non-empty string.")
                ownName = "?"
            }
        } else {
            // An unnamed route is named after its own path (`settings.{item}`).
            ownName = ownPath.isEmpty ? "root" : ownPath.joined(separator: ".")
        }
        draft.name = parent.map { $0.name + "." + ownName } ?? ownName
        if let other = routeNames[draft.name] {
            problem(Self.join(location, "name"), "The route name \"\(draft.name)\" is already used by the route at \(other); names must be unique.")
        } else {
            routeNames[draft.name] = location
        }
        if let queryValue = value["query"] { readQuery(queryValue, at: Self.join(location, "query"), draft: &draft) }
        let scope = localScope(draft.visible)
        if let push = value["push"] {
            let pushLocation = Self.join(location, "push")
            if let items = push.arrayValue {
                for (index, item) in items.enumerated() {
                    if let element = readElement(item, at: "\(pushLocation)[\(index)]", scope: scope, visible: draft.visible) {
                        draft.stack.append(element)
                    }
                }
            } else {
                problem(pushLocation, "\"push\" must be an array of { \"type\", \"value\" } elements; found \(push.kindDescription).")
            }
        }
        if let selection = value["selection"] {
            if case .null = selection {
                draft.selection = nil
            } else if let element = readElement(selection, at: Self.join(location, "selection"), scope: scope, visible: draft.visible) {
                draft.selection = element
            }
        }
        readPresentation(value, at: location, draft: &draft)
        if let aliases = value["aliases"] { readAliases(aliases, at: Self.join(location, "aliases"), draft: &draft) }
        if problems.count > problemsBefore { draft.valid = false }
        drafts.append(draft)
        if let children = value["routes"] {
            let childrenLocation = Self.join(location, "routes")
            guard let list = children.arrayValue else {
                problem(childrenLocation, "\"routes\" must be an array of child routes; found \(children.kindDescription).")
                return
            }
            var parent = draft
            parent.aliases = []
            for (index, child) in list.enumerated() {
                readRoute(child, location: "\(childrenLocation)[\(index)]", parent: parent, drafts: &drafts)
            }
        }
    }

    private mutating func readQuery(_ value: JSONValue, at location: String, draft: inout RouteDraft) {
        guard let members = value.objectMembers else {
            problem(location, "\"query\" must be an object mapping item names to \"{param}\" or { \"param\", \"default\" }; found \(value.kindDescription).")
            return
        }
        reportDuplicateKeys(members, at: location)
        for member in members {
            let itemLocation = Self.join(location, member.key)
            var reference = member.value.stringValue
            var defaultValue: JSONValue?
            if let itemMembers = member.value.objectMembers {
                reportUnknownKeys(itemMembers, known: RouteFileKeys.optionalQueryItem, at: itemLocation)
                reference = member.value["param"]?.stringValue
                defaultValue = member.value["default"]
                if reference == nil {
                    problem(itemLocation, "An optional query item needs \"param\": \"{name}\" beside its \"default\".")
                    continue
                }
            }
            guard let text = reference, let syntax = Self.parameterSyntax(Substring(text)), !syntax.isRest else {
                problem(itemLocation, "A query item maps to \"{param}\" (required) or { \"param\": \"{param}\", \"default\": value } (optional).")
                continue
            }
            if draft.query.contains(where: { $0.name == member.key }) {
                problem(itemLocation, "The query item \"\(member.key)\" is already declared by a parent route.")
                continue
            }
            guard let tree = defineParameter(syntax.name, type: syntax.type, location: itemLocation, isRest: false,
                                             visible: &draft.visible) else { continue }
            draft.query.append((name: member.key, parameter: tree, defaultValue: defaultValue,
                                location: defaultValue == nil ? itemLocation : Self.join(itemLocation, "default")))
        }
    }

    private mutating func readElement(_ value: JSONValue, at location: String, scope: [String: Int],
                                      visible: [Int]) -> (typeName: String, value: ValueTemplate)? {
        guard let members = value.objectMembers else {
            problem(location, "A stack element must be an object { \"type\": \"Name\", \"value\": ... }; found \(value.kindDescription).")
            return nil
        }
        reportUnknownKeys(members, known: RouteFileKeys.element, at: location)
        guard let typeName = value["type"]?.stringValue else {
            problem(location, "The element needs \"type\": the name of a type under \"types\" or a built-in (Int, String, Bool, Double, UUID).")
            return nil
        }
        guard let type = types.named(typeName) else {
            problem(Self.join(location, "type"), unknownTypeSentence(typeName))
            if let item = value["value"] { noteFailedReferences(in: item, scope: scope, visible: visible) }
            return nil
        }
        guard let item = value["value"] else {
            problem(location, "The element needs a \"value\": a literal, \"{param}\", or an object of fields.")
            return nil
        }
        guard let template = template(item, as: type.name, at: Self.join(location, "value"), scope: scope, visible: visible) else {
            noteFailedReferences(in: item, scope: scope, visible: visible)
            return nil
        }
        return (typeName: type.name, value: template)
    }

    /// Marks every parameter that `value` names, at any depth, as named by a place that
    /// failed, so the parameter is not also reported as used nowhere.
    private mutating func noteFailedReferences(in value: JSONValue, scope: [String: Int], visible: [Int]) {
        if let name = Self.parameterReference(value) {
            if let local = scope[name] { treeParameters[visible[local]].namedByAFailedPlace = true }
        } else if let members = value.objectMembers {
            for member in members { noteFailedReferences(in: member.value, scope: scope, visible: visible) }
        } else if let items = value.arrayValue {
            for item in items { noteFailedReferences(in: item, scope: scope, visible: visible) }
        }
    }

    /// The parameter a string like `"{id}"` names, if it is one.
    private static func parameterReference(_ value: JSONValue) -> String? {
        guard let text = value.stringValue, let syntax = parameterSyntax(Substring(text)),
              syntax.type == nil, !syntax.isRest, isIdentifier(syntax.name) else { return nil }
        return syntax.name
    }

    /// The template for a route-file value of type `typeName`: literals become the item as the
    /// app encodes it (an enum case name becomes its raw value), `"{param}"` records a use.
    mutating func template(_ value: JSONValue, as typeName: String, at location: String, scope: [String: Int],
                           visible: [Int], depth: Int = 0) -> ValueTemplate? {
        guard depth < 32, let type = types.named(typeName) else {
            problem(location, unknownTypeSentence(typeName))
            return nil
        }
        if let name = Self.parameterReference(value) {
            guard let local = scope[name] else {
                let known = scope.keys.sorted().map { "{\($0)}" }.joined(separator: ", ")
                problem(location, "\"{\(name)}\" names no parameter of this route; its parameters are \(known.isEmpty ? "none" : known). Define it in \"path\" or \"query\".")
                return nil
            }
            treeParameters[visible[local]].uses.append((type: type.name, location: location))
            return .parameter(local)
        }
        switch type.kind {
        case .int, .double, .bool, .string, .uuid:
            return constant(types.canonicalItem(value, as: type.name), at: location)
        case .intEnum(let cases):
            if let name = value.stringValue, let match = cases.first(where: { $0.name == name }) {
                return .constant(.number(String(match.raw)))
            }
            if let number = value.intValue, cases.contains(where: { $0.raw == number }) {
                return .constant(.number(String(number)))
            }
            problem(location, Self.unknownCase(JSONWriter.text(value, escapingSlashes: false), of: type.name, cases: cases.map(\.name)))
            return nil
        case .stringEnum(let cases):
            if let name = value.stringValue {
                if let match = cases.first(where: { $0.name == name }) { return .constant(.string(match.raw)) }
                if cases.contains(where: { $0.raw == name }) { return .constant(.string(name)) }
            }
            problem(location, Self.unknownCase(JSONWriter.text(value, escapingSlashes: false), of: type.name, cases: cases.map(\.name)))
            return nil
        case .associatedEnum(let cases):
            if let name = value.stringValue {
                guard let match = cases.first(where: { $0.name == name }) else {
                    problem(location, Self.unknownCase("\"\(name)\"", of: type.name, cases: cases.map(\.name)))
                    return nil
                }
                guard match.fields.isEmpty else {
                    problem(location, "\(type.name).\(name) has associated values; write { \"\(name)\": { \(match.fields.map { "\"\($0.name)\": ..." }.joined(separator: ", ")) } }.")
                    return nil
                }
                return .constant(.object([(key: name, value: .object([]))]))
            }
            guard let members = value.objectMembers, members.count == 1 else {
                problem(location, "A \(type.name) value is a case name or an object with one case, like { \"\(cases.first?.name ?? "case")\": { ... } }.")
                return nil
            }
            guard let match = cases.first(where: { $0.name == members[0].key }) else {
                problem(Self.join(location, members[0].key), Self.unknownCase("\"\(members[0].key)\"", of: type.name, cases: cases.map(\.name)))
                return nil
            }
            guard let fields = fieldsTemplate(members[0].value, fields: match.fields, owner: "\(type.name).\(match.name)",
                                              at: Self.join(location, match.name), scope: scope, visible: visible, depth: depth) else { return nil }
            return Self.fold([(key: match.name, value: fields)])
        case .structure(let fields):
            return fieldsTemplate(value, fields: fields, owner: type.name, at: location, scope: scope, visible: visible, depth: depth)
        }
    }

    private mutating func constant(_ result: Result<JSONValue, ItemMismatch>, at location: String) -> ValueTemplate? {
        switch result {
        case .success(let item): return .constant(item)
        case .failure(let mismatch):
            problem(location, "The value does not fit: \(mismatch.reason).")
            return nil
        }
    }

    private mutating func fieldsTemplate(_ value: JSONValue, fields: [(name: String, type: String)], owner: String, at location: String,
                                         scope: [String: Int], visible: [Int], depth: Int) -> ValueTemplate? {
        guard let members = value.objectMembers else {
            problem(location, "\(owner) needs an object of its values (\(fields.map(\.name).joined(separator: ", "))); found \(value.kindDescription).")
            return nil
        }
        var out: [(key: String, value: ValueTemplate)] = []
        var valid = true
        for member in members where !fields.contains(where: { $0.name == member.key }) {
            problem(Self.join(location, member.key), "\(owner) has no value named \"\(member.key)\"; it has \(fields.isEmpty ? "none" : fields.map(\.name).joined(separator: ", ")).")
            valid = false
        }
        for field in fields {
            guard let member = members.first(where: { $0.key == field.name }) else {
                problem(location, "\(owner) needs \"\(field.name)\" (\(field.type)).")
                valid = false
                continue
            }
            guard let template = template(member.value, as: field.type, at: Self.join(location, field.name), scope: scope,
                                          visible: visible, depth: depth + 1) else { valid = false; continue }
            out.append((key: field.name, value: template))
        }
        return valid ? Self.fold(out) : nil
    }

    /// An object template, sorted by key, folded to a constant when nothing in it is a parameter.
    static func fold(_ members: [(key: String, value: ValueTemplate)]) -> ValueTemplate {
        let sorted = members.sorted { JSONWriter.utf8Less($0.key, $1.key) }
        var constants: [(key: String, value: JSONValue)] = []
        for member in sorted {
            guard case .constant(let item) = member.value else { return .object(sorted) }
            constants.append((key: member.key, value: item))
        }
        return .constant(.object(constants))
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
