/// One route as a code generator sees it: its pattern, typed parameters, query items and the
/// stack it yields, as plain values (the compiled `Route` stays internal).
///
/// Parameters are numbered as the route numbers them (ancestors' first); `Segment.parameter`,
/// `QueryItem.parameter` and `Template.parameter` index into `parameters`.
public struct RouteDeclaration: Sendable {
    /// One segment of the full path from the root.
    public enum Segment: Sendable, Equatable {
        /// Literal text, not yet percent-encoded.
        case literal(String)
        /// A parameter filling one segment.
        case parameter(Int)
        /// `{rest...}`: the remaining segments joined by `/` (always a `String`).
        case rest(Int)
    }

    /// A parameter of the route and the route-file name of its type (`Int`, `Level`).
    public struct Parameter: Sendable, Equatable {
        public let name: String
        public let typeName: String
    }

    /// A query item feeding a parameter; `defaultValue` nil means the item is required.
    public struct QueryItem: Sendable, Equatable {
        public let name: String
        public let parameter: Int
        /// The default as the app would encode it (canonical JSON), printed links leave it out.
        public let defaultValue: JSONValue?
    }

    /// An item as the route writes it: a constant, a parameter, or an object of fields (an
    /// enum case's associated values, a struct's fields) whose members are templates.
    public indirect enum Template: Sendable {
        case constant(JSONValue)
        case parameter(Int)
        /// Members sorted by key.
        case object([(key: String, value: Template)])
    }

    /// One stack element (or the selection) as the route declares it.
    public struct Element: Sendable {
        /// The route-file type name (`HomePath`, `Int`).
        public let typeName: String
        /// The tag (`FuelMoney.HomePath`).
        public let tag: String
        public let value: Template
    }

    /// The full name (`settings.account`).
    public let name: String
    /// Where the route is in the route file (`routes[0].routes[1]`).
    public let location: String
    /// The full pattern for people (`/users/{id:Int}/profile?name={name}`).
    public let pattern: String
    public let segments: [Segment]
    public let parameters: [Parameter]
    /// Query items in file order.
    public let query: [QueryItem]
    /// The stack, root first (push order).
    public let stack: [Element]
    public let selection: Element?
    /// The patterns of the route's aliases (old paths that still resolve to it), in file order.
    public let aliases: [String]
}
