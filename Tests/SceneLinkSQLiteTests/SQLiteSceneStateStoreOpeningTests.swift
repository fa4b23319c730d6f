import CSQLite
import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

@Suite struct SQLiteSceneStateStoreOpeningTests {
    @Test func aFileIsOpenedInWALWithFullSyncAndForeignKeys() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path)
        try store.close()
        let connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 100)
        #expect(try text(connection, "PRAGMA journal_mode") == "wal")
        #expect(try Schema.userVersion(connection) == Int64(Schema.migrations.count))
        // The clean close checkpointed and truncated the WAL.
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize == 0)
    }

    @Test func aFileFromBeforeTheSessionQuotaGetsEachSessionsTotalOfBytes() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        do {
            // A version 2 database with one session holding 5 + 7 bytes, written as that version did.
            let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            for migration in Schema.migrations.prefix(2) { try connection.execute(migration) }
            try connection.execute("PRAGMA user_version = 2")
            try connection.execute("""
                INSERT INTO sessions (id, token_hash, created_at, expires_at, scene_count) VALUES ('s1', x'01', 0, 9999999999999, 1);
                INSERT INTO scenes (session_id, scene, revision, value_count) VALUES ('s1', 'main', 2, 2);
                INSERT INTO scene_values VALUES ('s1', 'main', 'a', 'text/plain', 1, x'0102030405');
                INSERT INTO scene_values VALUES ('s1', 'main', 'b', 'text/plain', 2, x'01020304050607');
                """)
        }
        let store = try SQLiteSceneStateStore(path: path)
        try store.close()
        let connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 100)
        #expect(try text(connection, "SELECT value_bytes FROM sessions WHERE id = 's1'") == "12")
    }

    @Test func aDamagedFileIsRefusedWithAClearMessage() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        // Build a real database with data, then overwrite pages past the header with garbage.
        let store = try SQLiteSceneStateStore(path: path)
        try store.close()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count > 4096)
        for index in 100..<bytes.count where index % 7 != 0 { bytes[index] = 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteSceneStateStore(path: path)
        }
        #expect(error?.primaryCode == SQLITE_CORRUPT)
        #expect(error?.description.contains("is damaged or is not a SceneLink database") == true)
        #expect(error?.description.contains(path) == true)
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try Data(String(repeating: "not a database at all\n", count: 400).utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteSceneStateStore(path: path)
        }
        #expect(error?.description.contains("restore it from a backup") == true)
    }

    @Test func aNewerSchemaIsRefused() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        do {
            let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            try connection.execute("PRAGMA user_version = 99")
        }
        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteSceneStateStore(path: path)
        }
        #expect(error?.description.contains("schema version 99") == true)
    }

    @Test func aMissingDirectoryIsReportedWithThePath() {
        let path = "/nonexistent-\(UUID().uuidString)/db.sqlite"
        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteSceneStateStore(path: path)
        }
        #expect(error?.description.contains(path) == true)
    }

    @Test func readerConnectionsCannotWrite() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let reader = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 100)
        let error = #expect(throws: SQLiteError.self) { try reader.execute("DELETE FROM sessions") }
        #expect(error?.primaryCode == SQLITE_READONLY)
    }

    @Test func readsSeeCommittedWritesWhileTheWriterIsBusy() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path, configuration: .init(readerCount: 2))
        defer { try? store.close() }
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let saved = try await awaiting { try store.putValue(content("\(index)"), session: session.id, scene: scene("m"),
                                                                        key: key("k\(index)"), precondition: .none,
                                                                        limits: SceneStateLimits(maximumKeysPerScene: 100), completion: $0) }
                    // Acknowledged means committed: a reader on another connection sees it at once.
                    let read = try await awaiting { try store.value(session: session.id, scene: scene("m"), key: key("k\(index)"), completion: $0) }
                    #expect(read == saved.value)
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func statementErrorsCarryCodeMessageAndSQL() throws {
        let connection = try Connection(path: ":memory:", readOnly: false, busyTimeoutMilliseconds: 100)
        let error = #expect(throws: SQLiteError.self) { _ = try connection.prepare("SELECT * FROM missing_table") }
        #expect(error?.primaryCode == SQLITE_ERROR)
        #expect(error?.description == "SQLite error 1 (no such table: missing_table) while running \"SELECT * FROM missing_table\".")
    }

    private func text(_ connection: Connection, _ sql: String) throws -> String? {
        let statement = try connection.prepare(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.text(at: 0) : nil
    }
}
