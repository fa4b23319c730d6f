/// The counts of one flush window: per scope per bucket, per scope per hour per dimension
/// value, and the new distinct visitors per scope per UTC day, built from the window's distinct
/// events and their counts.
///
/// ```swift
/// var tally = AnalyticsTally()
/// for (event, count) in events { tally.add(event, count: count) }
/// for mark in marks { tally.add(mark, seen: &seen) }
/// store.recordAnalytics(tally.batch) { … }
/// ```
public struct AnalyticsTally: Sendable {
    private struct Cell: Hashable {
        var scope: String
        var bucket: Int64
    }

    private struct MarginalCell: Hashable {
        var scope: String
        var hour: Int64
        var dimension: AnalyticsDimension
        var value: String
    }

    private var visits: [Cell: AnalyticsCounts] = [:]
    private var marginals: [MarginalCell: Int64] = [:]
    private var visitors: [Cell: Int64] = [:]

    public init() {}

    /// Whether nothing has been counted.
    public var isEmpty: Bool { visits.isEmpty && marginals.isEmpty && visitors.isEmpty }

    /// Counts `count` equal events under each of their scopes.
    public mutating func add(_ event: AnalyticsEvent, count: Int64) {
        var counts = AnalyticsCounts()
        var visit: AnalyticsVisit?
        switch event.kind {
        case .claim:
            counts.claims = count
        case .install:
            counts.installs = count
        case .visit(let classified):
            visit = classified
            switch classified.reading.visitClass {
            case .human:
                counts.human = count
                if classified.trigger == .qr { counts.qr = count }
            case .preview: counts.preview = count
            case .bot: counts.bot = count
            }
        }
        let hour = AnalyticsHours.floorDivide(event.bucket, 4)
        for scope in event.scopes {
            visits[Cell(scope: scope, bucket: event.bucket), default: AnalyticsCounts()] += counts
            guard let visit else { continue }
            for dimension in AnalyticsDimension.allCases {
                guard let value = visit.value(of: dimension) else { continue }
                marginals[MarginalCell(scope: scope, hour: hour, dimension: dimension, value: value), default: 0] += count
            }
        }
    }

    /// Counts a visitor once per scope per UTC day: `seen` holds those counted before (exactly
    /// while a scope's day has few, by its estimate once many).
    public mutating func add(_ mark: AnalyticsVisitorMark, seen: inout AnalyticsVisitorSketches) {
        for scope in AnalyticsEvent.scopes(link: mark.link, route: mark.route) {
            let gained = seen.insert(mark.visitor, scope: scope, day: mark.day)
            if gained > 0 { visitors[Cell(scope: scope, bucket: mark.day), default: 0] += gained }
        }
    }

