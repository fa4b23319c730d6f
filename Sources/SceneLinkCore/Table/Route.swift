/// One compiled route: its full pattern from the root, its parameters, and the templates of
/// the stack it yields.
///
/// An alias (`"aliases"` in the route file) is a `Route` too: its own pattern and location,
/// its canonical route's name, parameters, stack and presentation, and `aliasOf` naming the
/// canonical route. Links print with the canonical route's pattern.
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
    /// The route's `preview` and `fallback` templates (the parent's where it sets none).
    let presentation: RoutePresentation
    /// For an alias, the index of the route it stands for; nil for a route of its own.
    var aliasOf: Int? = nil

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

    func element(_ values: [JSONValue?]) -> StackElement {
        StackElement(type: typeName, tag: tag, value: value.render(values))
    }
}
