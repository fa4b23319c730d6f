import Foundation
import SceneLinkCore
import Synchronization

/// Webhook counters for `/metrics`: attempts by outcome, and the outbox's backlog.
public final class WebhookMetrics: Sendable {
    /// What became of one attempt.
    enum Outcome: String, CaseIterable {
        /// 2xx.
        case delivered
        /// Failed; another attempt is scheduled.
        case retried
        /// Failed for good (the last attempt, or 410 Gone); the endpoint was disabled.
        case failed
        /// Not sent: the target is or resolves to a refused address.
        case refused
    }

    private let counts = Mutex([Int](repeating: 0, count: Outcome.allCases.count))
    /// Events dropped from full outboxes by this instance's trims.
    private let dropped = Mutex(0)

    public init() {}

    func record(_ outcome: Outcome) {
        guard let index = Outcome.allCases.firstIndex(of: outcome) else { return }
        counts.withLock { $0[index] += 1 }
    }

    /// Counts `count` events dropped from full outboxes.
    func recordDropped(_ count: Int) {
        guard count > 0 else { return }
        dropped.withLock { $0 += count }
    }

    /// Events dropped from full outboxes so far.
    var droppedCount: Int { dropped.withLock { $0 } }

    func count(_ outcome: Outcome) -> Int {
        guard let index = Outcome.allCases.firstIndex(of: outcome) else { return 0 }
        return counts.withLock { $0[index] }
    }

    /// The exposition lines: the attempt counter, and with `queue` the backlog gauges.
    func exposition(queue: WebhookQueueStatistics?, now: Date) -> String {
        let snapshot = counts.withLock { $0 }
        var out = "# HELP scenelink_webhook_deliveries_total Webhook delivery attempts, by outcome.\n"
        out += "# TYPE scenelink_webhook_deliveries_total counter\n"
        for (outcome, count) in zip(Outcome.allCases, snapshot) {
            out += "scenelink_webhook_deliveries_total{outcome=\"\(outcome.rawValue)\"} \(count)\n"
        }
        out += "# HELP scenelink_webhook_events_dropped_total Webhook events dropped because an endpoint's outbox "
            + "was full (--webhook-outbox-limit), by this instance.\n"
        out += "# TYPE scenelink_webhook_events_dropped_total counter\n"
        out += "scenelink_webhook_events_dropped_total \(droppedCount)\n"
        if let queue {
            out += "# HELP scenelink_webhook_queue_depth Webhook deliveries pending in the outbox.\n"
            out += "# TYPE scenelink_webhook_queue_depth gauge\nscenelink_webhook_queue_depth \(queue.pending)\n"
            let age = queue.oldestPendingAt.map { max(0, now.timeIntervalSince($0)) } ?? 0
            out += "# HELP scenelink_webhook_oldest_pending_age_seconds Age of the oldest pending webhook delivery.\n"
            out += "# TYPE scenelink_webhook_oldest_pending_age_seconds gauge\n"
            out += "scenelink_webhook_oldest_pending_age_seconds \(String(format: "%.3f", age))\n"
        }
        return out
    }
}
