/// Where one route file sends a link: the route's full name and the stack it opens.
public struct LinkCheckTarget: Sendable, Equatable {
    /// The route's full name; nil for the root link.
    public var route: String?
    /// The stack in push order.
    public var elements: [StackElement]
    public var selection: StackElement?

    public init(route: String?, elements: [StackElement], selection: StackElement?) {
        self.route = route
        self.elements = elements
        self.selection = selection
    }

    init(_ resolved: ResolvedLink) {
        self.init(route: resolved.route, elements: resolved.elements, selection: resolved.selection)
    }

    /// `settings.account [HomePath 1, HomePath 2]`, `(root) []`.
    public var text: String {
        let stack = elements.map { "\($0.type) \(JSONWriter.text($0.value, escapingSlashes: false))" }.joined(separator: ", ")
        let selected = selection.map { " selection \($0.type) \(JSONWriter.text($0.value, escapingSlashes: false))" } ?? ""
        return "\(route ?? "(root)") [\(stack)]\(selected)"
    }

    /// `{"route":…,"elements":[…],"selection":…}`.
    public var json: JSONValue {
        .object([("route", route.map(JSONValue.string) ?? .null), ("elements", .array(elements.map(\.json))),
                 ("selection", selection?.json ?? .null)])
    }
}
