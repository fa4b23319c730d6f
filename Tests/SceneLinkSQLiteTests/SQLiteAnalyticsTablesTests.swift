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

    /// Visits counted before migration 13 fill the day rows, so the top links include them;
    /// scopes that are not short links (`all`, `linkage`) stay out.
    @Test func visitsCountedBeforeTheDayTableRankTheTopLinks() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let day: Int64 = 20_833
        do {
            let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            for migration in Schema.migrations.prefix(12) { try connection.execute(migration) }
            try connection.execute("PRAGMA user_version = 12")
            try connection.execute("""
                INSERT INTO analytics_visits VALUES
                    ('link:a', \(day * 96), 2, 0, 0, 0, 0, 0), ('link:a', \(day * 96 + 95), 3, 0, 0, 0, 0, 0),
                    ('link:b', \(day * 96 + 1), 0, 0, 4, 4, 0, 0), ('all', \(day * 96), 9, 0, 0, 0, 0, 0),
                    ('linkage', \(day * 96), 9, 0, 0, 0, 0, 0), ('link:c', \((day - 1) * 96), 1, 0, 0, 0, 0, 0)
                """)
        }
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let top = try await awaiting { store.analyticsTopLinks(days: (day - 6)...day, limit: 10, completion: $0) }
        #expect(top == [AnalyticsTopLink(scope: "link:a", human: 5), AnalyticsTopLink(scope: "link:c", human: 1)])
    }

    /// The top links read the day rows of their days through the covering index by day: never
    /// the whole table, never the 15-minute rows.
    @Test func theTopLinksReadTheirDaysThroughTheCoveringIndex() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
        let statement = try connection.prepare("EXPLAIN QUERY PLAN " + AnalyticsReads.topLinksSQL)
        var details: [String] = []
        while try statement.step() { details.append(statement.text(at: 3)) }
        let plan = details.joined(separator: "; ")
        #expect(plan.contains("SEARCH analytics_visit_days USING COVERING INDEX analytics_visit_days_by_day (day>? AND day<?)"), "\(plan)")
    }

    /// The receipt's row counts come from the triggers of migration 15, and equal a full count of
    /// every analytics table after writes, a purge and a compaction.
    @Test func theTriggersRowCountsEqualAFullCount() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path)
        let b: Int64 = 1_800_000_000 / 900
        for scope in ["all", "link:a", "link:b", "route:home"] {
            try await awaiting {
                store.recordAnalytics(AnalyticsBatch(
                    visits: [.init(scope: scope, bucket: b, counts: AnalyticsCounts(human: 1)),
                             .init(scope: scope, bucket: b - 200, counts: AnalyticsCounts(human: 2))],
                    marginals: [.init(scope: scope, hour: b / 4, dimension: .country, value: "JP", count: 1)],
                    visitors: [.init(scope: scope, day: b / 96, count: 1)]), completion: $0)
            }
        }
        _ = try await awaiting { store.deleteAnalytics(scope: "link:b", completion: $0) }
        _ = try await awaiting { store.compactAnalytics(detailBefore: b - 100, keepFrom: b - 100, completion: $0) }
        let receipt = try await awaiting { store.analyticsReceipt(completion: $0) }
        try store.close()
        let connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 100)
        for table in receipt {
            let count = try connection.prepare("SELECT count(*) FROM \(table.table)")
            _ = try count.step()
            #expect(table.rows == count.int64(at: 0), "\(table.table)")
            count.reset()
        }
        #expect(receipt.map(\.rows).reduce(0, +) > 0)
    }
}
