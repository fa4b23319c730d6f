import SceneLinkHTTP

/// What stands in front of a declared route's handler, built from its `RoutePolicy`: the
/// admin check (the admin token, or an API key with the route's scope) with its budget for
/// wrong tokens, and the per-address rate limit.
///
/// Order for an admin route: an address whose `admin-auth` budget is spent is 429 whatever it
/// sends (so the budget bounds guessing); then the token (403 off, 401 missing or wrong, a wrong
/// one or an unknown or revoked key taking a token from the budget; 403 for a working key
/// without the route's scope, or on a root-only route). The handler then sees who called in
/// `HTTPRequest.principal` (`admin-token`, `key:NAME(id)`). Order for an address-limited route: one
/// token from its class's bucket, else 429 as problem+json, or for the `links` class as the
/// link page's notice when the client prefers HTML (`ContentNegotiation`), or for the
/// `console-sign-in` class as the console's page. A console route (`RouteCaller.console`) goes
/// through the console's own door (`SessionDoor`, the console's `ConsoleGuard`): a live session,
/// and for a change its form token and same origin.
/// A refused caller is audited (`RefusalAudit`, `auth.refused`); one let through is attached to the
/// request (`OperatorIdentity`, for the operation's own permission check and audit entry) and named
/// in the access log (`HTTPResponse.principal`: `admin-token`, `key:ID`, never a token).
/// Before all of these, a route of the admin port (`RoutePort.admin`, on `--admin-listen` or
/// sharing the public port) checks the host the request asked for (`AdminHostCheck`, 421 else).
package struct EndpointGuard: Sendable {
    /// nil when rate limits are off (`--rate-limit off`).
    package let rateLimiter: RateLimiter?
    package let admin: AdminAuthenticator
    /// The link pages in force, whose notice a browser over the `links` budget is shown.
    package let linkPages: Current<LinkPage>
    /// The console sessions' check for `RouteCaller.console` routes; nil when the console is off
    /// (its routes are then not registered).
    package var console: (any SessionDoor)? = nil
    /// Where refused callers are audited (`auth.refused`); nil without an audit log.
    package var refusals: RefusalAudit? = nil
    /// The Host check of the admin port's routes; nil checks none (tests of the other guards).
    package var adminHosts: AdminHostCheck? = nil

    package init(rateLimiter: RateLimiter?, admin: AdminAuthenticator, linkPages: Current<LinkPage>,
                 console: (any SessionDoor)? = nil, refusals: RefusalAudit? = nil, adminHosts: AdminHostCheck? = nil) {
        self.rateLimiter = rateLimiter
        self.admin = admin
        self.linkPages = linkPages
        self.console = console
        self.refusals = refusals
        self.adminHosts = adminHosts
    }

    /// `endpoint`'s handler with its guards in front (the handler itself when none applies).
    package func handler(for endpoint: Endpoint) -> HTTPHandler {
        let guarded = callerAndRateGuards(for: endpoint)
        guard endpoint.policy.port == .admin, let adminHosts else { return guarded }
        return adminHosts.guarding(guarded)
    }

    /// `endpoint`'s handler behind its caller check and rate limit.
    private func callerAndRateGuards(for endpoint: Endpoint) -> HTTPHandler {
        let handler = endpoint.handler
        var addressClass: RateLimitClass?
        if case .perAddress(let kind) = endpoint.policy.rateLimit, rateLimiter?.applies(kind) == true {
            addressClass = kind
        }
        let limited: HTTPHandler
        if let kind = addressClass, let rateLimiter {
            limited = { [linkPages, console] request, responder in
                guard let refusal = rateLimiter.refusal(kind, key: RateLimitKey(client: request.clientAddress)) else {
                    return handler(request, responder)
                }
                if kind == .consoleSignIn, let console {
                    responder.respond(refusal.pageResponse(console.notice(status: .tooManyRequests, title: RateLimitRefusal.title,
                                                                          detail: refusal.detail)))
                } else if kind == .links, !ContentNegotiation.prefersJSON(request) {
                    let page = linkPages.value.notice(status: .tooManyRequests, title: RateLimitRefusal.title,
                                                        detail: refusal.detail)
                    responder.respond(refusal.pageResponse(page))
                } else {
                    responder.respond(refusal.problemResponse())
                }
            }
        } else {
            limited = handler
        }
        let caller = endpoint.policy.caller
        if caller == .console {
            guard let console else {
                let off = HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + "not-found", title: "Not found",
                                      detail: "The console is off (--console off).")
                return { _, responder in responder.respond(off.response()) }
            }
            return console.handler(guarding: limited, route: endpoint.name, operation: endpoint.policy.operation)
        }
        guard caller.takesAdminToken else { return limited }
        let route = endpoint.name
        return { [admin, rateLimiter, refusals] request, responder in
            let key = RateLimitKey(client: request.clientAddress)
            if let refusal = rateLimiter?.refusalWithoutTaking(.adminAuth, key: key) {
                return responder.respond(refusal.problemResponse())
            }
            admin.identify(request, for: caller) { decision in
                switch decision {
                case .success(let identity):
                    var request = request
                    // Set here, whatever the request carried: the handler's audit entry names this caller.
                    request.principal = identity.actor.description
                    request.attachment = identity
                    limited(request, responder.naming(identity.logName))
                case .failure(let failure):
                    // Only a wrong token (or unknown or revoked key) spends the budget: an operator whose
                    // token is missing is told how to send it, and a key without a scope is told which.
                    if failure.refusal == .wrongToken { _ = rateLimiter?.refusal(.adminAuth, key: key) }
                    if let reason = failure.reason {
                        refusals?.record(reason, client: request.clientAddress, keyID: failure.keyID, door: .api, route: route)
                    }
                    responder.respond(failure.refusal.response)
                }
            }
        }
    }
}
