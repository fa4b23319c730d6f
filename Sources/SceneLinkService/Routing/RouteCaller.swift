/// Who may call a route.
public enum RouteCaller: String, Sendable, CaseIterable, Codable {
    /// Anyone: visitors, apps, crawlers, probes.
    case anyone
    /// A session's bearer token from `POST /v1/sessions`. The endpoint checks it against the
    /// store, since only the store knows the session.
    case session
    /// The admin token (`--admin-token`, or `--admin-token-next` during a rotation), checked
    /// before the handler runs. Wrong tokens count against the `admin-auth` class per address.
    case adminToken = "admin-token"
}
