/// The counts of one flush window, built from events in memory: per scope per bucket, per
/// scope per hour per dimension value, and the new distinct visitors per scope per UTC day.
///
/// ```swift
/// var tally = AnalyticsTally()
/// for event in events { tally.add(event, visitors: &visitors) }
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

    /// Counts one event under each of its scopes; a visit's visitor is counted once per scope
    /// per UTC day in `seen`.
    public mutating func add(_ event: AnalyticsEvent, seen: inout AnalyticsVisitorSets) {
        let bucket = AnalyticsBucket.index(of: event.at)
        for scope in event.scopes {
            var counts = AnalyticsCounts()
            switch event.kind {
            case .claim:
                counts.claims = 1
            case .install:
                counts.installs = 1
            case .visit(let visit):
                switch visit.reading.visitClass {
                case .human:
                    counts.human = 1
                    if visit.trigger == .qr { counts.qr = 1 }
                case .preview: counts.preview = 1
                case .bot: counts.bot = 1
                }
                for dimension in AnalyticsDimension.allCases {
                    guard let value = visit.value(of: dimension) else { continue }
                    marginals[MarginalCell(scope: scope, hour: AnalyticsHours.floorDivide(bucket, 4), dimension: dimension,
                                           value: value), default: 0] += 1
                }
                if let visitor = visit.visitor {
                    let day = AnalyticsBucket.day(ofBucket: bucket)
                    if seen.insert(visitor, scope: scope, day: day) {
                        visitors[Cell(scope: scope, bucket: day), default: 0] += 1
                    }
                }
            }
            visits[Cell(scope: scope, bucket: bucket), default: AnalyticsCounts()] += counts
        }
    }

    /// Adds another window's counts (one whose write failed, to be written with this one).
    public mutating func merge(_ other: AnalyticsTally) {
        for (cell, counts) in other.visits { visits[cell, default: AnalyticsCounts()] += counts }
        for (cell, count) in other.marginals { marginals[cell, default: 0] += count }
        for (cell, count) in other.visitors { visitors[cell, default: 0] += count }
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
