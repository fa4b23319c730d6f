import Foundation
import SceneLinkHTTP
import SceneLinkNetwork
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
    public let limits: RateLimits
    // One table per class, stored inline (no lookup or reference count per request); a class
    // without a policy keeps an unused one-entry table.
    private let sessions: Mutex<TokenBucketTable>
    private let links: Mutex<TokenBucketTable>
    private let resolve: Mutex<TokenBucketTable>
    private let state: Mutex<TokenBucketTable>
    private let claims: Mutex<TokenBucketTable>
    private let claimPages: Mutex<TokenBucketTable>
    private let qr: Mutex<TokenBucketTable>
    private let adminAuth: Mutex<TokenBucketTable>
    private let consoleSignIn: Mutex<TokenBucketTable>
    /// Whether each class is limited per client, by `RateLimitClass.index`.
    private let limited: [Bool]
    private let refusedByClass: [RefusalCounter]
    /// Each class's ceiling for all clients together, by `RateLimitClass.index`; nil for none.
    private let instanceCeilings: [InstanceCeiling?]
    /// A test's clock; nil reads `CLOCK_MONOTONIC_COARSE` (a few milliseconds' resolution is
    /// plenty for buckets measured in seconds, and it is the cheapest clock there is).
    private let manualNow: (@Sendable () -> Int64)?

    /// - Parameter now: monotonic microseconds, for tests that move a clock by hand.
    public init(limits: RateLimits, now: (@Sendable () -> Int64)? = nil) {
        self.limits = limits
        manualNow = now
        func table(_ kind: RateLimitClass) -> TokenBucketTable {
            guard let policy = limits.policies[kind] else {
                return TokenBucketTable(policy: RateLimitPolicy(count: 1, periodSeconds: 1), capacity: 1)
            }
            return TokenBucketTable(policy: policy, capacity: limits.maximumClients)
        }
        sessions = Mutex(table(.sessions))
        links = Mutex(table(.links))
        resolve = Mutex(table(.resolve))
        state = Mutex(table(.state))
        claims = Mutex(table(.claims))
        claimPages = Mutex(table(.claimPages))
        qr = Mutex(table(.qr))
        adminAuth = Mutex(table(.adminAuth))
        consoleSignIn = Mutex(table(.consoleSignIn))
        limited = RateLimitClass.allCases.map { limits.policies[$0] != nil }
        refusedByClass = RateLimitClass.allCases.map { _ in RefusalCounter() }
        instanceCeilings = RateLimitClass.allCases.map { kind in limits.instancePolicies[kind].map(InstanceCeiling.init) }
    }

    /// Whether class `kind` is limited at all: per client, or by a ceiling for the instance.
    package func applies(_ kind: RateLimitClass) -> Bool {
        limited[kind.index] || instanceCeilings[kind.index] != nil
    }

    /// Takes a token from `key`'s bucket of class `kind`; nil when the request may go on
    /// (or the class is not limited), else why it may not.
    package func refusal(_ kind: RateLimitClass, key: RateLimitKey) -> RateLimitRefusal? {
        decide(kind, key: key, taking: true)
    }

    /// Whether `key`'s bucket of class `kind` is empty, without taking a token: nil when a
    /// request may go on, else why not. For `admin-auth`, where only failures take tokens but
    /// an empty bucket refuses every attempt.
    package func refusalWithoutTaking(_ kind: RateLimitClass, key: RateLimitKey) -> RateLimitRefusal? {
        decide(kind, key: key, taking: false)
    }

    private func decide(_ kind: RateLimitClass, key: RateLimitKey, taking: Bool) -> RateLimitRefusal? {
        guard limited[kind.index] else { return taking ? instanceRefusal(kind) : nil }
        let instant = manualNow?() ?? MonotonicClock.microseconds(.coarse)
        func decide(_ table: inout TokenBucketTable) -> TokenBucketTable.Decision {
            taking ? table.take(key, now: instant) : table.peek(key, now: instant)
        }
        let decision = switch kind {
        case .sessions: sessions.withLock { decide(&$0) }
        case .links: links.withLock { decide(&$0) }
        case .resolve: resolve.withLock { decide(&$0) }
        case .state: state.withLock { decide(&$0) }
        case .claims: claims.withLock { decide(&$0) }
        case .claimPages: claimPages.withLock { decide(&$0) }
        case .qr: qr.withLock { decide(&$0) }
        case .adminAuth: adminAuth.withLock { decide(&$0) }
        case .consoleSignIn: consoleSignIn.withLock { decide(&$0) }
        }
        guard case .limited(let seconds) = decision, let policy = limits.policies[kind] else {
            // Within the client's budget: the instance's ceiling is next. A client past its own
            // budget takes nothing from the ceiling, so one flood cannot spend it for everyone.
            return taking ? instanceRefusal(kind) : nil
        }
        refusedByClass[kind.index].value.add(1, ordering: .relaxed)
        return RateLimitRefusal(kind: kind, policy: policy, retryAfterSeconds: seconds)
    }

    /// Takes a token from `kind`'s instance ceiling, if it has one; nil when the request may go on.
    private func instanceRefusal(_ kind: RateLimitClass) -> RateLimitRefusal? {
        guard let ceiling = instanceCeilings[kind.index] else { return nil }
        let instant = manualNow?() ?? MonotonicClock.microseconds(.coarse)
        guard case .limited(let seconds) = ceiling.table.withLock({ $0.take(InstanceCeiling.key, now: instant) }) else { return nil }
        ceiling.refused.add(1, ordering: .relaxed)
        return RateLimitRefusal(kind: kind, policy: ceiling.policy, retryAfterSeconds: seconds, scope: .instance)
    }

    /// Requests refused by an instance ceiling so far, by class (classes with a ceiling only).
    public var instanceRefusedCounts: [(kind: RateLimitClass, count: Int)] {
        RateLimitClass.allCases.compactMap { kind in
            instanceCeilings[kind.index].map { (kind, $0.refused.load(ordering: .relaxed)) }
        }
    }

    /// One class's ceiling for all clients together: a one-bucket table and its refusals.
    private final class InstanceCeiling: Sendable {
        /// The one key every request of the class shares.
        static let key = RateLimitKey(high: 0, low: 0)
        let policy: RateLimitPolicy
        let table: Mutex<TokenBucketTable>
        let refused = Atomic<Int>(0)

        init(policy: RateLimitPolicy) {
            self.policy = policy
            table = Mutex(TokenBucketTable(policy: policy, capacity: 1))
        }
    }

    /// Requests refused so far, by class (limited classes only).
    public var refusedCounts: [(kind: RateLimitClass, count: Int)] {
        RateLimitClass.allCases.filter { limited[$0.index] }.map { ($0, refusedByClass[$0.index].value.load(ordering: .relaxed)) }
    }

    /// Clients each limited class remembers now (at most `limits.maximumClients`).
    public var clientCounts: [(kind: RateLimitClass, count: Int)] {
        RateLimitClass.allCases.filter { limited[$0.index] }.map { kind in
            let count = switch kind {
            case .sessions: sessions.withLock { $0.count }
            case .links: links.withLock { $0.count }
            case .resolve: resolve.withLock { $0.count }
            case .state: state.withLock { $0.count }
            case .claims: claims.withLock { $0.count }
            case .claimPages: claimPages.withLock { $0.count }
            case .qr: qr.withLock { $0.count }
            case .adminAuth: adminAuth.withLock { $0.count }
            case .consoleSignIn: consoleSignIn.withLock { $0.count }
            }
            return (kind, count)
        }
    }

    /// One class's refusal count, in a class so that several fit in an array.
    private final class RefusalCounter: Sendable {
        let value = Atomic<Int>(0)
    }
}
