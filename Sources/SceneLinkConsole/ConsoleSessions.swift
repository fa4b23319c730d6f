import Foundation
import SceneLinkCore
import SceneLinkNetwork
import Synchronization

/// The console's signed-in sessions, in memory: a restart signs everyone out, and several
/// instances do not share sessions (send an operator to one instance, or sign in on each).
///
/// A session id is 256 bits from `SystemRandomNumberGenerator` (the kernel CSPRNG), written as
/// 64 lowercase hex digits: the cookie's value. The table keeps only the SHA-256 of an id, so
/// a memory dump of the table yields no cookie. Each sign-in makes a new id (no fixation).
///
/// A session ends when unused for `idleTimeout` (15 min by default), `lifetime` after it began
/// (8 h), or at sign-out; `session(id:)` answers nil for an ended one and forgets it, and
/// `sweep()` forgets every ended one. Time comes from an injected clock, so tests move it.
///
/// ```swift
/// let sessions = ConsoleSessions(configuration: .init(), clock: .system)
/// let (id, session) = sessions.start(signedInAs: .adminToken)   // id goes in the cookie
/// sessions.session(id: id)?.formToken                            // the form token of its pages
/// sessions.end(id: id)
/// ```
package final class ConsoleSessions: Sendable {
    /// The most sessions kept at once; past it the one seen least recently is forgotten (only
    /// a holder of a working token can start one, so this bounds memory, not guessing).
    package static let capacity = 10_000

    private let idleTimeout: TimeInterval
    private let lifetime: TimeInterval
    private let clock: SceneStateClock
    private let sessions = Mutex<[String: ConsoleSession]>([:])

    package init(configuration: ConsoleEndpoints.Configuration, clock: SceneStateClock) {
        idleTimeout = configuration.idleTimeout.seconds
        lifetime = configuration.lifetime.seconds
        self.clock = clock
    }

    /// Starts a session for whoever signed in; answers its id (for the cookie, never kept
    /// here) and the session.
    package func start(signedInAs identity: OperatorIdentity) -> (id: String, session: ConsoleSession) {
        let id = Self.randomHex()
        let now = clock.now()
        let session = ConsoleSession(idHash: Self.hash(id), formToken: Self.randomHex(), signedInAs: identity,
                                     startedAt: now, lastSeenAt: now)
        sessions.withLock { sessions in
            if sessions.count >= Self.capacity {
                Self.removeEnded(from: &sessions, now: now, idle: idleTimeout, lifetime: lifetime)
                if sessions.count >= Self.capacity, let oldest = sessions.min(by: { $0.value.lastSeenAt < $1.value.lastSeenAt }) {
                    sessions[oldest.key] = nil
                }
            }
            sessions[session.idHash] = session
        }
        return (id, session)
    }

    /// The live session `id` names, its last use moved to now; nil for an unknown, malformed or
    /// ended one (which is forgotten).
    package func session(id: String) -> ConsoleSession? {
        guard Self.isWellFormed(id) else { return nil }
        let key = Self.hash(id)
        let now = clock.now()
        return sessions.withLock { sessions in
            guard var session = sessions[key] else { return nil }
            guard Self.isLive(session, now: now, idle: idleTimeout, lifetime: lifetime) else {
                sessions[key] = nil
                return nil
            }
            session.lastSeenAt = now
            sessions[key] = session
            return session
        }
    }

    /// Ends the session `id` names (sign-out); answers whether there was one.
    @discardableResult
    package func end(id: String) -> Bool {
        guard Self.isWellFormed(id) else { return false }
        let key = Self.hash(id)
        return sessions.withLock { $0.removeValue(forKey: key) != nil }
    }

    /// Ends every session a key signed in with (the key was revoked).
    package func end(keyID: String) {
        sessions.withLock { sessions in
            sessions = sessions.filter { $0.value.keyID != keyID }
        }
    }

    /// Forgets every ended session; answers how many went.
    @discardableResult
    package func sweep() -> Int {
        let now = clock.now()
        return sessions.withLock { sessions in
            let before = sessions.count
            Self.removeEnded(from: &sessions, now: now, idle: idleTimeout, lifetime: lifetime)
            return before - sessions.count
        }
    }

    /// Sessions held, ended ones not yet forgotten included.
    package var count: Int { sessions.withLock { $0.count } }

    /// Whether `session` is still live at `now`: used within `idle` and begun less than `lifetime` ago.
    private static func isLive(_ session: ConsoleSession, now: Date, idle: TimeInterval, lifetime: TimeInterval) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) < idle && now.timeIntervalSince(session.startedAt) < lifetime
    }

    private static func removeEnded(from sessions: inout [String: ConsoleSession], now: Date, idle: TimeInterval,
                                    lifetime: TimeInterval) {
        sessions = sessions.filter { isLive($0.value, now: now, idle: idle, lifetime: lifetime) }
    }

    /// 64 lowercase hex digits: an id or a form token.
    package static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// SHA-256 of `text`'s UTF-8 bytes, as lowercase hex.
    package static func hash(_ text: String) -> String {
        hex(SHA256.hash(text.utf8))
    }

    /// 256 bits from the system CSPRNG as 64 lowercase hex digits.
    package static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return hex(bytes)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
