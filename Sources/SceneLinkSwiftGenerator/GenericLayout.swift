import SceneLinkCore

/// How the instances of one generic type (`Box<Swift.Int>`, `Box<Swift.String>`) become one
/// declaration: which fields take a generic parameter, which keep a fixed type.
struct GenericLayout {
    /// `T`, or `T0`, `T1`, ... (empty for a type that is not generic).
    var parameterNames: [String] = []
    /// By field key (`name`, or `case.name` for associated values): the generic parameter it
    /// has, when it has one.
    var parameterOfField: [String: Int] = [:]

    var usedParameters: Set<Int> { Set(parameterOfField.values) }

    /// Fields of a kind with their keys, in order.
    static func fields(_ kind: RouteType.Kind) -> [(key: String, type: String)] {
        switch kind {
        case .structure(let fields): return fields.map { (key: $0.name, type: $0.type) }
        case .associatedEnum(let cases):
            return cases.flatMap { enumCase in enumCase.fields.map { (key: enumCase.name + "." + $0.name, type: $0.type) } }
        default: return []
        }
    }

    /// The shape that every instance must share: kind, cases, raw values, field names.
    static func shape(_ kind: RouteType.Kind) -> String {
        switch kind {
        case .intEnum(let cases): return "Int:" + cases.map { "\($0.name)=\($0.raw)" }.joined(separator: ",")
        case .stringEnum(let cases): return "String:" + cases.map { "\($0.name)=\($0.raw)" }.joined(separator: ",")
        case .structure, .associatedEnum:
            let prefix = { if case .structure = kind { return "struct:" } else { return "enum:" } }()
            return prefix + fields(kind).map(\.key).joined(separator: ",")
        default: return "builtin"
        }
    }

    /// - Throws: `.unsupported` when two instances cannot be one Swift declaration.
    init(node: TypeNode, model: RouteFileModel) throws(SwiftGenerationError) {
        guard let first = node.instances.first else { return }
        let arity = first.path.arguments.count
        let sameName = "two types would get the same Swift name"
        for other in node.instances.dropFirst() {
            guard other.path.arguments.count == arity, arity > 0 else {
                throw .unsupported(location: other.tagLocation, message: "The tag \"\(other.type.tag)\" and the tag of \(first.location) (\"\(first.type.tag)\") would be one Swift type, \(node.name), declared twice; \(sameName). Give one of them another name.")
            }
            guard GenericLayout.shape(other.type.kind) == GenericLayout.shape(first.type.kind) else {
                throw .unsupported(location: other.location, message: "\(other.type.tag) and \(first.type.tag) are instances of one generic Swift type, \(node.name), so they need the same kind, cases and field names; make them agree or give one another name.")
            }
        }
        guard arity > 0 else { return }
        parameterNames = arity == 1 ? ["T"] : (0..<arity).map { "T\($0)" }
        let keyed = node.instances.map { GenericLayout.fields($0.type.kind) }
        for (position, field) in keyed[0].enumerated() {
            let tags = zip(node.instances, keyed).map { model.tag(of: $1[position].type) }
            if let parameter = (0..<arity).first(where: { index in zip(node.instances, tags).allSatisfy { $0.path.arguments[index].tag == $1 } }) {
                parameterOfField[field.key] = parameter
            } else if Set(tags).count > 1 {
                let other = node.instances[tags.firstIndex { $0 != tags[0] } ?? 0]
                throw .unsupported(location: other.location, message: "The field \(field.key) of \(other.type.tag) has another type than in \(first.type.tag), and not the generic argument; one Swift declaration of \(node.name) cannot hold both.")
            }
        }
    }
}
