/// How an analytics store answers: once, with the result or the failure.
public typealias AnalyticsCompletion<Value> = @Sendable (Result<Value, AnalyticsStoreError>) -> Void

/// Where analytics' aggregates live: `SQLiteSceneStateStore` and `PostgresSceneStateStore` in
/// the same database as everything else, `InMemoryAnalyticsStore` for tests.
///
/// Only counts are stored, never a row per visit:
/// - `analytics_visits`: per scope per 15-minute bucket, visits by class and trigger, claims and
///   installs, kept `--analytics-retention`;
/// - `analytics_visit_days`: the same counts per scope per UTC day, written beside them;
/// - `analytics_totals`: per scope, the same counts since the scope's first visit;
/// - `analytics_marginals`: per scope per hour per value of one dimension, human visits
///   (previews by previewer), folded into `analytics_marginal_days` (UTC days) after
///   `--analytics-detail-retention`;
/// - `analytics_visitors`: per scope per UTC day, the number of distinct visitors.
///
/// Buckets are `AnalyticsBucket` numbers, hours are Unix hours (`bucket / 4`), days UTC days.
/// Every operation answers through its `completion` exactly once, on a thread of the store's choosing.
public protocol AnalyticsStore: Sendable {
    /// Adds a flush's counts to what is stored, in one transaction.
    func recordAnalytics(_ batch: AnalyticsBatch, completion: @escaping AnalyticsCompletion<Void>)

    /// The stored 15-minute rows of `scope` with `start <= bucket < end`, in bucket order.
    func analyticsVisits(scope: String, from start: Int64, to end: Int64,
                         completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>)

    /// One page of the stored rows of every short link (`link:` scopes) with
    /// `start <= bucket < end`: at most `limit` rows after `cursor`, in (scope, bucket) order.
    /// Fewer than `limit` rows means there are no more. Pages are read by the primary key, so
    /// each costs its own rows, not the table. `resolution` `.utcDay` reads the day rows (each
    /// `bucket` its day's first); `start` and `end` are then UTC midnights.
    func analyticsLinkVisits(from start: Int64, to end: Int64, resolution: AnalyticsRowResolution,
                             after cursor: AnalyticsVisitsCursor, limit: Int,
                             completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visits]>)

    /// Per value of `dimension`, the count of `scope` over hours `start / 4 ..< end / 4` (each
    /// hour by where it starts) and over folded days wholly inside `[start, end)`: the largest
    /// `limit` (largest first, ties by value; `AnalyticsBreakdownTop`), with the total and the
    /// number of all values.
    func analyticsBreakdown(scope: String, dimension: AnalyticsDimension, from start: Int64, to end: Int64, limit: Int,
                            completion: @escaping AnalyticsCompletion<AnalyticsBreakdownTop>)

    /// The distinct visitors of `scope` per UTC day in `days` (days without any are left out).
    func analyticsVisitors(scope: String, days: ClosedRange<Int64>,
                           completion: @escaping AnalyticsCompletion<[AnalyticsBatch.Visitors]>)

    /// The `limit` short links (`link:` scopes) with the most human visits over the UTC days
    /// `days`, most first (ties by scope), links without any left out. Reads the day rows
    /// through their index by day, so it costs the rows of those days, not the visits.
    func analyticsTopLinks(days: ClosedRange<Int64>, limit: Int, completion: @escaping AnalyticsCompletion<[AnalyticsTopLink]>)

    /// The counts since the first visit of each of `scopes` that has any.
    func analyticsTotals(scopes: [String], completion: @escaping AnalyticsCompletion<[String: AnalyticsCounts]>)

    /// Deletes every row of `scope` in every analytics table; answers how many rows went.
    func deleteAnalytics(scope: String, completion: @escaping AnalyticsCompletion<Int>)

    /// Every analytics table with its columns and row count.
    func analyticsReceipt(completion: @escaping AnalyticsCompletion<[AnalyticsTableReceipt]>)

    /// Folds hourly marginals of hours before `detailBefore` (a bucket) into UTC days, then
    /// deletes visits (15-minute rows, and day rows of days wholly before it), folded days and
    /// visitor counts before `keepFrom` (a bucket); answers how
    /// many rows were folded or deleted.
    func compactAnalytics(detailBefore: Int64, keepFrom: Int64, completion: @escaping AnalyticsCompletion<Int>)
}
