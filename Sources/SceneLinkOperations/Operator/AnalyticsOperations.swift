import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The analytics reports' operations: time series, breakdown, uniques, export, privacy receipt,
/// and a link's purge. Each checks its caller's permission (`analytics:read` for the reports,
/// `links:write` for the purge, which writes its audit entry) and answers typed values; the JSON
/// and CSV API (`AnalyticsEndpoints`) and the console's Analytics, link and System pages are
/// adapters over them. The queries' items are read once (`Query`), for both.
package struct AnalyticsOperations: Sendable {
    package let store: any AnalyticsStore
    package let recorder: AnalyticsRecorder
    package let clock: SceneStateClock
    package let audit: AuditTrail?

    package init(store: any AnalyticsStore, recorder: AnalyticsRecorder, clock: SceneStateClock, audit: AuditTrail?) {
        self.store = store
        self.recorder = recorder
        self.clock = clock
        self.audit = audit
    }

    /// A report's scope, range and interval, read from query items as the API names them
    /// (`scope`, `from`, `to`, `tz`, `interval`, `dimension`).
    package struct Query: Sendable {
        package var scope: AnalyticsScope
        package var range: AnalyticsRange
        package var interval: AnalyticsInterval

        /// - Throws: 400 `invalid-analytics-query` saying which item is wrong and what it takes.
        package init(_ item: (String) -> String?, now: Date) throws(AnalyticsQueryError) {
            scope = try AnalyticsScope(parsing: item("scope") ?? "all")
            let text = item("interval") ?? AnalyticsInterval.day.rawValue
            guard let interval = AnalyticsInterval(rawValue: text) else { throw .invalidInterval(text) }
            self.interval = interval
            range = try AnalyticsRange(from: item("from"), to: item("to"), zone: item("tz"), now: now)
        }

        /// The breakdown's `dimension`, which it must name.
        package static func dimension(_ item: (String) -> String?) throws(AnalyticsQueryError) -> AnalyticsDimension {
            guard let text = item("dimension") else { throw .invalidDimension("") }
            guard let dimension = AnalyticsDimension(rawValue: text) else { throw .invalidDimension(text) }
            return dimension
        }
    }

    /// Every bucket of the range, zeros included, and the totals.
    package struct Timeseries: Sendable {
        package let query: Query
        package let buckets: [(start: String, counts: AnalyticsCounts)]
        package let totals: AnalyticsCounts
    }

    /// Human visits (previews for `preview`) per value, largest first.
    package struct Breakdown: Sendable {
        package let query: Query
        package let dimension: AnalyticsDimension
        /// The largest values, at most the `limit` asked for.
        package let rows: [AnalyticsBreakdownRow]
        /// Every value's count, the ones not listed too.
        package let total: Int64
        /// The values past the limit, not listed.
        package let omitted: Int

        /// The store's largest values (`AnalyticsBreakdownTop`), with the total of all.
        package init(query: Query, dimension: AnalyticsDimension, top: AnalyticsBreakdownTop) {
            self.query = query
            self.dimension = dimension
            rows = top.rows
            total = top.total
            omitted = max(0, top.distinct - top.rows.count)
        }
    }

    /// The values a breakdown lists unless asked for another `limit`, and the most it lists.
    package static let breakdownLimit = (standard: 100, maximum: 1_000)

    /// Distinct visitors per UTC day of the range.
    package struct Uniques: Sendable {
        package let scope: AnalyticsScope
        package let range: AnalyticsRange
        package let days: [(day: String, visitors: Int64)]
    }

    /// What analytics keeps: whether it counts, and each table with its columns and rows.
    package struct Receipt: Sendable {
        package let isOn: Bool
        package let tables: [AnalyticsTableReceipt]
    }

    /// The query of `item` now (`Query`), or its 400.
    package func query(_ item: (String) -> String?) throws(OperationError) -> Query {
        do {
            return try Query(item, now: clock.now())
        } catch {
            throw OperationError(error.problem)
        }
    }

    package func timeseries(_ query: Query, by caller: OperatorCaller, completion: @escaping @Sendable (Result<Timeseries, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsTimeseries) ?? offRefusal() { return completion(.failure(refusal)) }
        store.analyticsVisits(scope: query.scope.key, from: query.range.startBucket, to: query.range.endBucket) { result in
            completion(result.map { rows in
                let spans = query.range.spans(query.interval)
                var sums = Array(repeating: AnalyticsCounts(), count: spans.count)
                var totals = AnalyticsCounts()
                var walk = AnalyticsSpanWalk(spans: spans)
                for row in rows {
                    guard let index = walk.index(of: row.bucket) else { continue }
                    sums[index] += row.counts
                    totals += row.counts
                }
                return Timeseries(query: query, buckets: zip(spans, sums).map { (start: $0.start, counts: $1) }, totals: totals)
            }.mapError(Self.error))
        }
    }

    package func breakdown(_ query: Query, dimension: AnalyticsDimension, limit: Int = AnalyticsOperations.breakdownLimit.standard,
                           by caller: OperatorCaller,
                           completion: @escaping @Sendable (Result<Breakdown, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsBreakdown) ?? offRefusal() { return completion(.failure(refusal)) }
        store.analyticsBreakdown(scope: query.scope.key, dimension: dimension, from: query.range.startBucket, to: query.range.endBucket,
                                 limit: limit) { result in
            completion(result.map { Breakdown(query: query, dimension: dimension, top: $0) }.mapError(Self.error))
        }
    }

    /// Distinct visitors per UTC day of `from`…`to` (the zone is UTC whatever `tz` says).
    package func uniques(scope: AnalyticsScope, from: String?, to: String?, by caller: OperatorCaller,
                         completion: @escaping @Sendable (Result<Uniques, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsUniques) ?? offRefusal() { return completion(.failure(refusal)) }
        let range: AnalyticsRange
        do {
            range = try AnalyticsRange(from: from, to: to, zone: "UTC", now: clock.now())
        } catch {
            return completion(.failure(OperationError(error.problem)))
        }
        let days = range.utcDays
        store.analyticsVisitors(scope: scope.key, days: days) { result in
            completion(result.map { rows in
                var byDay: [Int64: Int64] = [:]
                for row in rows { byDay[row.day] = row.count }
                return Uniques(scope: scope, range: range, days: days.map { (day: AnalyticsBucket.dayText($0), visitors: byDay[$0] ?? 0) })
            }.mapError(Self.error))
        }
    }

    /// Every short link's counts per bucket that has any, streamed (`AnalyticsExport`).
    package func export(_ query: Query, by caller: OperatorCaller, completion: @escaping @Sendable (Result<AnalyticsExport, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsExport) ?? offRefusal() { return completion(.failure(refusal)) }
        AnalyticsExport.start(store: store, range: query.range, interval: query.interval) { completion($0.mapError(Self.error)) }
    }

    /// What analytics keeps, in the operator's own database.
    package func privacy(by caller: OperatorCaller, completion: @escaping @Sendable (Result<Receipt, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsPrivacy) { return completion(.failure(refusal)) }
        store.analyticsReceipt { [recorder] result in
            completion(result.map { Receipt(isOn: recorder.configuration.isOn, tables: $0) }.mapError(Self.error))
        }
    }

    /// Deletes every count of the link `code`, in memory and stored; answers the rows deleted.
    package func purge(link code: ShortCode, by caller: OperatorCaller, completion: @escaping @Sendable (Result<Int64, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsPurge) { return completion(.failure(refusal)) }
        recorder.forget(link: code)
        store.deleteAnalytics(scope: AnalyticsScope.link(code).key) { [audit] result in
            switch result {
            case .success(let deleted):
                audit.record(actor: caller.actor, action: "analytics.purged", subject: "link:\(code.rawValue)",
                             detail: ["rows": String(deleted)]) { completion(.success(Int64(deleted))) }
            case .failure(let error):
                completion(.failure(Self.error(error)))
            }
        }
    }

    /// 404 `analytics-off` while nothing is counted, for the reports.
    private func offRefusal() -> OperationError? {
        recorder.configuration.isOn ? nil : OperationError(AnalyticsProblems.off)
    }

    package static func error(_ error: AnalyticsStoreError) -> OperationError {
        switch error {
        case .failure(let failure): OperationError(failure)
        }
    }
}

extension AnalyticsOperations {
    /// The counts of every link per 15-minute bucket over the UTC days `days` (the Overview's
    /// counts and chart): a time-series report.
    package func visits(days: ClosedRange<Int64>, by caller: OperatorCaller,
                        completion: @escaping @Sendable (Result<[AnalyticsBatch.Visits], OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsTimeseries) { return completion(.failure(refusal)) }
        store.analyticsVisits(scope: AnalyticsScope.all.key, from: days.lowerBound * AnalyticsBucket.perDay,
                              to: (days.upperBound + 1) * AnalyticsBucket.perDay) { completion($0.mapError(Self.error)) }
    }

    /// The `limit` links with the most human visits over the UTC days `days`: a time-series report.
    package func topLinks(days: ClosedRange<Int64>, limit: Int, by caller: OperatorCaller,
                          completion: @escaping @Sendable (Result<[AnalyticsTopLink], OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .analyticsTimeseries) { return completion(.failure(refusal)) }
        store.analyticsTopLinks(days: days, limit: limit) { completion($0.mapError(Self.error)) }
    }
}
