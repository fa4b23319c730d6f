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
}
