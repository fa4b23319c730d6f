import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkPostgres

/// The privacy promise on PostgreSQL's claims table (migrations 6 and 7): the link, its route,
/// the times and the redemption, and no column that could describe the visitor or their device.
@Suite(.enabled(if: TestDatabase.isAvailable, "set SCENELINK_TEST_POSTGRES to a test database"))
struct PostgresClaimsTableTests {
    @Test func theClaimsTableHoldsNoAddressUserAgentOrDeviceColumn() throws {
        let url = try #require(TestDatabase.url)
        let schema = TestDatabase.uniqueName()
        let store = try PostgresSceneStateStore(url: url, configuration: .init(connectionCount: 1, schema: schema))
        defer {
            store.close()
            try? PostgresSceneStateStore.dropSchema(schema, url: url)
        }
        let connection = try TestDatabase.sideConnection(url, schema: schema)
        let rows = try connection.execute("""
            SELECT column_name FROM information_schema.columns
            WHERE table_schema = '\(schema)' AND table_name = 'claims' ORDER BY ordinal_position
            """)
        let columns = rows.compactMap { $0.first.flatMap { $0 } }
        #expect(columns == ["id", "secret_hash", "link", "created_at", "expires_at", "code_expires_at",
                            "redeemed_install", "redeemed_source", "redeemed_at", "route", "short_link"])
        for forbidden in ["addr", "ip", "agent", "device", "model", "screen", "zone", "locale"] {
            #expect(!columns.contains { $0.contains(forbidden) }, "a claims column mentions '\(forbidden)'")
        }
    }
}
