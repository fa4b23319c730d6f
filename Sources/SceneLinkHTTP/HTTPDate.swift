#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats times as the server needs them without Foundation: IMF-fixdate for `Date`
/// (RFC 9110 §5.6.7) and ISO 8601 for access records.
///
/// `Cache` keeps the current `Date` value per second, so the hot path formats it once a
/// second per I/O queue instead of once a request.
enum HTTPDate {
    /// A per-queue cache of the `Date` header value. Not thread-safe: one per serial queue.
    struct Cache {
        private var second = -1
        private(set) var bytes: [UInt8] = []

        /// The IMF-fixdate for now, 29 bytes: `Sun, 06 Nov 1994 08:49:37 GMT`.
        mutating func current() -> [UInt8] {
            let now = HTTPDate.wallClockSeconds()
            if now != second {
                second = now
                bytes = Array(HTTPDate.imfFixdate(epochSeconds: now).utf8)
            }
            return bytes
        }
    }

    /// Seconds since the Unix epoch, from the coarse (cheap) real-time clock.
    static func wallClockSeconds() -> Int {
        var spec = timespec()
        // CLOCK_REALTIME_COARSE cannot fail on Linux; fall back to time() if it somehow does.
        guard clock_gettime(CLOCK_REALTIME_COARSE, &spec) == 0 else { return time(nil) }
        return spec.tv_sec
    }

    /// Microseconds since the Unix epoch (precise clock), for access records.
    static func wallClockMicroseconds() -> Int64 {
        var spec = timespec()
        guard clock_gettime(CLOCK_REALTIME, &spec) == 0 else { return Int64(time(nil)) * 1_000_000 }
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec / 1_000)
    }

    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `epochSeconds`.
    static func imfFixdate(epochSeconds: Int) -> String {
        let (days, secondOfDay) = floorDivide(epochSeconds, 86_400)
        let (year, month, day) = civil(daysSinceEpoch: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(pad(day, 2)) \(months[month - 1]) \(pad(year, 4)) "
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)) GMT"
    }

    /// `1994-11-06T08:49:37.123456Z` for microseconds since the epoch.
    static func iso8601(epochMicroseconds: Int64) -> String {
        let (seconds, micros) = floorDivide(Int(epochMicroseconds), 1_000_000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(daysSinceEpoch: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
            + ".\(pad(micros, 6))Z"
    }

    static func floorDivide(_ a: Int, _ b: Int) -> (Int, Int) {
        let q = a >= 0 ? a / b : (a - b + 1) / b
        return (q, a - q * b)
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    static func civil(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
