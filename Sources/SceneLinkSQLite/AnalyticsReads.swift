import Foundation
import SceneLinkCore

/// The analytics queries, prepared once per read connection. Each reads one scope's rows by
/// its primary key's prefix, so an answer costs the rows of its range, not the table.
final class AnalyticsReads {
    private let selectVisits, selectBreakdown, selectVisitors, selectTotal, selectTopLinks: Statement
    private let countRows: [Statement]

    init(connection: Connection) throws(SQLiteError) {
        selectVisits = try connection.prepare("""
            SELECT bucket, human, qr, preview, bot, claims, installs FROM analytics_visits
            WHERE scope = ?1 AND bucket >= ?2 AND bucket < ?3 ORDER BY bucket
            """)
        selectBreakdown = try connection.prepare("""
            SELECT value, sum(visits) AS total FROM (
                SELECT value, visits FROM analytics_marginals
                WHERE scope = ?1 AND dimension = ?2 AND hour >= ?3 AND hour < ?4
                UNION ALL
                SELECT value, visits FROM analytics_marginal_days
                WHERE scope = ?1 AND dimension = ?2 AND day >= ?5 AND day < ?6
            ) GROUP BY value ORDER BY total DESC, value
            """)
        selectVisitors = try connection.prepare(
            "SELECT day, visitors FROM analytics_visitors WHERE scope = ?1 AND day >= ?2 AND day <= ?3 ORDER BY day")
        selectTotal = try connection.prepare(
            "SELECT human, qr, preview, bot, claims, installs FROM analytics_totals WHERE scope = ?1")
        selectTopLinks = try connection.prepare(Self.topLinksSQL)
        var counts: [Statement] = []
        for (table, _) in AnalyticsTableReceipt.tables {
            // Table names come from this code, not from input.
            counts.append(try connection.prepare("SELECT count(*) FROM \(table)"))
        }
        countRows = counts
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

    func breakdown(scope: String, dimension: AnalyticsDimension, from start: Int64, to end: Int64) throws(SQLiteError)
        -> [AnalyticsBreakdownRow] {
        let range = AnalyticsHours(from: start, to: end)
        let statement = selectBreakdown
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.text(scope), .text(dimension.rawValue), .integer(range.firstHour), .integer(range.endHour),
                           .integer(range.firstDay), .integer(range.endDay))
        var rows: [AnalyticsBreakdownRow] = []
        while try statement.step() {
            rows.append(AnalyticsBreakdownRow(value: statement.text(at: 0), count: statement.int64(at: 1)))
        }
        return rows
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

    /// The top links of a range of days: the primary key's prefix (day) bounds the rows read,
    /// a few days of every link with visits, never the 15-minute visits.
    static let topLinksSQL = """
        SELECT scope, sum(human) AS total FROM analytics_link_days WHERE day >= ?1 AND day <= ?2
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
