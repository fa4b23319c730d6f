import Foundation
import SceneLinkCore

/// The analytics queries, prepared once per read connection. Each reads one scope's rows by
/// its primary key's prefix, so an answer costs the rows of its range, not the table.
final class AnalyticsReads {
    private let selectVisits, selectBreakdown, selectVisitors, selectTotal, selectTopLinks: Statement
    private let selectScopeVisits, selectNextLink, selectScopeVisitDays, selectNextDayLink: Statement
    private let countRows: [Statement]

    init(connection: Connection) throws(SQLiteError) {
        selectVisits = try connection.prepare("""
            SELECT bucket, human, qr, preview, bot, claims, installs FROM analytics_visits
            WHERE scope = ?1 AND bucket >= ?2 AND bucket < ?3 ORDER BY bucket
            """)
        selectScopeVisits = try connection.prepare("""
            SELECT bucket, human, qr, preview, bot, claims, installs FROM analytics_visits
            WHERE scope = ?1 AND bucket > ?2 AND bucket < ?3 ORDER BY bucket LIMIT ?4
            """)
        selectNextLink = try connection.prepare(
            "SELECT scope FROM analytics_visits WHERE scope > ?1 AND scope < ?2 ORDER BY scope LIMIT 1")
        selectScopeVisitDays = try connection.prepare("""
            SELECT day, human, qr, preview, bot, claims, installs FROM analytics_visit_days
            WHERE scope = ?1 AND day > ?2 AND day < ?3 ORDER BY day LIMIT ?4
            """)
        selectNextDayLink = try connection.prepare(
            "SELECT scope FROM analytics_visit_days WHERE scope > ?1 AND scope < ?2 ORDER BY scope LIMIT 1")
        // The rows alone: they are summed by value in a hash table (`BreakdownTally`), where SQLite's
        // GROUP BY would sort every row of the range by value first (most of a 13-month
        // breakdown's time at the most values a scope keeps).
        selectBreakdown = try connection.prepare("""
            SELECT value, visits FROM analytics_marginals
            WHERE scope = ?1 AND dimension = ?2 AND hour >= ?3 AND hour < ?4
            UNION ALL
            SELECT value, visits FROM analytics_marginal_days
            WHERE scope = ?1 AND dimension = ?2 AND day >= ?5 AND day < ?6
            """)
        selectVisitors = try connection.prepare(
            "SELECT day, visitors FROM analytics_visitors WHERE scope = ?1 AND day >= ?2 AND day <= ?3 ORDER BY day")
        selectTopLinks = try connection.prepare(Self.topLinksSQL)
        selectTotal = try connection.prepare(
            "SELECT human, qr, preview, bot, claims, installs FROM analytics_totals WHERE scope = ?1")
        var counts: [Statement] = []
        for (table, _) in AnalyticsTableReceipt.tables {
            // Table names come from this code, not from input.
            // The triggers' count (migration 15), not a count of every row.
            counts.append(try connection.prepare("SELECT row_count FROM analytics_table_rows WHERE table_name = '\(table)'"))
        }
        countRows = counts
    }

    /// The top links of a range of days: the covering index by day bounds the rows read (a few
    /// days of every link with visits), never the 15-minute visits.
    static let topLinksSQL = """
        SELECT scope, sum(human) AS total FROM analytics_visit_days INDEXED BY analytics_visit_days_by_day
        WHERE day >= ?1 AND day <= ?2 AND scope >= 'link:' AND scope < 'link;' AND human > 0
        GROUP BY scope ORDER BY total DESC, scope LIMIT ?3
        """

