/// What an analytics answer counts: every visit, one short link's, or one route's.
///
/// Written `all`, `link:CODE` or `route:NAME` (the route's full name, `parent.child`, as the
/// route file gives it; `route:/` is the root route). A short link's visits count under its code
/// and under the route its target resolves to, so `route:NAME` is everything that reached that
/// route's page, directly or through a short link; `all` counts each visit once.
public enum AnalyticsScope: Hashable, Sendable, CustomStringConvertible {
    case all
    case link(ShortCode)
    case route(String)

    /// The longest route name a scope may carry.
    public static let maximumRouteLength = 200

    /// Reads a scope as written in a query.
    /// - Throws: `AnalyticsQueryError.invalidScope` saying what is accepted.
    public init(parsing text: String) throws(AnalyticsQueryError) {
        if text == "all" {
            self = .all
        } else if text.hasPrefix("link:") {
            guard let code = try? ShortCode(String(text.dropFirst(5))) else { throw .invalidScope(text) }
            self = .link(code)
        } else if text.hasPrefix("route:") {
            let name = String(text.dropFirst(6))
            guard !name.isEmpty, name.utf8.count <= Self.maximumRouteLength,
                  name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { throw .invalidScope(text) }
            self = .route(name)
        } else {
            throw .invalidScope(text)
        }
    }

    /// The scope as stored and written: `all`, `link:CODE` or `route:NAME`.
    public var key: String {
        switch self {
        case .all: "all"
        case .link(let code): "link:" + code.rawValue
        case .route(let name): "route:" + name
        }
    }

    public var description: String { key }
}
