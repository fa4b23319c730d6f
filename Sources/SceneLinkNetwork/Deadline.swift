/// A moment on `MonotonicClock` (fine) by which a socket operation must finish.
///
/// ```swift
/// let deadline = Deadline.after(.seconds(15))
/// let bytes = try socket.read(exactly: 2, before: deadline)
/// ```
public struct Deadline: Sendable, Hashable, Comparable {
    /// Microseconds on `MonotonicClock.microseconds(.fine)`.
    public let microseconds: Int64

    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// The deadline `duration` from now (a negative duration counts as zero).
    public static func after(_ duration: Duration) -> Deadline {
        Deadline(microseconds: MonotonicClock.microseconds(.fine) + duration.microseconds)
    }

    /// Whether the deadline is now or past.
    public var hasPassed: Bool { MonotonicClock.microseconds(.fine) >= microseconds }

    /// Milliseconds left, rounded up, for `poll`: 0 once the deadline has passed.
    var pollTimeout: Int32 {
        let left = microseconds - MonotonicClock.microseconds(.fine)
        return left <= 0 ? 0 : Int32(clamping: (left + 999) / 1_000)
    }

    public static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.microseconds < rhs.microseconds }
}
