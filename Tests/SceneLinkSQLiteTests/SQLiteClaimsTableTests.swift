import CSQLite
import Testing
@testable import SceneLinkSQLite

@Suite struct SQLiteClaimsTableTests {
    /// The privacy promise, checked on the table itself: a claim row has the link, the times and
    /// the redemption, and nothing that could describe the visitor or their device.
    @Test func theSQLiteClaimsTableHoldsNoAddressUserAgentOrDeviceColumn() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        let connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 100)
        let statement = try connection.prepare("SELECT name FROM pragma_table_info('claims') ORDER BY cid")
        var columns: [String] = []
        while try statement.step() { columns.append(statement.text(at: 0)) }
        statement.reset()
        #expect(columns == ["id", "secret_hash", "link", "created_at", "expires_at", "code_expires_at",
                            "redeemed_install", "redeemed_source", "redeemed_at", "route", "short_link"])
        for forbidden in ["addr", "ip", "agent", "device", "model", "screen", "zone", "locale"] {
            #expect(!columns.contains { $0.contains(forbidden) }, "a claims column mentions '\(forbidden)'")
        }
    }
}
