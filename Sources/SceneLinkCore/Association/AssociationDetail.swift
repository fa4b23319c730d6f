/// How closely an association file follows the routes. The finest level whose document
/// fits in `AssociationFiles.maximumBytes` is served; each coarser level claims more.
public enum AssociationDetail: Int, Sendable, Comparable, CaseIterable {
    /// One component per route (a few per route where a `Bool` or `String` enum parameter
    /// lists its values), with the route's name as `comment`.
    case routes
    /// One component per route, every parameter a wildcard, no comments.
    case wildcards
    /// One component per distinct first path segment (`/settings/*`).
    case prefixes
    /// Every path but the server's own (`*`).
    case everything

    public static func < (a: AssociationDetail, b: AssociationDetail) -> Bool { a.rawValue < b.rawValue }
}

extension AssociationDetail {
    /// What a document at this detail claims, for messages.
    var phrase: String {
        switch self {
        case .routes: return "each route"
        case .wildcards: return "each route with every parameter a wildcard"
        case .prefixes: return "every path under each route's first segment"
        case .everything: return "every path but the server's own"
        }
    }
}
