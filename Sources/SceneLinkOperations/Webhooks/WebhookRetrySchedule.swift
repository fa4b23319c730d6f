import Foundation
import SceneLinkNetwork

/// When a delivery is attempted: the delay before each attempt, counted from the previous
/// attempt (the first from the event). The default is the Standard Webhooks / Svix schedule:
/// at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later (8 attempts over about
/// 27 hours). Each retry's delay is jittered by ±20 % so receivers recovering from an outage
/// are not hit by every sender at the same instant.
///
/// `Retry-After` on a 429, 502 or 504 moves the next attempt later (never earlier), up to a day.
public struct WebhookRetrySchedule: Sendable, Equatable {
    /// The delay before attempt 1, 2, …; its count is the number of attempts.
    public var delays: [Duration]

    public init(delays: [Duration]) {
        self.delays = delays
    }

    public static let standard = WebhookRetrySchedule(delays: [
        .zero, .seconds(5), .seconds(5 * 60), .seconds(30 * 60), .seconds(2 * 3600), .seconds(5 * 3600),
        .seconds(10 * 3600), .seconds(10 * 3600),
    ])

    /// The longest `Retry-After` honoured.
    package static let maximumRetryAfter: TimeInterval = 86_400
    /// The share of a delay jitter may add or take away.
    package static let jitter = 0.2

    /// When attempt `attempts + 1` is due after attempt `attempts` failed at `now`; nil when
    /// that was the last attempt. `retryAfter` (seconds, from a 429/502/504) only moves it later.
    package func nextAttempt(after attempts: Int, at now: Date, retryAfter: TimeInterval?,
                             random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }) -> Date? {
        guard attempts >= 1, attempts < delays.count else { return nil }
        let delay = delays[attempts]
        var wait = delay.seconds * random((1 - Self.jitter)...(1 + Self.jitter))
        if let retryAfter, retryAfter > wait { wait = min(retryAfter, Self.maximumRetryAfter) }
        return now.addingTimeInterval(wait)
    }

    /// Reads `--webhook-retry-schedule`: durations separated by commas (`0,1s,2s`); the first
    /// may be 0 (at once).
    package static func parse(_ text: String, flag: String) throws(ConfigurationError) -> WebhookRetrySchedule {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty, items.count <= 20 else {
            throw ConfigurationError("--\(flag) takes 1 to 20 durations separated by commas, such as 0,5s,5m,30m.")
        }
        var delays: [Duration] = []
        for item in items {
            if item == "0" || item == "0s" { delays.append(.zero); continue }
            delays.append(try ValueParser.duration(item, flag: flag))
        }
        return WebhookRetrySchedule(delays: delays)
    }

    /// The schedule as `parse` reads it.
    package var text: String {
        delays.map { $0 == .zero ? "0" : ValueParser.text(of: $0) }.joined(separator: ",")
    }
}
