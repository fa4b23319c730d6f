import SceneLinkHTTP

/// What stands in front of a declared route's handler, built from its `RoutePolicy`: the
/// admin-token check with its budget for wrong tokens, and the per-address rate limit.
///
/// Order for an admin-token route: an address whose `admin-auth` budget is spent is 429
/// whatever it sends (so the budget bounds guessing); then the token (403 off, 401 missing or
/// wrong, a wrong one taking a token from the budget). Order for an address-limited route: one
/// token from its class's bucket, else 429 as problem+json, or for the `links` class as the
/// link page's notice when the client prefers HTML (`ContentNegotiation`).
struct EndpointGuard: Sendable {
    /// nil when rate limits are off (`--rate-limit off`).
    let rateLimiter: RateLimiter?
    let admin: AdminAuthenticator
    /// Whose notice a browser over the `links` budget is shown.
    let linkPages: LinkPageEndpoints

    /// `endpoint`'s handler with its guards in front (the handler itself when none applies).
    func handler(for endpoint: Endpoint) -> HTTPHandler {
        let handler = endpoint.handler
        var addressClass: RateLimitClass?
        if case .perAddress(let kind) = endpoint.policy.rateLimit, rateLimiter?.applies(kind) == true {
            addressClass = kind
        }
        let limited: HTTPHandler
        if let kind = addressClass, let rateLimiter {
            limited = { [linkPages] request, responder in
                guard let refusal = rateLimiter.refusal(kind, key: RateLimitKey(client: request.clientAddress)) else {
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
        } else {
            limited = handler
        }
        guard endpoint.policy.caller == .adminToken else { return limited }
        return { [admin, rateLimiter] request, responder in
            let key = RateLimitKey(client: request.clientAddress)
            if let refusal = rateLimiter?.refusalWithoutTaking(.adminAuth, key: key) {
                return responder.respond(refusal.problemResponse())
            }
            if let refusal = admin.refusal(request) {
                // Only a wrong token spends the budget: an operator whose token is missing is told how to send it.
                if refusal == .wrongToken { _ = rateLimiter?.refusal(.adminAuth, key: key) }
                return responder.respond(refusal.response)
            }
            limited(request, responder)
        }
    }
}
