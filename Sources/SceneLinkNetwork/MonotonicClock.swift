#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one monotonic clock of the server: microseconds since an arbitrary start (boot), never
/// going back when the wall clock is set.
///
/// Two precisions of the same clock: `.coarse` (`CLOCK_MONOTONIC_COARSE`, a few milliseconds'
/// resolution, cheapest to read) for timeouts and rate limits, `.fine` (`CLOCK_MONOTONIC`) for
/// durations that are reported (access records) and socket deadlines.
///
/// ```swift
/// let start = MonotonicClock.microseconds(.fine)
/// // … work …
/// let elapsed = MonotonicClock.microseconds(.fine) - start
/// ```
public enum MonotonicClock {
    /// How finely the clock is read.
    public enum Precision: Sendable {
        /// `CLOCK_MONOTONIC_COARSE`: the last tick, a few milliseconds coarse; for deadlines.
        case coarse
        /// `CLOCK_MONOTONIC`: to the microsecond; for measured durations.
        case fine
    }

    /// Microseconds on the monotonic clock, read at `precision` (coarse by default).
    ///
    /// `clock_gettime` fails only for an unknown clock or a bad pointer, neither possible here;
    /// were it to fail, 0 is answered (a deadline then looks far away, a duration zero).
    public static func microseconds(_ precision: Precision = .coarse) -> Int64 {
        var spec = timespec()
        #if os(Linux)
        let clock = precision == .coarse ? CLOCK_MONOTONIC_COARSE : CLOCK_MONOTONIC
        #else
        let clock = CLOCK_MONOTONIC
        #endif
        guard clock_gettime(clock, &spec) == 0 else { return 0 }
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }
}
