import Foundation

/// What a worker records after an attempt.
public enum WebhookAttemptOutcome: Sendable, Equatable {
    /// 2xx: the delivery is done.
    case delivered(status: Int)
    /// Failed, to be tried again at `nextAttemptAt`.
    case retry(nextAttemptAt: Date, status: Int?, error: String)
    /// Failed for good. With `disableEndpoint`, the endpoint is disabled too (410 Gone, or the
    /// last scheduled attempt failed), with `error` as the reason.
    case failed(status: Int?, error: String, disableEndpoint: Bool)
}
