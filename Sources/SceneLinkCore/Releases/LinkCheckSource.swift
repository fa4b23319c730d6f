/// Where a link checked against a candidate route file comes from (`LinkCheck`).
public enum LinkCheckSource: Sendable, Equatable {
    /// A stored short link, by its code; `expired` links are reported but do not fail the check.
    case shortLink(code: String, expired: Bool)
    /// A sample link of a route of today's route file (`route` is its full name).
    case routeExample(route: String)
    /// A line of the file given with `--links` (links that live outside the store).
    case listed(line: Int)

    /// `short-link`, `route-example` or `listed`: the `kind` of the JSON report.
    public var kind: String {
        switch self {
        case .shortLink: "short-link"
        case .routeExample: "route-example"
        case .listed: "listed"
        }
    }

    /// Whether a change to this link fails the check: every link but an expired short link.
    public var isLive: Bool {
        if case .shortLink(_, let expired) = self { return !expired }
        return true
    }

    /// How a person reads the source: `short link Ab3x`, `route settings.account`, `line 3`.
    public var label: String {
        switch self {
        case .shortLink(let code, let expired): "short link \(code)\(expired ? " (expired)" : "")"
        case .routeExample(let route): "route \(route)"
        case .listed(let line): "line \(line)"
        }
    }
}
