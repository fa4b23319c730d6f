/// The visitors already counted per scope per UTC day, as the exact set of their keyed hashes
/// (64 bits each, so two visitors collide with odds about n²/2⁶⁵: none in practice at a day's
/// traffic). The sets live in memory only and are dropped with their day.
///
/// An instance that restarts, and each instance sharing a database, starts with empty sets and
/// a new salt: a visitor seen before and after a restart, or by two instances, counts twice.
public struct AnalyticsVisitorSets: Sendable {
    private var days: [Int64: [String: Set<UInt64>]] = [:]

    public init() {}

    /// Records `visitor` for `scope` on `day`; answers whether it is new there.
    public mutating func insert(_ visitor: UInt64, scope: String, day: Int64) -> Bool {
        days[day, default: [:]][scope, default: []].insert(visitor).inserted
    }

    /// Forgets every day before `day`.
    public mutating func forget(before day: Int64) {
        days = days.filter { $0.key >= day }
    }

    /// How many hashes are held, over every day and scope.
    public var count: Int { days.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } } }
}
