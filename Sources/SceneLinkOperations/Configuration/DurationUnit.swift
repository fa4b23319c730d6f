/// The units a duration is written in, the same for every duration flag and for the period of
/// a rate limit (`--session-ttl 15min`, `--rate-limit sessions=60/min`).
///
/// A duration always names its unit: `30` alone is refused, since it could mean seconds,
/// minutes or days.
package enum DurationUnit: CaseIterable, Sendable {
    case milliseconds, seconds, minutes, hours, days

    /// How a user may write the unit; the first is the one help text shows.
    package var spellings: [String] {
        switch self {
        case .milliseconds: ["ms"]
        case .seconds: ["s"]
        case .minutes: ["min", "m"]
        case .hours: ["h"]
        case .days: ["d"]
        }
    }

    /// The unit in milliseconds.
    package var milliseconds: Int64 {
        switch self {
        case .milliseconds: 1
        case .seconds: 1_000
        case .minutes: 60_000
        case .hours: 3_600_000
        case .days: 86_400_000
        }
    }

    /// The unit `text` ends with and the number before it (`15min` is 15 and minutes), or nil
    /// when `text` does not end with a unit.
    package static func split(_ text: Substring) -> (number: Substring, unit: DurationUnit)? {
        // Longest spelling first, so `ms` and `min` are not read as `s` and `m`.
        let spellings = allCases.flatMap { unit in unit.spellings.map { (spelling: $0, unit: unit) } }
            .sorted { $0.spelling.count > $1.spelling.count }
        for candidate in spellings where text.hasSuffix(candidate.spelling) {
            return (text.dropLast(candidate.spelling.count), candidate.unit)
        }
        return nil
    }

    /// The units as help text and messages list them: `ms, s, min (or m), h or d`.
    package static let listed = "ms, s, min (or m), h or d"
}
