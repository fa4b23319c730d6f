import Synchronization

/// The analytics store tests use: the same aggregates as the SQL stores, in dictionaries;
/// answers at once on the caller's thread.
public final class InMemoryAnalyticsStore: AnalyticsStore {
    private struct State {
        var visits: [String: [Int64: AnalyticsCounts]] = [:]
        /// scope → UTC day → counts
        var visitDays: [String: [Int64: AnalyticsCounts]] = [:]
        var totals: [String: AnalyticsCounts] = [:]
        /// scope → dimension → hour → value → count
        var hours: [String: [AnalyticsDimension: [Int64: [String: Int64]]]] = [:]
        var days: [String: [AnalyticsDimension: [Int64: [String: Int64]]]] = [:]
        var visitors: [String: [Int64: Int64]] = [:]
    }

    private let state = Mutex(State())
    private let writeFailure = Mutex<AnalyticsStoreError?>(nil)

    public init() {}

    /// Makes every write fail with `error` until called again with nil (a store that is down).
    public func failWrites(with error: AnalyticsStoreError?) {
        writeFailure.withLock { $0 = error }
    }

    public func recordAnalytics(_ batch: AnalyticsBatch, completion: @escaping AnalyticsCompletion<Void>) {
        if let failure = writeFailure.withLock({ $0 }) { return completion(.failure(failure)) }
        state.withLock { state in
            for row in batch.visits {
                state.visits[row.scope, default: [:]][row.bucket, default: AnalyticsCounts()] += row.counts
                state.visitDays[row.scope, default: [:]][AnalyticsBucket.day(ofBucket: row.bucket), default: AnalyticsCounts()] += row.counts
                state.totals[row.scope, default: AnalyticsCounts()] += row.counts
            }
            for row in batch.marginals {
                state.hours[row.scope, default: [:]][row.dimension, default: [:]][row.hour, default: [:]][row.value, default: 0] += row.count
            }
            for row in batch.visitors {
                state.visitors[row.scope, default: [:]][row.day, default: 0] += row.count
            }
        }
        completion(.success(()))
    }

    public func analyticsVisits(scope: String, from start: Int64, to end: Int64,
                                completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>) {
        let rows = state.withLock { state in
            (state.visits[scope] ?? [:]).filter { $0.key >= start && $0.key < end }
                .map { AnalyticsBatch.Visits(scope: scope, bucket: $0.key, counts: $0.value) }
        }
        completion(.success(rows.sorted { $0.bucket < $1.bucket }))
    }

    public func analyticsLinkVisits(from start: Int64, to end: Int64, resolution: AnalyticsRowResolution,
                                    after cursor: AnalyticsVisitsCursor, limit: Int,
                                    completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>) {
        let rows = state.withLock { state in
            // Day rows keyed by their first bucket, so both resolutions filter and sort alike.
            let table = resolution == .utcDay
                ? state.visitDays.mapValues { days in
                    Dictionary(uniqueKeysWithValues: days.map { ($0.key * AnalyticsBucket.perDay, $0.value) })
                }
                : state.visits
            return table.filter { $0.key.hasPrefix(AnalyticsVisitsCursor.linkPrefix) && $0.key >= cursor.scope }
                .flatMap { scope, buckets in
                    buckets.filter { $0.key >= start && $0.key < end && (scope > cursor.scope || $0.key > cursor.bucket) }
                        .map { AnalyticsBatch.Visits(scope: scope, bucket: $0.key, counts: $0.value) }
                }
        }
        let page = rows.sorted { $0.scope != $1.scope ? $0.scope < $1.scope : $0.bucket < $1.bucket }.prefix(max(limit, 0))
        completion(.success(Array(page)))
    }

    public func analyticsBreakdown(scope: String, dimension: AnalyticsDimension, from start: Int64, to end: Int64, limit: Int,
                                   completion: @escaping AnalyticsCompletion<AnalyticsBreakdownTop>) {
        let range = AnalyticsHours(from: start, to: end)
        let sums = state.withLock { state in
            var sums: [String: Int64] = [:]
            for (hour, values) in state.hours[scope]?[dimension] ?? [:] where hour >= range.firstHour && hour < range.endHour {
                for (value, count) in values { sums[value, default: 0] += count }
            }
            for (day, values) in state.days[scope]?[dimension] ?? [:] where day >= range.firstDay && day < range.endDay {
                for (value, count) in values { sums[value, default: 0] += count }
            }
            return sums
        }
        completion(.success(AnalyticsBreakdownTop(summed: sums.map { AnalyticsBreakdownRow(value: $0.key, count: $0.value) }, limit: limit)))
    }

