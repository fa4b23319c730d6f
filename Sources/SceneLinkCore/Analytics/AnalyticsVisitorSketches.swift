/// The visitors already counted per scope per UTC day, in bounded memory: one
/// `AnalyticsVisitorSketch` per scope and day (exact up to 1,024 visitors, then a 16 KiB
/// HyperLogLog sketch), all of them together within `budget` bytes whatever visitors send.
/// They live in memory only and are dropped with their day.
///
/// Each visitor added answers how many new visitors the scope's day count gains: 1 or 0 while the
/// sketch is exact, the rise of its estimate over what was counted before once it is not (never
/// negative), so the stored daily counts follow the estimate.
///
/// When a visitor would need more memory than the budget has left (a new scope or day, a sketch
/// growing or turning dense), it is not counted there and `untracked` says so; sketches that exist
/// and are dense keep counting. Scopes are added `all` first, so the whole service's count is the
/// last to stop.
///
/// An instance that restarts, and each instance sharing a database, starts with empty sketches and
/// a new salt: a visitor seen before and after a restart, or by two instances, counts twice.
public struct AnalyticsVisitorSketches: Sendable {
    /// The default budget: 32 MiB, what 2,048 dense sketches (or about 16 million exact visitors) take.
    public static let defaultBudget = 32 << 20
    /// What each scope-and-day costs beyond its sketch: its dictionary slot, key and counters.
    static let entryOverhead = 128

    private struct Entry: Sendable {
        var sketch = AnalyticsVisitorSketch()
        /// The visitors counted so far (the estimate when it last rose).
        var counted: Int64 = 0

        /// Adds `visitor` unless that would take more than `spare` bytes; answers the visitors the
        /// count gains and the bytes the sketch grew by, or nil when it was refused.
        mutating func add(_ visitor: UInt64, spare: Int) -> (gained: Int64, growth: Int)? {
            let before = sketch.bytes
            if sketch.wouldGrow(with: visitor), sketch.bytesAfterGrowing - before > spare { return nil }
            sketch.insert(visitor)
            let gained = max(0, sketch.estimate - counted)
            counted += gained
            return (gained, sketch.bytes - before)
        }
    }

    /// The most bytes the sketches may hold.
    public let budget: Int
    private var days: [Int64: [String: Entry]] = [:]
    /// The bytes held now, as `AnalyticsVisitorSketch.bytes` and `entryOverhead` count them.
    public private(set) var bytes = 0
    /// Visitors not counted in a scope because the budget was spent, since the start.
    public private(set) var untracked = 0

    public init(budget: Int = AnalyticsVisitorSketches.defaultBudget) {
        self.budget = budget
    }

    /// Records `visitor` for `scope` on `day`; answers how many visitors the day's count gains.
    public mutating func insert(_ visitor: UInt64, scope: String, day: Int64) -> Int64 {
        if days[day]?[scope] == nil {
            guard bytes + Self.entryOverhead <= budget else {
                untracked += 1
                return 0
            }
            bytes += Self.entryOverhead
        }
        // Changed in place: a sketch is never copied to add one visitor.
        guard let added = days[day, default: [:]][scope, default: Entry()].add(visitor, spare: budget - bytes) else {
            untracked += 1
            return 0
        }
        bytes += added.growth
        return added.gained
    }

    /// Forgets every day before `day`.
    public mutating func forget(before day: Int64) {
        for (past, scopes) in days where past < day {
            bytes -= scopes.values.reduce(0) { $0 + Self.entryOverhead + $1.sketch.bytes }
            days[past] = nil
        }
    }

    /// How many scope-and-day sketches are held.
    public var count: Int { days.values.reduce(0) { $0 + $1.count } }
}