    func topLinks(days: ClosedRange<Int64>, limit: Int) throws(SQLiteError) -> [AnalyticsTopLink] {
        let statement = selectTopLinks
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.integer(days.lowerBound), .integer(days.upperBound), .integer(Int64(max(0, limit))))
        var rows: [AnalyticsTopLink] = []
        while try statement.step() {
            rows.append(AnalyticsTopLink(scope: statement.text(at: 0), human: statement.int64(at: 1)))
        }
        return rows
    }

    func visits(scope: String, from start: Int64, to end: Int64) throws(SQLiteError) -> [AnalyticsBatch.Visits] {
        let statement = selectVisits
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(scope), .integer(start), .integer(end))
        var rows: [AnalyticsBatch.Visits] = []
        while try statement.step() {
            rows.append(AnalyticsBatch.Visits(scope: scope, bucket: statement.int64(at: 0), counts: Self.counts(statement, from: 1)))
        }
        return rows
    }

    /// A page of every short link's rows: the rest of the cursor's scope, then each next link
    /// scope from its first bucket in range. Two seeks on the primary key per scope, so a page
    /// costs its rows and the scopes it crosses, whatever the range leaves out in between.
    /// Every link's rows, one scope at a time (each read by its primary key's prefix); in
    /// `.utcDay` the units are days, and each row's bucket its day's first.
    func linkVisits(from start: Int64, to end: Int64, resolution: AnalyticsRowResolution, after cursor: AnalyticsVisitsCursor,
                    limit: Int) throws(SQLiteError) -> [AnalyticsBatch.Visits] {
        var rows: [AnalyticsBatch.Visits] = []
        guard limit > 0, start < end else { return rows }
        rows.reserveCapacity(min(limit, 65_536))
        let days = resolution == .utcDay
        let scale = resolution.bucketsPerRow
        let first = resolution.unit(ofBucket: start), last = resolution.unit(ofBucket: end)
        var scope = cursor.scope
        var after = max(resolution.unit(ofBucket: cursor.bucket), first - 1)
        while true {
            if scope.hasPrefix(AnalyticsVisitsCursor.linkPrefix), scope != AnalyticsVisitsCursor.linkPrefix {
                let statement = days ? selectScopeVisitDays : selectScopeVisits
                statement.reset()
                defer { statement.reset() }
                try statement.bind(.text(scope), .integer(after), .integer(last), .integer(Int64(limit - rows.count)))
                while try statement.step() {
                    rows.append(AnalyticsBatch.Visits(scope: scope, bucket: statement.int64(at: 0) * scale,
                                                      counts: Self.counts(statement, from: 1)))
                }
                if rows.count >= limit { return rows }
            }
            let next = days ? selectNextDayLink : selectNextLink
            next.reset()
            defer { next.reset() }
            // The cursor's scope may sort before every link scope (the start, `link:`).
            try next.bind(.text(max(scope, AnalyticsVisitsCursor.linkPrefix)), .text(AnalyticsVisitsCursor.afterLinks))
            guard try next.step() else { return rows }
            scope = next.text(at: 0)
            after = first - 1
        }
    }

    func breakdown(scope: String, dimension: AnalyticsDimension, from start: Int64, to end: Int64, limit: Int) throws(SQLiteError)
        -> AnalyticsBreakdownTop {
        let range = AnalyticsHours(from: start, to: end)
        let statement = selectBreakdown
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(scope), .text(dimension.rawValue), .integer(range.firstHour), .integer(range.endHour),
                           .integer(range.firstDay), .integer(range.endDay))
        var tally = BreakdownTally()
        while try statement.step() {
            let visits = statement.int64(at: 1)
            statement.withBytes(at: 0) { tally.add($0, visits) }
        }
        return AnalyticsBreakdownTop(summed: tally.rows, limit: limit)
    }

    func visitors(scope: String, days: ClosedRange<Int64>) throws(SQLiteError) -> [AnalyticsBatch.Visitors] {
        let statement = selectVisitors
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(scope), .integer(days.lowerBound), .integer(days.upperBound))
        var rows: [AnalyticsBatch.Visitors] = []
        while try statement.step() {
            rows.append(AnalyticsBatch.Visitors(scope: scope, day: statement.int64(at: 0), count: statement.int64(at: 1)))
        }
        return rows
    }

    func totals(scopes: [String]) throws(SQLiteError) -> [String: AnalyticsCounts] {
        var totals: [String: AnalyticsCounts] = [:]
        for scope in scopes {
            let statement = selectTotal
            statement.reset()
            defer { statement.reset() }
            try statement.bind(.text(scope))
            if try statement.step() { totals[scope] = Self.counts(statement, from: 0) }
        }
        return totals
    }

    func receipt() throws(SQLiteError) -> [AnalyticsTableReceipt] {
        var receipt: [AnalyticsTableReceipt] = []
        for (index, (table, columns)) in AnalyticsTableReceipt.tables.enumerated() {
            let statement = countRows[index]
            statement.reset()
            defer { statement.reset() }
            let rows = try statement.step() ? statement.int64(at: 0) : 0
            receipt.append(AnalyticsTableReceipt(table: table, columns: columns, rows: rows))
        }
        return receipt
    }

    private static func counts(_ statement: Statement, from column: Int32) -> AnalyticsCounts {
        AnalyticsCounts(human: statement.int64(at: column), qr: statement.int64(at: column + 1),
                        preview: statement.int64(at: column + 2), bot: statement.int64(at: column + 3),
                        claims: statement.int64(at: column + 4), installs: statement.int64(at: column + 5))
    }
}
