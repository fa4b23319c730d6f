import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

@Suite struct SQLiteAnalyticsTablesTests {
    /// The promise of the privacy receipt, on the schema itself: no analytics column can hold an
    /// address, a User-Agent, a full referrer or a visitor hash.
    @Test func theSQLiteAnalyticsTablesAreTheReceiptsAndHoldNoVisitorColumn() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        let connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 100)
        for (table, expected) in AnalyticsTableReceipt.tables {
            let statement = try connection.prepare("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid")
            var columns: [String] = []
            while try statement.step() { columns.append(statement.text(at: 0)) }
            statement.reset()
            #expect(columns == expected, "\(table)")
            for forbidden in ["addr", "ip", "agent", "hash", "salt", "url", "path", "device"] {
                #expect(!columns.contains { $0.contains(forbidden) }, "\(table) has a column mentioning '\(forbidden)'")
            }
        }
    }

    /// Migration 13 fills the day rows from the 15-minute rows already stored, so an upgraded
    /// database exports the days it counted before.
    @Test func theDayRowsOfAnUpgradedDatabaseAddUpItsQuarterHours() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let d0 = AnalyticsBucket.day(ofBucket: 1_800_000_000 / 900) * AnalyticsBucket.perDay
        do {
            let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            for migration in Schema.migrations.prefix(12) { try connection.execute(migration) }
            try connection.execute("PRAGMA user_version = 12")
            let insert = try connection.prepare("INSERT INTO analytics_visits VALUES (?1, ?2, ?3, 0, 0, ?4, 0, 0)")
            for (scope, bucket, human, bot) in [("link:a", d0, 1, 0), ("link:a", d0 + 95, 2, 1), ("link:a", d0 + 96, 4, 0),
                                                ("link:b", d0 + 3, 0, 5)] as [(String, Int64, Int64, Int64)] {
                try insert.run(.text(scope), .integer(bucket), .integer(human), .integer(bot))
            }
        }
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let days = try await awaiting {
            store.analyticsLinkVisits(from: d0, to: d0 + 2 * AnalyticsBucket.perDay, resolution: .utcDay, after: .start,
                                      limit: 10, completion: $0)
        }
        #expect(days.map { "\($0.scope) \($0.bucket - d0) \($0.counts.human) \($0.counts.bot)" } == ["link:a 0 3 1", "link:a 96 4 0", "link:b 0 0 5"])
    }
}
