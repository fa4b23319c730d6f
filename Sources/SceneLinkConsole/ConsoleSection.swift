import SceneLinkCore

/// The console's pages as its navigation lists them.
package enum ConsoleSection: String, Sendable, CaseIterable {
    case overview
    case links
    case analytics
    case routes
    case webhooks
    case claims
    case system

    /// The operation the page performs, which a session must be allowed for the navigation to
    /// list it (and the guard to open it); nil for pages every session opens (each of their
    /// parts shown only to a session allowed it).
    package var operation: AdminOperation? {
        switch self {
        case .overview, .system: nil
        case .links: .listShortLinks
        case .analytics: .analyticsTimeseries
        case .routes: .listRoutes
        case .webhooks: .listWebhooks
        case .claims: .listClaims
        }
    }

    /// The page's path.
    package var path: String { "/console/\(rawValue)" }

    /// The link's text and the page's heading.
    package var title: String {
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
