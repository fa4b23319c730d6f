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
    /// The holder of a console session cookie (`ConsoleSessions`), made at `POST /console/sign-in`
    /// with the admin token or a key holding the `console` scope. The console's guard checks the
    /// session before the handler runs, and for every method but GET the form token and the
    /// request's origin (`ConsoleRequestCheck`); it answers HTML pages, never problem+json.
    case console

    /// How `scenelink endpoints` names it: `anyone`, `session`, `admin-token` for both admin kinds
    /// (`scope` says which key scope passes too), or `console-session`.
    public var rawValue: String {
        switch self {
        case .anyone: "anyone"
        case .session: "session"
        case .admin, .rootOnly: "admin-token"
        case .console: "console-session"
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
        case .anyone, .session, .console: false
        }
    }

    /// Whether the route is an operator's (the admin token, a key, or a console session), which
    /// must be declared for the admin port.
    public var isOperator: Bool {
        switch self {
        case .admin, .rootOnly, .console: true
        case .anyone, .session: false
        }
    }
}
