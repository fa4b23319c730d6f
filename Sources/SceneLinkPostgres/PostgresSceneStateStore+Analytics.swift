import Foundation
import SceneLinkCore

/// Analytics in the same database (migration 11), through the same pool. A flush is one
/// statement that adds every count of the batch (`PostgresStatement.recordAnalytics`), so two
/// instances flushing at once both count; the compaction runs in a transaction of its own.
extension PostgresSceneStateStore: AnalyticsStore {
    public func recordAnalytics(_ batch: AnalyticsBatch, completion: @escaping AnalyticsCompletion<Void>) {
        guard !batch.isEmpty else { return completion(.success(())) }
        let visits = batch.visits, marginals = batch.marginals, visitors = batch.visitors
        let parameters: [PostgresParameter] = [
            .textArray(visits.map(\.scope)), .int64Array(visits.map(\.bucket)),
            .int64Array(visits.map(\.counts.human)), .int64Array(visits.map(\.counts.qr)),
            .int64Array(visits.map(\.counts.preview)), .int64Array(visits.map(\.counts.bot)),
            .int64Array(visits.map(\.counts.claims)), .int64Array(visits.map(\.counts.installs)),
            .textArray(marginals.map(\.scope)), .textArray(marginals.map(\.dimension.rawValue)),
            .int64Array(marginals.map(\.hour)), .textArray(marginals.map(\.value)), .int64Array(marginals.map(\.count)),
            .textArray(visitors.map(\.scope)), .int64Array(visitors.map(\.day)), .int64Array(visitors.map(\.count)),
        ]
        call(.recordAnalytics, parameters, kind: .soloWrite, Self.mapping(completion)) { _ in () }
    }

    public func analyticsVisits(scope: String, from start: Int64, to end: Int64,
                                completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>) {
        call(.selectAnalyticsVisits, [.text(scope), .int64(start), .int64(end)], kind: .read, Self.mapping(completion)) { rows in
            try rows.map { row throws(PostgresError) in
                AnalyticsBatch.Visits(scope: scope, bucket: try row.int64(0), counts: try Self.counts(row, from: 1))
            }
        }
    }

    public func analyticsLinkVisits(from start: Int64, to end: Int64, resolution: AnalyticsRowResolution,
                                    after cursor: AnalyticsVisitsCursor, limit: Int,
                                    completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>) {
        guard limit > 0 else { return completion(.success([])) }
        // In days, the cursor, the range and each row's bucket are read in the day rows' units.
        let scale = resolution.bucketsPerRow
        call(resolution == .utcDay ? .selectAnalyticsLinkVisitDays : .selectAnalyticsLinkVisits,
             [.text(cursor.scope), .int64(resolution.unit(ofBucket: cursor.bucket)), .int64(resolution.unit(ofBucket: start)),
              .int64(resolution.unit(ofBucket: end)), .int64(Int64(limit))],
             kind: .read, Self.mapping(completion)) { rows in
            var page: [AnalyticsBatch.Visits] = []
            page.reserveCapacity(rows.count)
            for row in rows {
                // Rows of one scope share one string.
                let text = try row.text(0)
                let scope = page.last.map { $0.scope == text ? $0.scope : text } ?? text
                page.append(AnalyticsBatch.Visits(scope: scope, bucket: try row.int64(1) * scale, counts: try Self.counts(row, from: 2)))
            }
            return page
        }
    }

