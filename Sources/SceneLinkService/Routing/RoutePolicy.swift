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

    public init(port: RoutePort = .public, caller: RouteCaller = .anyone, rateLimit: RouteRateLimit,
                maxBodyBytes: Int? = nil, pathCarriesSecret: Bool = false) {
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

    /// The operator's API: the admin port when there is one, the admin token or an API key
    /// holding `scope`, and no budget for calls that carry a working token (wrong ones count
    /// against `admin-auth`).
    public static func admin(scope: APIKeyScope) -> RoutePolicy {
        RoutePolicy(port: .admin, caller: .admin(scope: scope), rateLimit: operatorCalls)
    }

    /// The operator's API for the admin token alone (key management, and routes no key may call).
    public static let rootOnly = RoutePolicy(port: .admin, caller: .rootOnly, rateLimit: operatorCalls)

    /// The rate limit of every admin route, written once.
    private static let operatorCalls = RouteRateLimit.notLimited(
        because: "the operator's own calls; wrong tokens count against admin-auth per address")
}
