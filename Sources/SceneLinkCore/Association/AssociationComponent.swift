/// One entry of the ordered `components` list of an association file, in the pattern
/// language Apple (`applinks.Details.Components`) and Google (`dynamic_app_link_components`)
/// share: `*` matches zero or more characters, `?` exactly one, `?*` one or more; none of
/// them stops at `/`. The first component that matches a URL decides: `exclude` keeps the
/// URL in the browser, any other opens the app.
public struct AssociationComponent: Sendable, Equatable {
    /// The pattern for the URL's path (the `/` key).
    public var path: String
    /// Patterns for query items by name (the `?` dictionary); an absent item counts as empty.
    public var query: [QueryItemPattern]
    public var exclude: Bool
    /// Text the platforms ignore: which route the component stands for.
    public var comment: String?

    /// One member of the `?` dictionary.
    public struct QueryItemPattern: Sendable, Equatable {
        public var name: String
        public var pattern: String

        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }

    public init(path: String, query: [QueryItemPattern] = [], exclude: Bool = false, comment: String? = nil) {
        self.path = path
        self.query = query
        self.exclude = exclude
        self.comment = comment
    }

    /// The component as JSON; `caseSensitive`/`percentEncoded` only for Apple, which has them.
    func json(apple: Bool) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [(key: "/", value: .string(path))]
        if !query.isEmpty {
            members.append((key: "?", value: .object(query.map { (key: $0.name, value: .string($0.pattern)) })))
        }
        if exclude { members.append((key: "exclude", value: .bool(true))) }
        if let comment { members.append((key: "comment", value: .string(comment))) }
        if apple {
            // What the resolver does: literals compare case-sensitively, and each segment and
            // query item is percent-decoded before it is compared.
            members.append((key: "caseSensitive", value: .bool(true)))
            members.append((key: "percentEncoded", value: .bool(false)))
        }
        return .object(members)
    }
}
