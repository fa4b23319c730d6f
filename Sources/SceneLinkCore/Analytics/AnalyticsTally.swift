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

    /// Adds another window's counts (one whose write failed, to be written with this one).
    public mutating func merge(_ other: AnalyticsTally) {
        for (cell, counts) in other.visits { visits[cell, default: AnalyticsCounts()] += counts }
        for (cell, count) in other.marginals { marginals[cell, default: 0] += count }
        for (cell, count) in other.visitors { visitors[cell, default: 0] += count }
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
