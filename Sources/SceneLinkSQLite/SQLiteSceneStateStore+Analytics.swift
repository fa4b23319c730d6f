import Foundation
import SceneLinkCore

/// Analytics in the same file: a flush is one write on the writer (one group commit), queries
/// run on the reader pool.
extension SQLiteSceneStateStore: AnalyticsStore {
    public func recordAnalytics(_ batch: AnalyticsBatch, completion: @escaping AnalyticsCompletion<Void>) {
        write({ completion($0.mapError(Self.analyticsError)) }) { context in try context.analytics.record(batch) }
    }

    public func analyticsVisits(scope: String, from start: Int64, to end: Int64,
                                completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>) {
        read({ completion($0.mapError(Self.analyticsError)) }) { statements throws(SQLiteError) in
            try statements.analytics.visits(scope: scope, from: start, to: end)
        }
    }

    public func analyticsLinkVisits(from start: Int64, to end: Int64, resolution: AnalyticsRowResolution,
                                    after cursor: AnalyticsVisitsCursor, limit: Int,
                                    completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>) {
        read({ completion($0.mapError(Self.analyticsError)) }) { statements throws(SQLiteError) in
            try statements.analytics.linkVisits(from: start, to: end, resolution: resolution, after: cursor, limit: limit)
        }
    }

    public func analyticsBreakdown(scope: String, dimension: AnalyticsDimension, from start: Int64, to end: Int64, limit: Int,
                                   completion: @escaping AnalyticsCompletion<AnalyticsBreakdownTop>) {
        read({ completion($0.mapError(Self.analyticsError)) }) { statements throws(SQLiteError) in
            try statements.analytics.breakdown(scope: scope, dimension: dimension, from: start, to: end, limit: limit)
        }
    }

    public func analyticsVisitors(scope: String, days: ClosedRange<Int64>,
                                  completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visitors]>) {
        read({ completion($0.mapError(Self.analyticsError)) }) { statements throws(SQLiteError) in
            try statements.analytics.visitors(scope: scope, days: days)
        }
    }

    public func analyticsTotals(scopes: [String], completion: @escaping AnalyticsCompletion<[String: AnalyticsCounts]>) {
        read({ completion($0.mapError(Self.analyticsError)) }) { statements throws(SQLiteError) in
            try statements.analytics.totals(scopes: scopes)
        }
    }

    public func analyticsTopLinks(days: ClosedRange<Int64>, limit: Int, completion: @escaping AnalyticsCompletion<[AnalyticsTopLink]>) {
        read({ completion($0.mapError(Self.analyticsError)) }) { statements throws(SQLiteError) in
            try statements.analytics.topLinks(days: days, limit: limit)
        }
    }

    public func deleteAnalytics(scope: String, completion: @escaping AnalyticsCompletion<Int>) {
        write({ completion($0.mapError(Self.analyticsError)) }) { context in try context.analytics.delete(scope: scope) }
    }

    public func analyticsReceipt(completion: @escaping AnalyticsCompletion<[AnalyticsTableReceipt]>) {
        read({ completion($0.mapError(Self.analyticsError)) }) { statements throws(SQLiteError) in
            try statements.analytics.receipt()
        }
    }

    public func compactAnalytics(detailBefore: Int64, keepFrom: Int64, completion: @escaping AnalyticsCompletion<Int>) {
        write({ completion($0.mapError(Self.analyticsError)) }) { context in
            try context.analytics.compact(detailBefore: detailBefore, keepFrom: keepFrom)
        }
    }

    /// The analytics failure for a failure of the shared plumbing.
    private static func analyticsError(_ error: SceneStateStoreError) -> AnalyticsStoreError {
        if case .failure(let failure) = error { return .failure(failure) }
        return .failure(.storage(message: error.description))
    }
}
