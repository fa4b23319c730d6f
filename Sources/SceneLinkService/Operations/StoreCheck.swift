import Foundation
import SceneLinkCore
import Synchronization

/// The store's writability as `/readyz` reports it, checked at most once a `maximumAge` however
/// many probes arrive: a probe is answered at once from the last check when that check began less
/// than `maximumAge` ago, and otherwise waits for the one check in flight (started by the first
/// such probe). So a flood of probes on the public port costs at most one store write a second,
/// and a store that stopped answering still keeps every probe waiting for it, as before.
///
/// ```swift
/// let check = StoreCheck(clock: .system) { done in store.checkWritable { done(problem(of: $0)) } }
/// check.outcome { problem in … }   // nil: writable; else why not
/// ```
final class StoreCheck: Sendable {
    /// How long a check's outcome answers later probes.
    static let maximumAge: TimeInterval = 1

    private struct State {
        /// When the last finished check began, and its outcome.
        var last: (began: Date, problem: String?)?
        /// When the check in flight began, and the probes waiting for it.
        var inFlight: (began: Date, waiting: [@Sendable (String?) -> Void])?
    }

    private let clock: SceneStateClock
    private let check: @Sendable (@escaping @Sendable (String?) -> Void) -> Void
    private let state = Mutex(State())

    /// - Parameter check: runs one check of the store and calls back with nil (writable) or why not.
    init(clock: SceneStateClock, check: @escaping @Sendable (@escaping @Sendable (String?) -> Void) -> Void) {
        self.clock = clock
        self.check = check
    }

    /// Calls `completion` with the store's writability: nil when writable, else why not.
    func outcome(_ completion: @escaping @Sendable (String?) -> Void) {
        let now = clock.now()
        enum Next { case answer(String?), wait, start }
        let next: Next = state.withLock { state in
            // A clock set back makes the last check's age negative: that one is not trusted either.
            if let last = state.last, (0..<Self.maximumAge).contains(now.timeIntervalSince(last.began)) { return .answer(last.problem) }
            if state.inFlight != nil {
                state.inFlight?.waiting.append(completion)
                return .wait
            }
            state.inFlight = (began: now, waiting: [completion])
            return .start
        }
        switch next {
        case .answer(let problem): completion(problem)
        case .wait: break
        case .start:
            check { [self] problem in
                let waiting = state.withLock { state -> [@Sendable (String?) -> Void] in
                    let flight = state.inFlight
                    state.inFlight = nil
                    if let began = flight?.began { state.last = (began, problem) }
                    return flight?.waiting ?? []
                }
                for waiter in waiting { waiter(problem) }
            }
        }
    }
}
