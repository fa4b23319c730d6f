import Foundation
import Testing
import SceneLinkNetwork

@Suite struct MonotonicClockTests {
    @Test func neverGoesBackAndBothPrecisionsReadTheSameClock() {
        let first = MonotonicClock.microseconds(.fine)
        Thread.sleep(forTimeInterval: 0.02)
        let second = MonotonicClock.microseconds(.fine)
        #expect(second - first >= 19_000)
        // The coarse clock lags the fine one by at most a tick (a few milliseconds).
        #expect(abs(MonotonicClock.microseconds(.coarse) - MonotonicClock.microseconds(.fine)) < 50_000)
    }

    @Test func aDeadlineInThePastHasPassedAndOneAheadHasNot() {
        #expect(Deadline.after(.zero).hasPassed)
        #expect(!Deadline.after(.seconds(60)).hasPassed)
        #expect(Deadline.after(.seconds(1)) < Deadline.after(.seconds(2)))
    }
}