    public func analyticsVisitors(scope: String, days: ClosedRange<Int64>,
                                  completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visitors]>) {
        let rows = state.withLock { state in
            (state.visitors[scope] ?? [:]).filter { days.contains($0.key) }
                .map { AnalyticsBatch.Visitors(scope: scope, day: $0.key, count: $0.value) }
        }
        completion(.success(rows.sorted { $0.day < $1.day }))
    }

    public func analyticsTopLinks(days: ClosedRange<Int64>, limit: Int, completion: @escaping AnalyticsCompletion<[AnalyticsTopLink]>) {
        let sums = state.withLock { state in
            state.visitDays.filter { $0.key.hasPrefix(AnalyticsVisitsCursor.linkPrefix) }.compactMapValues { perDay in
                let human = perDay.filter { days.contains($0.key) }.reduce(Int64(0)) { $0 + $1.value.human }
                return human > 0 ? human : nil
            }
        }
        let top = sums.map { AnalyticsTopLink(scope: $0.key, human: $0.value) }
            .sorted { $0.human != $1.human ? $0.human > $1.human : $0.scope < $1.scope }.prefix(max(0, limit))
        completion(.success(Array(top)))
    }

    public func analyticsTotals(scopes: [String], completion: @escaping AnalyticsCompletion<[String: AnalyticsCounts]>) {
        let totals = state.withLock { state in
            scopes.reduce(into: [String: AnalyticsCounts]()) { answer, scope in answer[scope] = state.totals[scope] }
        }
        completion(.success(totals))
    }

    public func deleteAnalytics(scope: String, completion: @escaping AnalyticsCompletion<Int>) {
        let deleted = state.withLock { state in
            var deleted = state.visits.removeValue(forKey: scope)?.count ?? 0
            deleted += state.visitDays.removeValue(forKey: scope)?.count ?? 0
            deleted += state.totals.removeValue(forKey: scope) == nil ? 0 : 1
            for dimensions in [state.hours.removeValue(forKey: scope), state.days.removeValue(forKey: scope)] {
                deleted += (dimensions ?? [:]).values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
            }
            deleted += state.visitors.removeValue(forKey: scope)?.count ?? 0
            return deleted
        }
        completion(.success(deleted))
    }

    public func analyticsReceipt(completion: @escaping AnalyticsCompletion<[AnalyticsTableReceipt]>) {
        let receipt = state.withLock { state in
            func count(_ table: [String: [AnalyticsDimension: [Int64: [String: Int64]]]]) -> Int64 {
                Int64(table.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } } })
            }
            return AnalyticsTableReceipt.tables.map { table, columns in
                let rows: Int64
                switch table {
                case "analytics_visits": rows = Int64(state.visits.values.reduce(0) { $0 + $1.count })
                case "analytics_visit_days": rows = Int64(state.visitDays.values.reduce(0) { $0 + $1.count })
                case "analytics_totals": rows = Int64(state.totals.count)
                case "analytics_marginals": rows = count(state.hours)
                case "analytics_marginal_days": rows = count(state.days)
                default: rows = Int64(state.visitors.values.reduce(0) { $0 + $1.count })
                }
                return AnalyticsTableReceipt(table: table, columns: columns, rows: rows)
            }
        }
        completion(.success(receipt))
    }

    public func compactAnalytics(detailBefore: Int64, keepFrom: Int64, completion: @escaping AnalyticsCompletion<Int>) {
        let changed = state.withLock { state in
            var changed = 0
            for (scope, dimensions) in state.hours {
                for (dimension, hours) in dimensions {
                    for (hour, values) in hours where hour * 4 < detailBefore {
                        for (value, count) in values {
                            state.days[scope, default: [:]][dimension, default: [:]][hour * 4 / AnalyticsBucket.perDay, default: [:]][value, default: 0] += count
                            changed += 1
                        }
                        state.hours[scope]?[dimension]?[hour] = nil
                    }
                }
            }
            let keepDay = AnalyticsBucket.day(ofBucket: keepFrom)
            for scope in state.visits.keys {
                let before = state.visits[scope]?.count ?? 0
                state.visits[scope] = state.visits[scope]?.filter { $0.key >= keepFrom }
                changed += before - (state.visits[scope]?.count ?? 0)
            }
            for scope in state.visitDays.keys {
                let before = state.visitDays[scope]?.count ?? 0
                state.visitDays[scope] = state.visitDays[scope]?.filter { $0.key >= keepDay }
                changed += before - (state.visitDays[scope]?.count ?? 0)
            }
            for (scope, dimensions) in state.days {
                for (dimension, days) in dimensions {
                    for (day, values) in days where day < keepDay {
                        changed += values.count
                        state.days[scope]?[dimension]?[day] = nil
                    }
                }
            }
            for scope in state.visitors.keys {
                let before = state.visitors[scope]?.count ?? 0
                state.visitors[scope] = state.visitors[scope]?.filter { $0.key >= keepDay }
                changed += before - (state.visitors[scope]?.count ?? 0)
            }
            return changed
        }
        completion(.success(changed))
    }
}
