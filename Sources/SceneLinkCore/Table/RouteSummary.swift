/// One loaded route for listings (`GET /v1/routes`, `scenelink routes`).
public struct RouteSummary: Sendable, Equatable {
    /// The full name (`settings.account`).
    public var name: String
    /// The full pattern with parameter types and query items (`/users/{id:Int}?tab={tab}`).
    public var pattern: String
    /// The stack template in push order: elements whose values show parameters as `"{name}"`.
    public var stack: [StackElement]
    public var selection: StackElement?
    /// The patterns of the route's aliases (old paths that still resolve to it), in file order.
    public var aliases: [String]

    public init(name: String, pattern: String, stack: [StackElement], selection: StackElement?, aliases: [String] = []) {
        self.name = name
        self.pattern = pattern
        self.stack = stack
        self.selection = selection
        self.aliases = aliases
    }
}
