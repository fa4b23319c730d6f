import Testing
import SceneLinkNetwork

@Suite struct DurationUnitsTests {
    @Test func convertsToSecondsMillisecondsAndMicroseconds() {
        #expect(Duration.milliseconds(1_500).seconds == 1.5)
        #expect(Duration.seconds(2).milliseconds == 2_000)
        #expect(Duration.seconds(2).microseconds == 2_000_000)
        #expect(Duration.microseconds(1_999).milliseconds == 1)  // truncated, not rounded
        #expect(Duration.nanoseconds(999).microseconds == 0)
    }

    @Test func clampsNegativeDurationsAtZeroAndHugeOnesAtTheMaximum() {
        #expect(Duration.seconds(-3).milliseconds == 0)
        #expect(Duration.seconds(-3).microseconds == 0)
        #expect(Duration.seconds(Int64.max / 10).microseconds == .max)
    }
}
