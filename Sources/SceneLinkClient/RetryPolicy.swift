import Foundation

/// When and how long `SceneLinkClient` waits before sending a request again.
///
/// **What is retried.** A request that got no answer (`TransportError`), and a `503 Service
/// Unavailable` (the server is shutting down, restarting or full), up to `maximumAttempts`
/// sends in all. Only requests that are safe to repeat: `GET`, `PUT` and `DELETE`, which
/// RFC 9110 §9.2.2 makes idempotent (the SceneLink writes are whole replacements, and a
/// conditional one, with `If-Match` or `If-None-Match`, cannot apply twice), and the read-only
/// `POST /v1/links`, and opening a session (`POST /v1/sessions`), which is sent with an
/// `Idempotency-Key` that every retry repeats, so the server answers a retry the session it
/// opened (and a `409` while the first try is still in flight is waited out like a `503`).
/// Any other status is answered at once.
///
/// **How long.** Attempt *n* (from 1) waits `min(maximumDelay, initialDelay × 2^(n−1))`, scaled
/// by a random factor in 0.5…1 (jitter, so clients that failed together do not return
/// together). A `503` with `Retry-After: SECONDS` (RFC 9110 §10.2.3) waits that long instead,
/// scaled by 1…1.25 and capped at `maximumDelay`.
///
/// ```swift
/// var policy = RetryPolicy.standard
/// policy.maximumAttempts = 6
/// let client = SceneLinkClient(baseURL: server, retryPolicy: policy)
/// let onceOnly = SceneLinkClient(baseURL: server, retryPolicy: .none)  // never retries
/// ```
public struct RetryPolicy: Sendable {
    /// Sends in all, the first included; 1 never retries.
    public var maximumAttempts: Int
    /// The wait before the first retry, before jitter.
    public var initialDelay: Duration
    /// No wait is longer than this, `Retry-After` included.
    public var maximumDelay: Duration
    /// Returns a random number in the range; replace it to make the jitter predictable in tests.
    public var random: @Sendable (ClosedRange<Double>) -> Double
    /// Waits; replace it to record the waits in tests instead of sleeping.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a policy.
    public init(maximumAttempts: Int = 4, initialDelay: Duration = .milliseconds(250),
                maximumDelay: Duration = .seconds(5),
                random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.random = random
        self.sleep = sleep
    }

    /// Four sends, waits from 0.25 s doubling up to 5 s.
    public static let standard = RetryPolicy()

    /// One send, no retry.
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// The wait after failed attempt `attempt` (1 for the first send).
    /// - Parameter retryAfter: the seconds of the answer's `Retry-After`, when it had one.
    public func delay(afterAttempt attempt: Int, retryAfter: Int? = nil) -> Duration {
        let cap = Self.seconds(maximumDelay)
        if let retryAfter, retryAfter >= 0 {
            return .seconds(min(cap, Double(retryAfter) * random(1.0...1.25)))
        }
        let exponent = Double(max(0, min(attempt - 1, 30)))
        let base = min(cap, Self.seconds(initialDelay) * pow(2, exponent))
        return .seconds(max(0, base * random(0.5...1.0)))
    }

    /// The `Retry-After` of an answer in seconds; nil for none or for the HTTP-date form.
    static func retryAfterSeconds(_ field: String?) -> Int? {
        guard let field else { return nil }
        return Int(field.trimmingCharacters(in: .whitespaces))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
