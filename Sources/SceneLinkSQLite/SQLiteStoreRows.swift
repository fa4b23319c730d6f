import CSQLite
import SceneLinkCore

/// A SceneLink SQLite file as `scenelink store copy` reads or writes it.
///
/// As a source (`init(path:)`) it holds one read transaction for the life of the object, so every
/// page (and the check after the copy) sees the same snapshot even while a server writes to the
/// file. As a target (`init(target:)`) it inserts a page per transaction, a row already there kept
/// as it is (`ON CONFLICT DO NOTHING`), so a copy that stopped halfway can be run again.
public final class SQLiteStoreRows: StoreCopySource, StoreCopyTarget {
    private let connection: Connection
    private let holdsSnapshot: Bool
    /// The file's path, for messages.
    public let address: String

    /// Opens `path` read-only and starts the snapshot.
    /// - Throws: `SQLiteError` when the file cannot be opened, is damaged, or its schema is not
    ///   the one this build writes (open it once with `scenelink serve` to migrate an older one).
    public init(path: String) throws(SQLiteError) {
        connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 5000)
        address = path
        holdsSnapshot = true
        let version = try Schema.userVersion(connection)
        guard version == Schema.migrations.count else {
            throw SQLiteError(code: SQLITE_ERROR, message: version == 0
                ? "\(path) is not a SceneLink database (it has no schema)"
                : "\(path) has schema version \(version), this scenelink copies version \(Schema.migrations.count); "
                    + "run the scenelink that wrote it, or open it once with this one's serve to migrate it")
        }
        try connection.execute("BEGIN")
        // A deferred transaction takes its snapshot at the first read.
        _ = try connection.scalarText("SELECT count(*) FROM sessions")
    }

    /// Opens (or creates) `path` to copy into, bringing its schema up to date.
    /// - Throws: `SQLiteError` when the file cannot be opened or created, holds tables that are
    ///   not SceneLink's, or has a schema newer than this build's.
    public init(target path: String) throws(SQLiteError) {
        connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 5000)
        address = path
        holdsSnapshot = false
        if try Schema.userVersion(connection) == 0,
           let tables = try connection.scalarText("SELECT count(*) FROM sqlite_master"), tables != "0" {
            throw SQLiteError(code: SQLITE_ERROR, message: "\(path) is not a SceneLink database (it holds other tables); "
                              + "give a new file to copy into")
        }
        try Schema.migrate(connection)
    }

    deinit { if holdsSnapshot { _ = try? connection.execute("COMMIT") } }

    public func revisionHighWater() throws -> Int64 {
        try revision()
    }

    private func revision() throws(SQLiteError) -> Int64 {
        Int64(try connection.scalarText("SELECT revision FROM meta WHERE id = 1") ?? "0") ?? 0
    }

    public func existingRows() throws -> [(table: StoreTable, count: Int)] {
        var existing: [(table: StoreTable, count: Int)] = []
        for table in StoreTable.allCases {
            // The table name comes from `StoreTable`, not from input.
            existing.append((table, Int(try connection.scalarText("SELECT count(*) FROM \(table.rawValue)") ?? "0") ?? 0))
        }
        return existing
    }

    public func insert(_ rows: [[StoreField]], into table: StoreTable) throws -> Int {
        try insertRows(rows, into: table)
    }

    private func insertRows(_ rows: [[StoreField]], into table: StoreTable) throws(SQLiteError) -> Int {
        guard !rows.isEmpty else { return 0 }
        let placeholders = (1...table.columns.count).map { "?\($0)" }.joined(separator: ", ")
        let statement = try connection.prepare(
            "INSERT INTO \(table.rawValue) (\(table.columnList)) VALUES (\(placeholders)) \(table.conflictClause)")
        try connection.execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            var inserted = 0
            for row in rows {
                statement.reset()
                try statement.bind(row.map(Self.argument))
                try statement.run()
                inserted += connection.changes
            }
            statement.reset()
            try connection.execute("COMMIT")
            return inserted
        } catch {
            statement.reset()
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The revision counter continues above every copied revision and `revisionHighWater`.
    /// Short links', endpoints' and deliveries' keys are rowids: SQLite continues above the largest.
    public func finish(revisionHighWater: Int64) throws {
        let statement = try connection.prepare("""
            UPDATE meta SET revision = max(revision, ?1, coalesce((SELECT max(revision) FROM scenes), 0),
                coalesce((SELECT max(revision) FROM scene_values), 0)) WHERE id = 1
            """)
        try statement.run(.integer(revisionHighWater))
    }

    public func rows(of table: StoreTable, after cursor: [StoreField]?, limit: Int) throws -> [[StoreField]] {
        try page(of: table, after: cursor, limit: limit)
    }

    private func page(of table: StoreTable, after cursor: [StoreField]?, limit: Int) throws(SQLiteError) -> [[StoreField]] {
        let keys = table.keyList
        let placeholders = (1...table.keyCount).map { "?\($0)" }.joined(separator: ", ")
        let condition = cursor == nil ? "" : "WHERE (\(keys)) > (\(placeholders))"
        // BINARY collation (SQLite's default) orders text byte by byte, as COLLATE "C" does in PostgreSQL.
        let statement = try connection.prepare(
            "SELECT \(table.columnList) FROM \(table.rawValue) \(condition) ORDER BY \(keys) LIMIT \(max(1, limit))")
        defer { statement.reset() }
        if let cursor {
            try statement.bind(cursor.map(Self.argument))
        }
        var rows: [[StoreField]] = []
        while try statement.step() {
            rows.append(table.columns.enumerated().map { index, column in
                let at = Int32(index)
                switch column.kind {
                case .text: return .text(statement.text(at: at))
                case .integer: return .integer(statement.int64(at: at))
                case .bytes: return .bytes(statement.blob(at: at))
                case .optionalInteger: return statement.isNull(at: at) ? .null : .integer(statement.int64(at: at))
                case .optionalText: return statement.isNull(at: at) ? .null : .text(statement.text(at: at))
                case .optionalBytes: return statement.isNull(at: at) ? .null : .bytes(statement.blob(at: at))
                }
            })
        }
        return rows
    }

    private static func argument(_ field: StoreField) -> StatementArgument {
        switch field {
        case .text(let text): return .text(text)
        case .integer(let value): return .integer(value)
        case .bytes(let bytes): return .blob(bytes)
        case .null: return .null
        }
    }
}
