/// One compiled route: its full pattern from the root, its parameters, and the templates of
/// the stack it yields.
struct Route: Sendable {
    /// The full name (`settings.account`).
    let name: String
    /// The full pattern for people (`/settings/{item:Int}?tab={tab}`).
    let pattern: String
    /// Where the route is in the route file (`routes[0].routes[1]`).
    let location: String
    let segments: [PatternSegment]
    let parameters: [RouteParameter]
    /// Query items, in file order, that feed parameters.
    let query: [QueryItem]
    /// The stack, root first (push order): the ancestors' pushes, then this route's.
    let stack: [ElementTemplate]
    let selection: ElementTemplate?
    /// Whether every element's item is a constant (the stack does not depend on the link).
    let constantStack: Bool

    /// The count of required query items (more specific routes are tried first).
    var requiredQueryCount: Int { query.count { $0.defaultValue == nil } }
}

/// One segment of a route's full path.
enum PatternSegment: Sendable, Equatable {
    case literal(String)
    /// A parameter filling one segment: the index into `Route.parameters`.
    case parameter(Int)
    /// `{rest...}`: the remaining segments joined by `/`.
    case rest(Int)
}

/// A parameter of a route.
struct RouteParameter: Sendable {
    let name: String
    /// The route-file type name.
    let typeName: String
    let kind: ParameterKind
}

/// A query item feeding a parameter; `defaultValue` nil means the item is required.
struct QueryItem: Sendable {
    let name: String
    let parameter: Int
    let defaultValue: JSONValue?
}

/// One stack element as a route declares it.
struct ElementTemplate: Sendable {
    let typeName: String
    let tag: String
    let value: ValueTemplate
    /// `"tag","item"` as written in a CodableRepresentation, when the item is a constant.
    let constantFragment: [UInt8]?
    /// `"tag","` written once, for elements whose item depends on parameters.
    let tagPrefix: [UInt8]

    init(typeName: String, tag: String, value: ValueTemplate) {
        self.typeName = typeName
        self.tag = tag
        self.value = value
        var prefix: [UInt8] = []
        JSONWriter.appendString(tag, to: &prefix, escapingSlashes: true)
        prefix.append(contentsOf: Array(",\"".utf8))
        tagPrefix = prefix
        if case .constant(let item) = value {
            var fragment = prefix
            JSONWriter.appendEscaped(JSONWriter.encode(item), to: &fragment, escapingSlashes: true)
            fragment.append(UInt8(ascii: "\""))
            constantFragment = fragment
        } else {
            constantFragment = nil
        }
    }

    func element(_ values: [JSONValue?]) -> StackElement {
        StackElement(type: typeName, tag: tag, value: value.render(values))
    }
}
