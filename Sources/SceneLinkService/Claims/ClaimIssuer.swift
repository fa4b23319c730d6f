import SceneLinkCore
import SceneLinkHTTP

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

    /// Stores a new claim for `link` made for `client` and answers its ticket, or nil when the
    /// client's `claim-pages` budget is spent (counted in `scenelink_rate_limited_total`) or the
    /// store failed: the page is then served without a claim, and the visitor still gets the
    /// store and the app.
    func issue(link: String, for client: HTTPClientAddress, _ completion: @escaping @Sendable (ClaimTicket?) -> Void) {
        if let rateLimiter, rateLimiter.refusal(.claimPages, key: RateLimitKey(client: client)) != nil {
            return completion(nil)
        }
        issue(link: link, attempts: 3, completion)
    }

    /// A taken id or code (40 bits of code can collide) draws another pair, up to `attempts` times.
    private func issue(link: String, attempts: Int, _ completion: @escaping @Sendable (ClaimTicket?) -> Void) {
        let ticket = ClaimTicket.issue(link: link, at: clock.now(), lifetime: configuration.lifetime.claimSeconds,
                                       codeLifetime: configuration.codeLifetime.claimSeconds)
        store.createClaim(ticket.claim) { [self] result in
            switch result {
            case .success:
                metrics.recordMade()
                completion(ticket)
            case .failure(.exists) where attempts > 1:
                issue(link: link, attempts: attempts - 1, completion)
            case .failure:
                metrics.recordIssueFailure()
                completion(nil)
            }
        }
    }
}
