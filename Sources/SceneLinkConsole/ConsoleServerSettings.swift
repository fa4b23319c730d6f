import SceneLinkOperations

/// What the console shows of the server's settings (the System page's rate limits and retention,
/// a link page's claim lifetime): values the wiring reads from the server's configuration, so the
/// console does not depend on the command line's types.
package struct ConsoleServerSettings: Sendable {
    /// The per-client budgets and instance ceilings (`--rate-limit`, `--rate-limit-instance`).
    package var rateLimits: RateLimits
    /// How long an app's scene-state session lives after its last use (`--session-ttl`).
    package var sessionTimeToLive: Duration
    /// How long a claim can be redeemed (`--claim-ttl`).
    package var claimLifetime: Duration
    /// How long the analytics' hourly breakdowns are kept (`--analytics-detail-retention`).
    package var analyticsDetailRetention: Duration
    /// How long the analytics' counts are kept (`--analytics-retention`).
    package var analyticsRetention: Duration

    package init(rateLimits: RateLimits, sessionTimeToLive: Duration, claimLifetime: Duration,
                 analyticsDetailRetention: Duration, analyticsRetention: Duration) {
        self.rateLimits = rateLimits
        self.sessionTimeToLive = sessionTimeToLive
        self.claimLifetime = claimLifetime
        self.analyticsDetailRetention = analyticsDetailRetention
        self.analyticsRetention = analyticsRetention
    }
}
