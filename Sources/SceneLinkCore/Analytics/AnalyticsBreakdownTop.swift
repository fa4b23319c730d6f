/// A breakdown as a store answers it: its largest values, and what all of them add up to, so
/// that a range with tens of thousands of values costs the answer only the ones it lists.
public struct AnalyticsBreakdownTop: Equatable, Sendable {
    /// The largest values, at most the limit asked for: largest first, equal counts by value
    /// (byte order of UTF-8, as SQLite's `BINARY` and PostgreSQL's `"C"` collations compare).
    public var rows: [AnalyticsBreakdownRow]
    /// Every value's count together, the ones not listed too.
    public var total: Int64
    /// How many values there are in all.
    public var distinct: Int

    public init(rows: [AnalyticsBreakdownRow], total: Int64, distinct: Int) {
        self.rows = rows
        self.total = total
        self.distinct = distinct
    }

    /// The largest `limit` of `summed` (one row per value, each value's count summed), with
    /// their total and number. Values are told apart by their bytes, as the stores group them,
    /// not by Swift's `String` equality (which equates canonically equivalent spellings).
    public init(summed: [AnalyticsBreakdownRow], limit: Int) {
        var total: Int64 = 0
        for row in summed { total &+= row.count }
        var largest = summed
        let keep = max(0, limit)
        if largest.count > keep {
            // Only the rows at or above the keep-th largest count can be listed: sort those alone.
            var counts = largest.map(\.count)
            let threshold = Self.largest(keep, of: &counts)
            largest.removeAll { $0.count < threshold }
        }
        largest.sort(by: Self.precedes)
        self.init(rows: Array(largest.prefix(keep)), total: total, distinct: summed.count)
    }

    /// Whether `a` is listed before `b`: the larger count first, then the smaller value in UTF-8 byte order.
    public static func precedes(_ a: AnalyticsBreakdownRow, _ b: AnalyticsBreakdownRow) -> Bool {
        a.count != b.count ? a.count > b.count : a.value.utf8.lexicographicallyPrecedes(b.value.utf8)
    }

    /// The `k`-th largest of `counts` (reordering them; `k` from 1 to `counts.count`), or
    /// `Int64.max` when `k` is 0 (nothing is listed): quickselect, linear on average.
    private static func largest(_ k: Int, of counts: inout [Int64]) -> Int64 {
        guard k > 0, !counts.isEmpty else { return .max }
        var low = 0, high = counts.count - 1
        let target = min(k, counts.count) - 1
        var generator = SystemRandomNumberGenerator()
        while low < high {
            counts.swapAt(Int.random(in: low...high, using: &generator), high)
            let pivot = counts[high]
            var store = low
            for index in low..<high where counts[index] > pivot {
                counts.swapAt(index, store)
                store += 1
            }
            counts.swapAt(store, high)
            if store == target { return counts[store] }
            if store < target { low = store + 1 } else { high = store - 1 }
        }
        return counts[target]
    }
}
