import SceneLinkCore

/// Who may call a route.
public enum RouteCaller: Sendable, Equatable {
    /// Anyone: visitors, apps, crawlers, probes.
    case anyone
    /// A session's bearer token from `POST /v1/sessions`. The endpoint checks it against the
    /// store, since only the store knows the session.
    case session
    /// The admin token (`--admin-token`, or `--admin-token-next` during a rotation), or an API key
    /// holding `scope` (`APIKeyScope.grants`), checked before the handler runs. Wrong tokens and
    /// unknown or revoked keys count against the `admin-auth` class per address; a working key
    /// without the scope is 403 `missing-scope`.
    case admin(scope: APIKeyScope)
    /// The admin token only (the root key): key management and other routes no key may call.
    case rootOnly

    /// How `scenelink endpoints` names it: `anyone`, `session`, or `admin-token` for both admin kinds
    /// (`scope` says which key scope passes too).
    public var rawValue: String {
        switch self {
        case .anyone: "anyone"
        case .session: "session"
        case .admin, .rootOnly: "admin-token"
        }
    }

    /// The key scope that passes besides the admin token; nil for every other caller.
    public var scope: APIKeyScope? {
        if case .admin(let scope) = self { return scope }
        return nil
    }

    /// Whether the admin token passes (checked by `AdminAuthenticator` before the handler).
    public var takesAdminToken: Bool {
        switch self {
        case .admin, .rootOnly: true
        case .anyone, .session: false
        }
    }
}
