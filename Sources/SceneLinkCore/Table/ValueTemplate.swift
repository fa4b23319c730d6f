/// The item of a stack element as a route declares it: a constant, a parameter, or an
/// object whose members are templates (struct fields, an enum case's associated values).
/// Object members are kept sorted by key, so rendering writes sorted keys.
indirect enum ValueTemplate: Sendable {
    case constant(JSONValue)
    /// The route's parameter at this index.
    case parameter(Int)
    case object([(key: String, value: ValueTemplate)])

    /// The item, given the route's parameter values (nil for parameters not bound).
    func render(_ values: [JSONValue?]) -> JSONValue {
        switch self {
        case .constant(let value): return value
        case .parameter(let index): return (index < values.count ? values[index] : nil) ?? .null
        case .object(let members): return .object(members.map { (key: $0.key, value: $0.value.render(values)) })
        }
    }

    /// Binds parameters so that rendering gives `item`; false when no binding does.
    /// `accepts` says whether a parameter can take a value (it must print into a link).
    func unify(with item: JSONValue, bindings: inout [JSONValue?], accepts: (Int, JSONValue) -> Bool) -> Bool {
        switch self {
        case .constant(let value):
            return value == item
        case .parameter(let index):
            if let bound = bindings[index] { return bound == item }
            guard accepts(index, item) else { return false }
            bindings[index] = item
            return true
        case .object(let members):
            guard let itemMembers = item.objectMembers, itemMembers.count == members.count else { return false }
            for member in members {
                guard let value = itemMembers.first(where: { $0.key == member.key })?.value,
                      member.value.unify(with: value, bindings: &bindings, accepts: accepts) else { return false }
            }
            return true
        }
    }

    /// The template as JSON for listings, parameters written as `"{name}"`.
    func describe(parameterNames: [String]) -> JSONValue {
        switch self {
        case .constant(let value): return value
        case .parameter(let index): return .string("{\(index < parameterNames.count ? parameterNames[index] : "?")}")
        case .object(let members):
            return .object(members.map { (key: $0.key, value: $0.value.describe(parameterNames: parameterNames)) })
        }
    }
}