    public func analyticsBreakdown(scope: String, dimension: AnalyticsDimension, from start: Int64, to end: Int64, limit: Int,
                                   completion: @escaping AnalyticsCompletion<AnalyticsBreakdownTop>) {
        let range = AnalyticsHours(from: start, to: end)
        call(.selectAnalyticsBreakdown, [.text(scope), .text(dimension.rawValue), .int64(range.firstHour), .int64(range.endHour),
                                         .int64(range.firstDay), .int64(range.endDay), .int64(Int64(max(0, limit)))],
             kind: .read, Self.mapping(completion)) { rows in
            // Each row carries the total and the number of all values; none when there are no values.
            guard let first = rows.first else { return AnalyticsBreakdownTop(rows: [], total: 0, distinct: 0) }
            let listed = try rows.compactMap { row throws(PostgresError) -> AnalyticsBreakdownRow? in
                row.isNull(0) ? nil : AnalyticsBreakdownRow(value: try row.text(0), count: try row.int64(1))
            }
            return AnalyticsBreakdownTop(rows: listed, total: try first.int64(2), distinct: Int(clamping: try first.int64(3)))
        }
    }

    public func analyticsVisitors(scope: String, days: ClosedRange<Int64>,
                                  completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visitors]>) {
        call(.selectAnalyticsVisitors, [.text(scope), .int64(days.lowerBound), .int64(days.upperBound)], kind: .read,
             Self.mapping(completion)) { rows in
            try rows.map { row throws(PostgresError) in
                AnalyticsBatch.Visitors(scope: scope, day: try row.int64(0), count: try row.int64(1))
            }
        }
    }

    public func analyticsTotals(scopes: [String], completion: @escaping AnalyticsCompletion<[String: AnalyticsCounts]>) {
        guard !scopes.isEmpty else { return completion(.success([:])) }
        call(.selectAnalyticsTotals, [.textArray(scopes)], kind: .read, Self.mapping(completion)) { rows in
            var totals: [String: AnalyticsCounts] = [:]
            for row in rows { totals[try row.text(0)] = try Self.counts(row, from: 1) }
            return totals
        }
    }

    public func analyticsTopLinks(days: ClosedRange<Int64>, limit: Int, completion: @escaping AnalyticsCompletion<[AnalyticsTopLink]>) {
        call(.selectAnalyticsTopLinks, [.int64(days.lowerBound), .int64(days.upperBound), .int64(Int64(max(0, limit)))], kind: .read,
             Self.mapping(completion)) { rows in
            try rows.map { row throws(PostgresError) in AnalyticsTopLink(scope: try row.text(0), human: try row.int64(1)) }
        }
    }

    public func deleteAnalytics(scope: String, completion: @escaping AnalyticsCompletion<Int>) {
        call(.deleteAnalytics, [.text(scope)], kind: .soloWrite, Self.mapping(completion)) { rows in
            Int(try rows.first?.int64(0) ?? 0)
        }
    }

    public func analyticsReceipt(completion: @escaping AnalyticsCompletion<[AnalyticsTableReceipt]>) {
        call(.selectAnalyticsReceipt, [], kind: .read, Self.mapping(completion)) { rows in
            try AnalyticsTableReceipt.tables.enumerated().map { index, table throws(PostgresError) in
                AnalyticsTableReceipt(table: table.table, columns: table.columns, rows: try rows.first?.int64(index) ?? 0)
            }
        }
    }

    public func compactAnalytics(detailBefore: Int64, keepFrom: Int64, completion: @escaping AnalyticsCompletion<Int>) {
        call(.compactAnalytics, [.int64(detailBefore / 4), .int64(keepFrom), .int64(AnalyticsBucket.day(ofBucket: keepFrom))],
             kind: .soloWrite, Self.mapping(completion)) { rows in Int(try rows.first?.int64(0) ?? 0) }
    }

    private static func counts(_ row: PostgresRow, from column: Int) throws(PostgresError) -> AnalyticsCounts {
        AnalyticsCounts(human: try row.int64(column), qr: try row.int64(column + 1), preview: try row.int64(column + 2),
                        bot: try row.int64(column + 3), claims: try row.int64(column + 4), installs: try row.int64(column + 5))
    }

    private static func mapping<T>(_ completion: @escaping AnalyticsCompletion<T>) -> SceneStateCompletion<T> {
        { result in
            completion(result.mapError { error in
                if case .failure(let failure) = error { return .failure(failure) }
                return .failure(.storage(message: error.description))
            })
        }
    }
}
