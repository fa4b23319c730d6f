import SceneLinkCore

/// Values of the route file's types for tests: every case of every enum, a value of every
/// struct, and arguments for every route, in the canonical JSON the app's `JSONEncoder` writes.
struct SampleValues {
    let model: RouteFileModel
    /// Assoc enum name → the case to use inside other values (the one with the shallowest values).
    private let shallowCase: [String: String]

    static let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    init(model: RouteFileModel) {
        self.model = model
        // Heights by fixed point: a type's height is known once its fields' heights are.
        var height: [String: Int] = [:]
        var shallow: [String: String] = [:]
        for name in ["Int", "String", "Bool", "Double", "UUID"] { height[name] = 0 }
        for type in model.types {
            switch type.type.kind {
            case .intEnum, .stringEnum: height[type.type.name] = 0
            default: break
            }
        }
        var changed = true
        while changed {
            changed = false
            for type in model.types where height[type.type.name] == nil {
                switch type.type.kind {
                case .structure(let fields):
                    let heights = fields.map { height[$0.type] }
                    if heights.allSatisfy({ $0 != nil }) {
                        height[type.type.name] = 1 + (heights.compactMap { $0 }.max() ?? 0)
                        changed = true
                    }
                case .associatedEnum(let cases):
                    let known = cases.compactMap { enumCase -> (String, Int)? in
                        let heights = enumCase.fields.map { height[$0.type] }
                        guard heights.allSatisfy({ $0 != nil }) else { return nil }
                        return (enumCase.name, heights.compactMap { $0 }.max() ?? 0)
                    }
                    if let best = known.min(by: { $0.1 < $1.1 }) {
                        height[type.type.name] = 1 + best.1
                        shallow[type.type.name] = best.0
                        changed = true
                    }
                default: break
                }
            }
        }
        shallowCase = shallow
    }

    /// A value of a type, or nil when the type has no finite value.
    func value(of typeName: String, variant: Int = 0, depth: Int = 0) -> JSONValue? {
        guard depth < 32, let type = model.routeType(named: typeName) else { return nil }
        switch type.kind {
        case .int: return .number(variant == 0 ? "7" : "-3")
        case .string: return .string(variant == 0 ? "sample" : "a b/c?d&e=f+g%")
        case .bool: return .bool(variant == 0)
        case .double: return .number(variant == 0 ? "2.5" : "1")
        case .uuid: return .string(SampleValues.uuid)
        case .intEnum(let cases): return (variant == 0 ? cases.first : cases.last).map { .number(String($0.raw)) }
        case .stringEnum(let cases): return (variant == 0 ? cases.first : cases.last).map { .string($0.raw) }
        case .structure(let fields): return object(fields, variant: variant, depth: depth)
        case .associatedEnum(let cases):
            guard let name = shallowCase[typeName], let enumCase = cases.first(where: { $0.name == name }) else { return nil }
            return caseValue(enumCase, variant: variant, depth: depth)
        }
    }

    /// `{"case":{...}}` for one case of an enum with associated values.
    func caseValue(_ enumCase: (name: String, fields: [(name: String, type: String)]), variant: Int = 0, depth: Int = 0) -> JSONValue? {
        object(enumCase.fields, variant: variant, depth: depth).map { .object([(key: enumCase.name, value: $0)]) }
    }

    private func object(_ fields: [(name: String, type: String)], variant: Int, depth: Int) -> JSONValue? {
        var members: [(key: String, value: JSONValue)] = []
        for field in fields {
            guard let value = value(of: field.type, variant: variant, depth: depth + 1) else { return nil }
            members.append((key: field.name, value: value))
        }
        members.sort { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
        return .object(members)
    }

    /// One stack a route yields, with the builder arguments that give it.
    struct RouteSample {
        var route: RouteDeclaration
        /// Argument index → value.
        var arguments: [Int: JSONValue]
        var stack: [StackElement]
        var selection: StackElement?
    }

    /// A sample stack of `route`; `variant` 1 picks awkward values (escapes, negative numbers,
    /// last cases, values equal to a query default).
    func sample(of route: RouteDeclaration, variant: Int = 0) -> RouteSample? {
        var values: [JSONValue?] = route.parameters.map { value(of: $0.typeName, variant: variant) }
        if variant == 1 {
            for item in route.query { if let defaultValue = item.defaultValue { values[item.parameter] = defaultValue } }
            for segment in route.segments { if case .rest(let index) = segment { values[index] = .string("x//y/z") } }
        }
        func render(_ template: RouteDeclaration.Template) -> JSONValue? {
            switch template {
            case .constant(let value): return value
            case .parameter(let index): return values[index]
            case .object(let members):
                var out: [(key: String, value: JSONValue)] = []
                for member in members {
                    guard let value = render(member.value) else { return nil }
                    out.append((key: member.key, value: value))
                }
                return .object(out)
            }
        }
        var stack: [StackElement] = []
        for element in route.stack {
            guard let value = render(element.value) else { return nil }
            stack.append(StackElement(type: element.typeName, tag: element.tag, value: value))
        }
        var selection: StackElement?
        if let element = route.selection {
            guard let value = render(element.value) else { return nil }
            selection = StackElement(type: element.typeName, tag: element.tag, value: value)
        }
        var arguments: [Int: JSONValue] = [:]
        for (index, value) in values.enumerated() { if let value { arguments[index] = value } }
        return RouteSample(route: route, arguments: arguments, stack: stack, selection: selection)
    }
}
