import SceneLinkCore
import Synchronization

/// The claim counters of `GET /metrics`: claims made, redeemed by source, expired and refused.
public final class ClaimMetrics: Sendable {
    /// Why a redemption was refused, as the metric's `reason` label. (Rate-limited requests
    /// are counted with the other classes', in `scenelink_rate_limited_total{class="claims"}`.)
    enum Refusal: String, CaseIterable {
        case unknown, conflict = "other_install", malformed
    }

    private struct State {
        var made = 0
        var issueFailures = 0
        var redeemed = Array(repeating: 0, count: ClaimSource.allCases.count)
        var expired = 0
        var refused = Array(repeating: 0, count: Refusal.allCases.count)
    }

    private let state = Mutex(State())

    public init() {}

    func recordMade() { state.withLock { $0.made += 1 } }
    func recordIssueFailure() { state.withLock { $0.issueFailures += 1 } }
    func recordRedeemed(_ source: ClaimSource) {
        guard let index = ClaimSource.allCases.firstIndex(of: source) else { return }
        state.withLock { $0.redeemed[index] += 1 }
    }
    func recordExpired() { state.withLock { $0.expired += 1 } }
    func recordRefused(_ reason: Refusal) {
        guard let index = Refusal.allCases.firstIndex(of: reason) else { return }
        state.withLock { $0.refused[index] += 1 }
    }

    /// The counters in the Prometheus text format.
    public var exposition: String {
        let snapshot = state.withLock { $0 }
        var out = "# HELP scenelink_claims_made_total Claims handed out by phones' link pages.\n"
        out += "# TYPE scenelink_claims_made_total counter\nscenelink_claims_made_total \(snapshot.made)\n"
        out += "# HELP scenelink_claims_unstored_total Phones' link pages served without a claim because the store failed.\n"
        out += "# TYPE scenelink_claims_unstored_total counter\nscenelink_claims_unstored_total \(snapshot.issueFailures)\n"
        out += "# HELP scenelink_claims_redeemed_total Claims redeemed (retries by the same install included), by source.\n"
        out += "# TYPE scenelink_claims_redeemed_total counter\n"
        for (source, count) in zip(ClaimSource.allCases, snapshot.redeemed) {
            out += "scenelink_claims_redeemed_total{source=\"\(source.rawValue)\"} \(count)\n"
        }
        out += "# HELP scenelink_claims_expired_total Redemptions answered 410: the claim or its code had expired.\n"
        out += "# TYPE scenelink_claims_expired_total counter\nscenelink_claims_expired_total \(snapshot.expired)\n"
        out += "# HELP scenelink_claims_refused_total Redemptions refused, by reason.\n"
        out += "# TYPE scenelink_claims_refused_total counter\n"
        for (reason, count) in zip(Refusal.allCases, snapshot.refused) {
            out += "scenelink_claims_refused_total{reason=\"\(reason.rawValue)\"} \(count)\n"
        }
        return out
    }
}
