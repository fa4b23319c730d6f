import CSQLite
import SceneLinkCore

/// A SceneLink SQLite file read for `scenelink store copy`: one read transaction for the life
/// of the object, so every page (and the check after the copy) sees the same snapshot even while
/// a server writes to the file.
public final class SQLiteStoreRows: StoreRows {
    private let connection: Connection

    /// Opens `path` read-only and starts the snapshot.
    /// - Throws: `SQLiteError` when the file cannot be opened, is damaged, or its schema is not
    ///   the one this build writes (open it once with `scenelink serve` to migrate an older one).
    public init(path: String) throws(SQLiteError) {
        connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: 5000)
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

    deinit { _ = try? connection.execute("COMMIT") }

    /// The highest revision the store has handed out (revisions never go back, even after deletes).
    public func revisionHighWater() throws(SQLiteError) -> Int64 {
        Int64(try connection.scalarText("SELECT revision FROM meta WHERE id = 1") ?? "0") ?? 0
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
            try statement.bind(cursor.map { field -> StatementArgument in
                switch field {
                case .text(let text): return .text(text)
                case .integer(let value): return .integer(value)
                case .bytes(let bytes): return .blob(bytes)
                case .null: return .null
                }
            })
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
}