    /// Names every breakdown value as `values` keeps it (`AnalyticsDimensionValues`): a value past
    /// its scope's 100 of the day, or past the budget, is counted under `(other)`. The values of
    /// each scope, day and dimension are offered most frequent first.
    public mutating func nameValues(_ values: inout AnalyticsDimensionValues) {
        let ordered = marginals.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.value < $1.key.value }
        var named: [MarginalCell: Int64] = [:]
        named.reserveCapacity(marginals.count)
        for (cell, count) in ordered {
            var kept = cell
            kept.value = values.name(cell.value, scope: cell.scope, day: AnalyticsHours.floorDivide(cell.hour, 24),
                                     dimension: cell.dimension, count: count)
            named[kept, default: 0] += count
        }
        marginals = named
    }

    /// Adds another window's counts (one whose write failed, to be written with this one).
    public mutating func merge(_ other: AnalyticsTally) {
        for (cell, counts) in other.visits { visits[cell, default: AnalyticsCounts()] += counts }
        for (cell, count) in other.marginals { marginals[cell, default: 0] += count }
        for (cell, count) in other.visitors { visitors[cell, default: 0] += count }
    }

    /// The rows the tally would write.
    public var entryCount: Int { visits.count + marginals.count + visitors.count }

    /// What `bounded(to:)` had to do to fit.
    public struct Bounding: Equatable, Sendable {
        /// Rows merged into coarser ones (breakdowns into their UTC day's first hour, then
        /// 15-minute counts into their UTC day's first quarter hour): every count kept.
        public var folded = 0
        /// Rows let go after folding, the oldest first.
        public var droppedRows = 0
        /// The visits (human, preview and bot) in the 15-minute rows let go.
        public var droppedVisits: Int64 = 0

        /// Nothing folded or let go.
        public init() {}
    }

    /// The tally in at most `limit` rows (a backlog of failed writes that must not grow without
    /// bound): first breakdowns are folded into their UTC day's first hour, then 15-minute counts
    /// into their day's first quarter hour, which keeps every day's totals and breakdowns exact;
    /// only if that is not enough are the oldest rows let go, breakdowns before counts before
    /// visitors, and `Bounding` says how many.
    public func bounded(to limit: Int) -> (tally: AnalyticsTally, bounding: Bounding) {
        var tally = self
        var bounding = Bounding()
        guard tally.entryCount > limit else { return (tally, bounding) }
        var dailyMarginals: [MarginalCell: Int64] = [:]
        for (cell, count) in tally.marginals {
            var day = cell
            day.hour = AnalyticsHours.floorDivide(cell.hour, 24) * 24
            dailyMarginals[day, default: 0] += count
        }
        bounding.folded += tally.marginals.count - dailyMarginals.count
        tally.marginals = dailyMarginals
        if tally.entryCount > limit {
            var dailyVisits: [Cell: AnalyticsCounts] = [:]
            for (cell, counts) in tally.visits {
                let day = Cell(scope: cell.scope, bucket: AnalyticsBucket.day(ofBucket: cell.bucket) * AnalyticsBucket.perDay)
                dailyVisits[day, default: AnalyticsCounts()] += counts
            }
            bounding.folded += tally.visits.count - dailyVisits.count
            tally.visits = dailyVisits
        }
        var excess = tally.entryCount - limit
        guard excess > 0 else { return (tally, bounding) }
        for cell in tally.marginals.keys.sorted(by: { $0.hour < $1.hour }).prefix(excess) {
            tally.marginals[cell] = nil
            bounding.droppedRows += 1
            excess -= 1
        }
        for cell in tally.visits.keys.sorted(by: { $0.bucket < $1.bucket }).prefix(max(0, excess)) {
            if let counts = tally.visits.removeValue(forKey: cell) { bounding.droppedVisits += counts.human + counts.preview + counts.bot }
            bounding.droppedRows += 1
            excess -= 1
        }
        for cell in tally.visitors.keys.sorted(by: { $0.bucket < $1.bucket }).prefix(max(0, excess)) {
            tally.visitors[cell] = nil
            bounding.droppedRows += 1
        }
        return (tally, bounding)
    }

    /// The tally without the counts of one short link's scope (its analytics were purged).
    public func without(link: ShortCode) -> AnalyticsTally {
        let scope = AnalyticsScope.link(link).key
        var kept = self
        kept.visits = visits.filter { $0.key.scope != scope }
        kept.marginals = marginals.filter { $0.key.scope != scope }
        kept.visitors = visitors.filter { $0.key.scope != scope }
        return kept
    }

    /// The counts as one batch, each key once.
    public var batch: AnalyticsBatch {
        AnalyticsBatch(
            visits: visits.map { AnalyticsBatch.Visits(scope: $0.key.scope, bucket: $0.key.bucket, counts: $0.value) },
            marginals: marginals.map {
                AnalyticsBatch.Marginal(scope: $0.key.scope, hour: $0.key.hour, dimension: $0.key.dimension, value: $0.key.value,
                                        count: $0.value)
            },
            visitors: visitors.map { AnalyticsBatch.Visitors(scope: $0.key.scope, day: $0.key.bucket, count: $0.value) })
    }
}
