import SceneLinkCore
import SceneLinkHTTP
import SceneLinkNetwork
import SceneLinkOperations

/// Makes the claims link pages hand out: a fresh token and code for a link, stored before the
/// page is sent, so that the app can redeem it as soon as it is installed.
public struct ClaimIssuer: Sendable {
    let store: any ClaimStore
    let configuration: ClaimEndpoints.Configuration
    let clock: SceneStateClock
    let metrics: ClaimMetrics
    /// Spends the client's `claim-pages` budget; nil when rate limits are off.
    let rateLimiter: RateLimiter?

    public init(store: any ClaimStore, configuration: ClaimEndpoints.Configuration, clock: SceneStateClock,
                metrics: ClaimMetrics, rateLimiter: RateLimiter? = nil) {
        self.store = store
        self.configuration = configuration
        self.clock = clock
        self.metrics = metrics
        self.rateLimiter = rateLimiter
    }

    /// Makes a claim for `link` (which resolved to `route`, kept for `claim.redeemed`; `shortLink`
    /// the code of the short link the page was reached through, kept for install analytics) for
    /// `client`, has `prepare` make what the claim is for (the page that carries it) and stores
    /// the claim; answers what `prepare` made once the claim is stored, or nil when the client's
    /// `claim-pages` budget is spent (counted in `scenelink_rate_limited_total`) or the store
    /// failed: the page is then served without a claim, and the visitor still gets the store and
    /// the app.
    ///
    /// `prepare` runs on the caller's thread, before the write, so the page is rendered while the
    /// claim waits for its group commit rather than on the store's writer thread after it.
    func issue<Prepared: Sendable>(link: String, route: String?, shortLink: ShortCode?, for client: IPAddress,
                                   prepare: @escaping @Sendable (ClaimTicket) -> Prepared,
                                   _ completion: @escaping @Sendable (Prepared?) -> Void) {
        if let rateLimiter, rateLimiter.refusal(.claimPages, key: RateLimitKey(client: client)) != nil {
            return completion(nil)
        }
        issue(link: link, route: route, shortLink: shortLink, attempts: 3, prepare: prepare, completion)
    }

    /// A taken id or code (40 bits of code can collide) draws another pair, up to `attempts` times.
    private func issue<Prepared: Sendable>(link: String, route: String?, shortLink: ShortCode?, attempts: Int,
                                           prepare: @escaping @Sendable (ClaimTicket) -> Prepared,
                                           _ completion: @escaping @Sendable (Prepared?) -> Void) {
        let ticket = ClaimTicket.issue(link: link, route: route, shortLink: shortLink, at: clock.now(), lifetime: configuration.lifetime.seconds,
                                       codeLifetime: configuration.codeLifetime.seconds, codes: store.claimCodes)
        let prepared = prepare(ticket)
        store.createClaim(ticket.claim) { [self] result in
            switch result {
            case .success:
                metrics.recordMade()
                completion(prepared)
            case .failure(.exists) where attempts > 1:
                issue(link: link, route: route, shortLink: shortLink, attempts: attempts - 1, prepare: prepare, completion)
            case .failure:
                metrics.recordIssueFailure()
                completion(nil)
            }
        }
    }
}
