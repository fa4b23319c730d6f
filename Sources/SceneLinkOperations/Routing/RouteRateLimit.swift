/// What a route's requests count against.
public enum RouteRateLimit: Sendable, Equatable {
    /// The class's budget per client address, taken before the handler runs (429 past it).
    case perAddress(RateLimitClass)
    /// The class's budget per session, taken by the endpoint once it has read the session's
    /// token: many users behind one carrier NAT do not share a budget.
    case perSession(RateLimitClass)
    /// Not limited; the reason is part of the declaration so a reviewer can weigh it.
    case notLimited(because: String)

    /// The class counted, if any.
    public var rateLimitClass: RateLimitClass? {
        switch self {
        case .perAddress(let kind), .perSession(let kind): kind
        case .notLimited: nil
        }
    }
}
