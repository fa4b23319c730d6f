import SceneLinkHTTP

/// One declared route: method, pattern, policy and handler.
public struct Endpoint: Sendable {
    public let method: HTTPMethod
    /// `/v1/sessions/{id}`; for the catch-all, the name it is listed and counted under.
    public let pattern: String
    public let policy: RoutePolicy
    package let handler: HTTPHandler
    /// For the catch-all (link pages), the paths it takes; nil for every other route.
    package let accepts: (@Sendable (String) -> Bool)?

    /// `GET /v1/resolve`: how a route is named in messages and tables.
    public var name: String { "\(method.rawValue) \(pattern)" }
}
