/// The console's pages as its navigation lists them.
enum ConsoleSection: String, Sendable, CaseIterable {
    case overview
    case links
    case analytics
    case routes
    case webhooks
    case claims
    case system

    /// The page's path.
    var path: String { "/console/\(rawValue)" }

    /// The link's text and the page's heading.
    var title: String {
        switch self {
        case .overview: "Overview"
        case .links: "Links"
        case .analytics: "Analytics"
        case .routes: "Routes"
        case .webhooks: "Webhooks"
        case .claims: "Claims"
        case .system: "System"
        }
    }
}
