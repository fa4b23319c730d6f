import SceneLinkHTTP

extension RateLimiter {
    /// The class a route's requests count against, keyed by client address; nil for routes
    /// without an address-keyed limit (operations, association files that Apple's and Google's
    /// crawlers fetch, the admin API behind its token, and scene state, which
    /// `SceneStateEndpoints` limits per session).
    static func addressClass(of route: HTTPRouter.Route) -> RateLimitClass? {
        switch (route.method, route.pattern) {
        case (.post, SceneStateEndpoints.sessionsPattern): .sessions
        case (.post, ClaimEndpoints.redeemPattern): .claims
        case (_, ClaimEndpoints.pagePattern): .links
        case (_, "/v1/resolve"), (_, "/v1/links"), (_, "/v1/routes"): .resolve
        case (_, ShortLinkEndpoints.followPattern), (_, LinkPageEndpoints.pattern): .links
        default: nil
        }
    }

    /// `router` with each address-limited route's handler behind its class's bucket: over the
    /// limit, 429 as problem+json, or for `links` as the link page's notice when the client
    /// prefers HTML (`ContentNegotiation`).
    func guarding(_ router: HTTPRouter, linkPages: LinkPageEndpoints) -> HTTPRouter {
        router.mapped { route in
            let handler = route.handler
            guard let kind = Self.addressClass(of: route), limits.policies[kind] != nil else { return handler }
            return { [self] request, responder in
                guard let refusal = refusal(kind, key: RateLimitKey(client: request.clientAddress)) else {
                    return handler(request, responder)
                }
                if kind == .links, !ContentNegotiation.prefersJSON(request) {
                    let page = linkPages.current.notice(status: .tooManyRequests, title: RateLimitRefusal.title,
                                                        detail: refusal.detail)
                    responder.respond(refusal.pageResponse(page))
                } else {
                    responder.respond(refusal.problemResponse())
                }
            }
        }
    }
}
