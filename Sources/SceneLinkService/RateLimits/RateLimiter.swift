import Dispatch
import SceneLinkHTTP
import Synchronization

/// Applies `RateLimits`: one bounded `TokenBucketTable` per limited class, each behind its
/// own lock, and counts what it refused (for `/metrics`).
///
/// ```swift
/// let limiter = RateLimiter(limits: RateLimits())
/// if let refusal = limiter.refusal(.resolve, key: RateLimitKey(client: request.clientAddress)) {
///     return responder.respond(refusal.problemResponse())
/// }
/// ```
public final class RateLimiter: Sendable {
    /// One class's table and refusal count.
    final class Limited: Sendable {
        let policy: RateLimitPolicy
        let table: Mutex<TokenBucketTable>
        let refused = Atomic<Int>(0)

        init(policy: RateLimitPolicy, capacity: Int) {
            self.policy = policy
            table = Mutex(TokenBucketTable(policy: policy, capacity: capacity))
        }
    }

    public let limits: RateLimits
    /// By `RateLimitClass.index`; nil for a class without a limit.
    private let classes: [Limited?]
    private let now: @Sendable () -> Int64

    /// - Parameter now: monotonic microseconds; tests pass a clock they move by hand.
    public init(limits: RateLimits, now: @escaping @Sendable () -> Int64 = RateLimiter.monotonicMicroseconds) {
        self.limits = limits
        self.now = now
        classes = RateLimitClass.allCases.map { kind in
            limits.policies[kind].map { Limited(policy: $0, capacity: limits.maximumClients) }
        }
    }

    /// Takes a token from `key`'s bucket of class `kind`; nil when the request may go on
    /// (or the class is not limited), else why it may not.
    func refusal(_ kind: RateLimitClass, key: RateLimitKey) -> RateLimitRefusal? {
        guard let limited = classes[kind.index] else { return nil }
        let instant = now()
        let decision = limited.table.withLock { $0.take(key, now: instant) }
        guard case .limited(let seconds) = decision else { return nil }
        limited.refused.add(1, ordering: .relaxed)
        return RateLimitRefusal(kind: kind, policy: limited.policy, retryAfterSeconds: seconds)
    }

    /// Requests refused so far, by class (limited classes only).
    public var refusedCounts: [(kind: RateLimitClass, count: Int)] {
        RateLimitClass.allCases.compactMap { kind in
            classes[kind.index].map { (kind, $0.refused.load(ordering: .relaxed)) }
        }
    }

    /// Clients each limited class remembers now (at most `limits.maximumClients`).
    public var clientCounts: [(kind: RateLimitClass, count: Int)] {
        RateLimitClass.allCases.compactMap { kind in
            classes[kind.index].map { (kind, $0.table.withLock { $0.count }) }
        }
    }

    public static func monotonicMicroseconds() -> Int64 {
        Int64(DispatchTime.now().uptimeNanoseconds / 1_000)
    }
}
