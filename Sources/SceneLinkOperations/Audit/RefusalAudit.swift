import Foundation
import SceneLinkCore
import SceneLinkNetwork
import Synchronization

/// Writes an `auth.refused` audit entry for each refused caller, within a bound a flood cannot
/// grow: at most two entries per client address and reason a minute.
///
/// The first refusal of an address and reason is written at once (`count` 1); later ones within
/// the same minute are only counted, and when the minute has passed one more entry carries their
/// count. The table of open minutes holds at most `capacity` addresses and reasons; refusals past
/// it are counted under the address `(many)` and written the same way. Entries name the reason,
/// the key id a token named (never the token, nor a key's text), the client address and the door
/// (`api` or `console`), never a secret.
///
/// ```swift
/// refusals.record(.missingScope, client: request.clientAddress, keyID: key.id, door: .api, route: "GET /v1/audit")
/// ```
package final class RefusalAudit: Sendable {
    /// The audit action of a refusal (kept `--refused-auth-retention`, not 400 days).
    package static let action = "auth.refused"

    /// How long refusals of one address and reason are folded into one count.
    package static let window: TimeInterval = 60
    /// The most addresses and reasons counted at once.
    package static let capacity = 4_096
    /// The address refusals past `capacity` are counted under.
    package static let overflowAddress = "(many)"

    /// Which front end refused.
    package enum Door: String, Sendable { case api, console }

    private struct Key: Hashable {
        let address: String
        let reason: AuthRefusalReason
    }

    private struct Minute {
        let start: Date
        /// Refusals after the first, not yet written.
        var more: Int
        /// The last key id named and route tried, for the closing entry.
        var keyID: String?
        var door: Door
        var route: String
    }

    private struct State {
        var open: [Key: Minute] = [:]
        var lastClose = Date.distantPast
    }

    private let trail: AuditTrail
    private let clock: SceneStateClock
    private let state = Mutex(State())

    package init(trail: AuditTrail, clock: SceneStateClock) {
        self.trail = trail
        self.clock = clock
    }

    /// Counts one refusal; writes its entry when it is the first of its address and reason this minute.
    package func record(_ reason: AuthRefusalReason, client: IPAddress, keyID: String?, door: Door, route: String,
                        detail extra: [String: String] = [:]) {
        let now = clock.now()
        let (first, closed) = state.withLock { state -> (Key?, [(Key, Minute)]) in
            let closed = now.timeIntervalSince(state.lastClose) >= 1 ? Self.closeEnded(&state, now: now) : []
            var key = Key(address: client.description, reason: reason)
            if state.open[key] == nil, state.open.count >= Self.capacity {
                key = Key(address: Self.overflowAddress, reason: reason)
            }
            if var minute = state.open[key] {
                minute.more += 1
                minute.keyID = keyID ?? minute.keyID
                minute.route = route
                state.open[key] = minute
                return (nil, closed)
            }
            state.open[key] = Minute(start: now, more: 0, keyID: keyID, door: door, route: route)
            return (key, closed)
        }
        for (key, minute) in closed { write(key, minute, count: minute.more, extra: ["after": "more refusals in the same minute"]) }
        if let first {
            write(first, Minute(start: now, more: 0, keyID: keyID, door: door, route: route), count: 1, extra: extra)
        }
    }

    /// Writes the counts of every minute that has passed (the application's sweep calls it, so a
    /// flood's count is written even when the flood stops).
    package func flush() {
        let now = clock.now()
        let closed = state.withLock { Self.closeEnded(&$0, now: now) }
        for (key, minute) in closed { write(key, minute, count: minute.more, extra: ["after": "more refusals in the same minute"]) }
    }

    /// Removes the minutes that have passed; answers those with refusals still to write.
    private static func closeEnded(_ state: inout State, now: Date) -> [(Key, Minute)] {
        state.lastClose = now
        var closed: [(Key, Minute)] = []
        for (key, minute) in state.open where now.timeIntervalSince(minute.start) >= window {
            state.open[key] = nil
            if minute.more > 0 { closed.append((key, minute)) }
        }
        return closed
    }

    private func write(_ key: Key, _ minute: Minute, count: Int, extra: [String: String]) {
        var detail = extra
        detail["reason"] = key.reason.rawValue
        detail["client"] = key.address
        detail["count"] = String(count)
        detail["door"] = minute.door.rawValue
        detail["route"] = minute.route
        if let keyID = minute.keyID { detail["keyId"] = keyID }
        trail.record(actor: "anonymous", action: Self.action, subject: "address:\(key.address)", detail: detail) {}
    }
}
