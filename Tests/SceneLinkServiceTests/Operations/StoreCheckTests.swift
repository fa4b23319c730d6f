import Foundation
import SceneLinkCore
import Synchronization
import Testing
@testable import SceneLinkService

/// `/readyz`'s store check: a flood of probes runs at most one check a second, a probe waits for
/// a check in flight (so a store that stopped answering is not reported ready), and a clock set
/// back does not freeze the outcome.
@Suite struct StoreCheckTests {
    /// A store check the test finishes by hand, counting how often it ran.
    final class Store: Sendable {
        let runs = Mutex(0)
        let pending = Mutex<[@Sendable (String?) -> Void]>([])
        func check(_ done: @escaping @Sendable (String?) -> Void) {
            runs.withLock { $0 += 1 }
            pending.withLock { $0.append(done) }
        }
        func finish(_ problem: String?) {
            for done in pending.withLock({ pending in defer { pending = [] }; return pending }) { done(problem) }
        }
    }

    typealias Clock = ConsoleSessionsTests.Clock

    @Test func aFloodOfProbesRunsOneCheckAndEachWaitsForIt() {
        let clock = Clock(), store = Store()
        let check = StoreCheck(clock: clock.clock) { store.check($0) }
        let answers = Mutex<[String?]>([])
        for _ in 0..<1_000 { check.outcome { problem in answers.withLock { $0.append(problem) } } }
        #expect(store.runs.withLock { $0 } == 1)
        #expect(answers.withLock { $0.isEmpty }, "no probe is answered before the check")
        store.finish(nil)
        #expect(answers.withLock { $0.count } == 1_000)
        #expect(answers.withLock { $0.allSatisfy { $0 == nil } })
    }

    @Test func aCheckAnswersProbesForASecondThenANewOneRuns() {
        let clock = Clock(), store = Store()
        let check = StoreCheck(clock: clock.clock) { store.check($0) }
        check.outcome { _ in }
        store.finish("the database is read-only")
        let seen = Mutex<String?>(nil)
        clock.advance(by: 0.9)
        check.outcome { problem in seen.withLock { $0 = problem } }
        #expect(seen.withLock { $0 } == "the database is read-only")
        #expect(store.runs.withLock { $0 } == 1)
        clock.advance(by: 0.1)
        check.outcome { problem in seen.withLock { $0 = problem } }
        #expect(store.runs.withLock { $0 } == 2)
        store.finish(nil)
        #expect(seen.withLock { $0 } == nil)
    }

    @Test func aClockSetBackDoesNotKeepAnOldOutcome() {
        let clock = Clock(), store = Store()
        let check = StoreCheck(clock: clock.clock) { store.check($0) }
        check.outcome { _ in }
        store.finish("down")
        clock.advance(by: -3_600)
        check.outcome { _ in }
        #expect(store.runs.withLock { $0 } == 2)
    }
}
