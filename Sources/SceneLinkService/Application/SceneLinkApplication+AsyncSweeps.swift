import Foundation

/// Async forms of the expiry sweeps, for callers already in async code (tests). Each waits for
/// the one completion-handler implementation; the service itself never uses these, so its
/// sweep timer does not need a thread of the Swift concurrency pool.
extension SceneLinkApplication {
    /// `sweepExpiredSessions(now:completion:)`, awaited.
    /// - Returns: the number of sessions deleted.
    @discardableResult
    public func sweepExpiredSessions(now: Date = Date()) async -> Int {
        await withCheckedContinuation { continuation in
            sweepExpiredSessions(now: now) { continuation.resume(returning: $0) }
        }
    }

    /// `sweepExpiredShortLinks(now:completion:)`, awaited.
    /// - Returns: the number of short links deleted.
    @discardableResult
    public func sweepExpiredShortLinks(now: Date = Date()) async -> Int {
        await withCheckedContinuation { continuation in
            sweepExpiredShortLinks(now: now) { continuation.resume(returning: $0) }
        }
    }

    /// `sweepExpiredClaims(now:completion:)`, awaited.
    /// - Returns: the number of claims deleted.
    @discardableResult
    public func sweepExpiredClaims(now: Date = Date()) async -> Int {
        await withCheckedContinuation { continuation in
            sweepExpiredClaims(now: now) { continuation.resume(returning: $0) }
        }
    }

    /// `sweepAuditLog(now:completion:)`, awaited.
    /// - Returns: the number of audit entries deleted.
    @discardableResult
    public func sweepAuditLog(now: Date = Date()) async -> Int {
        await withCheckedContinuation { continuation in
            sweepAuditLog(now: now) { continuation.resume(returning: $0) }
        }
    }

    /// `sweepRefusedAuthEntries(now:completion:)`, awaited.
    /// - Returns: the number of `auth.refused` entries deleted.
    @discardableResult
    public func sweepRefusedAuthEntries(now: Date = Date()) async -> Int {
        await withCheckedContinuation { continuation in
            sweepRefusedAuthEntries(now: now) { continuation.resume(returning: $0) }
        }
    }

    /// `sweepWebhookDeliveries(now:completion:)`, awaited.
    /// - Returns: the number of webhook deliveries deleted.
    @discardableResult
    public func sweepWebhookDeliveries(now: Date = Date()) async -> Int {
        await withCheckedContinuation { continuation in
            sweepWebhookDeliveries(now: now) { continuation.resume(returning: $0) }
        }
    }
}
