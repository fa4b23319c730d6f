import SceneLinkCore

/// Everything that applies to a route besides its handler, declared where the route is
/// registered: which port serves it, who may call it, what it counts against, how large a
/// body it takes, and whether its path carries a secret.
///
/// ```swift
/// endpoints.on(.post, "/v1/webhooks", .admin(scope: .webhooksAdmin).accepting(bodyBytes: 16 * 1024)) { request, responder in … }
/// endpoints.on(.get, "/v1/keys", .rootOnly) { request, responder in … }
/// ```
public struct RoutePolicy: Sendable {
    public var port: RoutePort
    public var caller: RouteCaller
    public var rateLimit: RouteRateLimit
    /// The largest body the route accepts, answered 413 from the declared length before the
    /// body is read; nil for routes that take no body (the server's limit then applies).
    public var maxBodyBytes: Int?
    /// The path carries a secret (a claim token): the access log writes the route's pattern
    /// instead of the path, so a log reader cannot redeem it.
    public var pathCarriesSecret: Bool
    /// The operator's operation the route performs, whose permission (`AdminOperation.permission`)
    /// the guard checks before the handler runs: an admin route's caller is made from it, and a
    /// console route's session must be allowed it. nil for routes that perform none (visitors'
    /// routes, a console page that shows only what the session may see).
    public var operation: AdminOperation?

    public init(port: RoutePort = .public, caller: RouteCaller = .anyone, rateLimit: RouteRateLimit,
                maxBodyBytes: Int? = nil, pathCarriesSecret: Bool = false, operation: AdminOperation? = nil) {
        self.operation = operation
        self.port = port
        self.caller = caller
        self.rateLimit = rateLimit
        self.maxBodyBytes = maxBodyBytes
        self.pathCarriesSecret = pathCarriesSecret
    }

    /// This policy for a route that takes a body of up to `bodyBytes`.
    public func accepting(bodyBytes: Int) -> RoutePolicy {
        var policy = self
        policy.maxBodyBytes = bodyBytes
        return policy
    }

    /// This policy for a route that performs `operation` (a console page or form).
    public func performing(_ operation: AdminOperation) -> RoutePolicy {
        var policy = self
        policy.operation = operation
        return policy
    }

    /// The operator's API for a route that performs `operation`: the admin port when there is
    /// one, and the caller the permission table names (the admin token, or an API key holding the
    /// operation's scope; the admin token alone for key management), with no budget for calls that
    /// carry a working token (wrong ones count against `admin-auth`).
    public static func admin(_ operation: AdminOperation) -> RoutePolicy {
        let caller: RouteCaller = switch operation.permission {
        case .scope(let scope): .admin(scope: scope)
        // No API route performs an operation open to any operator: those are the public routes'.
        case .adminToken, .anyOperator: .rootOnly
        }
        return RoutePolicy(port: .admin, caller: caller, rateLimit: operatorCalls, operation: operation)
    }

    /// The rate limit of every admin route, written once.
    private static let operatorCalls = RouteRateLimit.notLimited(
        because: "the operator's own calls; wrong tokens count against admin-auth per address")
}
