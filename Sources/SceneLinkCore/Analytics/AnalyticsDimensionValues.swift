/// The breakdown values kept by name, per scope, UTC day and dimension: at most `perScopeDay`
/// (100) of them, and at most `budget` (250,000) over every scope, so the breakdown rows a day
/// adds are bounded by the number of scopes, whatever referrers and headers visitors send. A
/// value past either bound is counted under `(other)`: totals stay exact.
///
/// Values are admitted as flushes bring them, the most frequent of a flush first: the day's
/// first values keep their names for the rest of the day. The names live in memory only and are
/// dropped with their day (a restart admits anew).
public struct AnalyticsDimensionValues: Sendable {
    /// Values kept by name per scope, UTC day and dimension.
    public static let perScopeDay = 100
    /// Values kept by name over every scope and day held (about 10 MiB of names).
    public static let defaultBudget = 250_000
    /// What every value past the bounds is counted as (also what an odd referrer reads as).
    public static let other = "(other)"

    private struct Key: Hashable, Sendable {
        var scope: String
        var day: Int64
        var dimension: AnalyticsDimension
    }

    public let budget: Int
    private var admitted: [Key: Set<String>] = [:]
    /// Names held over every key.
    public private(set) var held = 0
    /// Counts moved to `(other)` since the start.
    public private(set) var folded: Int64 = 0

    public init(budget: Int = AnalyticsDimensionValues.defaultBudget) {
        self.budget = budget
    }

    /// The name `value` is counted under for `scope`'s `dimension` on `day`: itself when it is
    /// kept (or now admitted), else `(other)`; `count` is what it brings, for `folded`.
    public mutating func name(_ value: String, scope: String, day: Int64, dimension: AnalyticsDimension, count: Int64) -> String {
        guard value != Self.other else { return value }
        let key = Key(scope: scope, day: day, dimension: dimension)
        if admitted[key]?.contains(value) == true { return value }
        guard (admitted[key]?.count ?? 0) < Self.perScopeDay, held < budget else {
            folded += count
            return Self.other
        }
        admitted[key, default: []].insert(value)
        held += 1
        return value
    }

    /// Forgets every day before `day`.
    public mutating func forget(before day: Int64) {
        for key in admitted.keys where key.day < day {
            held -= admitted.removeValue(forKey: key)?.count ?? 0
        }
    }
}
