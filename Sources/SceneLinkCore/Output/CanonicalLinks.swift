/// The canonical links of one stack: the first custom scheme's and the first host's.
public struct CanonicalLinks: Sendable, Equatable {
    /// The route that yields the stack; nil for the empty stack of an undeclared root.
    public var route: String?
    /// `fuelmoney://settings/account`, or nil when the app lists no scheme.
    public var scheme: String?
    /// `https://fuelmoney.example.com/settings/account`, or nil when the app lists no host.
    public var https: String?

    public init(route: String?, scheme: String?, https: String?) {
        self.route = route
        self.scheme = scheme
        self.https = https
    }

    /// `{"scheme":...,"https":...}` (members that are nil are written as null).
    var json: JSONValue {
        .object([(key: "scheme", value: scheme.map(JSONValue.string) ?? .null),
                 (key: "https", value: https.map(JSONValue.string) ?? .null)])
    }

    /// `{"route":...,"scheme":...,"https":...}`, the answer of `POST /v1/links`.
    public var documentBytes: [UInt8] {
        var document = JSONObjectWriter(capacity: 128)
        document.member("route", route)
        document.member("scheme", scheme)
        document.member("https", https)
        return document.finish()
    }
}
