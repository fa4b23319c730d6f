import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// Migration 13 (`analytics_link_days`) and the plan of the top links' query.
@Suite struct SQLiteAnalyticsLinkDaysTests {
    /// Visits counted before migration 13 fill the links' days, so the top links include them.
    @Test func visitsCountedBeforeTheMigrationFillTheLinksDays() async throws {
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

    /// The top links read `analytics_link_days` by its primary key's day range.
    @Test func theTopLinksReadTheDaysByThePrimaryKey() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
        let statement = try connection.prepare("EXPLAIN QUERY PLAN " + AnalyticsReads.topLinksSQL)
        var details: [String] = []
        while try statement.step() { details.append(statement.text(at: 3)) }
        let plan = details.joined(separator: "; ")
        #expect(plan.contains("SEARCH analytics_link_days USING PRIMARY KEY (day>? AND day<?)"), "\(plan)")
    }
}
