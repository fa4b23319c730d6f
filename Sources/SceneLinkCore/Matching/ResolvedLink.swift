/// A resolved link: the route, its parameter values, the whole back stack and the split
/// view's selection, with the stack's canonical links.
public struct ResolvedLink: Sendable, Equatable {
    /// The link as given.
    public var link: String
    /// The route's full name; nil for the root link of a file that declares no `/` route.
    public var route: String?
    /// Parameter values in the route's order (path, then query), as item JSON.
    public var parameters: [ResolvedParameter]
    /// The stack in push order (root first).
    public var elements: [StackElement]
    public var selection: StackElement?
    public var canonical: CanonicalLinks

    public init(link: String, route: String?, parameters: [ResolvedParameter], elements: [StackElement],
                selection: StackElement?, canonical: CanonicalLinks) {
        self.link = link
        self.route = route
        self.parameters = parameters
        self.elements = elements
        self.selection = selection
        self.canonical = canonical
    }
}

/// One parameter value of a resolved link.
public struct ResolvedParameter: Sendable, Equatable {
    public var name: String
    public var value: JSONValue

    public init(name: String, value: JSONValue) {
        self.name = name
        self.value = value
    }
}
