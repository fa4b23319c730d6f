import SceneLinkCore

/// Makes the claims link pages hand out: a fresh token and code for a link, stored before the
/// page is sent, so that the app can redeem it as soon as it is installed.
public struct ClaimIssuer: Sendable {
    let store: any ClaimStore
    let configuration: ClaimEndpoints.Configuration
    let clock: SceneStateClock
    let metrics: ClaimMetrics

    public init(store: any ClaimStore, configuration: ClaimEndpoints.Configuration, clock: SceneStateClock,
                metrics: ClaimMetrics) {
        self.store = store
        self.configuration = configuration
        self.clock = clock
        self.metrics = metrics
    }

    /// Stores a new claim for `link` (which resolved to `route`, kept for `claim.redeemed`) and answers its ticket, or nil when the store failed (the
    /// page is then served without a claim: the visitor still gets the store and the app).
    /// A taken token or code (40 bits of code can collide) draws another pair, up to 3 times.
    func issue(link: String, route: String?, attempts: Int = 3, _ completion: @escaping @Sendable (ClaimTicket?) -> Void) {
        let ticket = ClaimTicket.issue(link: link, route: route, at: clock.now(), lifetime: configuration.lifetime.claimSeconds,
                                       codeLifetime: configuration.codeLifetime.claimSeconds)
        store.createClaim(ticket.claim) { [self] result in
            switch result {
            case .success:
                metrics.recordMade()
                completion(ticket)
            case .failure(.exists) where attempts > 1:
                issue(link: link, route: route, attempts: attempts - 1, completion)
            case .failure:
                metrics.recordIssueFailure()
                completion(nil)
            }
        }
    }
}
