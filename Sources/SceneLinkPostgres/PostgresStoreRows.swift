import SceneLinkCore

/// A SceneLink database in PostgreSQL as `scenelink store copy` reads, writes and checks it.
///
/// As a target (`init(url:schema:)`) rows are inserted a page at a time, each page in one
/// transaction, a row already there kept as it is (`ON CONFLICT DO NOTHING`), so a copy that
/// stopped halfway can be run again and finishes it. As a source (`init(readingFrom:schema:)`)
/// every read runs in one read-only REPEATABLE READ transaction: one snapshot for the copy and its check.
public final class PostgresStoreRows: StoreCopySource, StoreCopyTarget {
    private let connection: PostgresConnection
    private let holdsSnapshot: Bool
    /// `postgres://host:port/database`, for messages.
    public let address: String

    /// Connects and brings the schema up to date (creating it in an empty database).
    /// - Parameter schema: the schema the store's tables live in; nil uses the server's `search_path`.
    /// - Throws: `PostgresError` when the database cannot be reached or migrated.
    public init(url: String, schema: String? = nil) throws(PostgresError) {
        connection = try PostgresConnection(url: url, settings: PostgresSessionSettings(
            statementTimeoutMilliseconds: 0, connectTimeoutSeconds: 5, schema: schema))
        try PostgresSchema.migrate(connection, schema: schema)
        address = connection.address
        holdsSnapshot = false
    }

    /// Connects to copy from, without changing anything, and starts the snapshot.
    /// - Throws: `PostgresError` when the database cannot be reached, or does not hold a
    ///   SceneLink schema at the version this build copies.
    public init(readingFrom url: String, schema: String? = nil) throws(PostgresError) {
        connection = try PostgresConnection(url: url, settings: PostgresSessionSettings(
            statementTimeoutMilliseconds: 0, connectTimeoutSeconds: 5, schema: schema))
        address = connection.address
        holdsSnapshot = true
        try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        let expected = PostgresSchema.migrations.count
        // The first statement also takes the snapshot (REPEATABLE READ fixes it there).
        let hasSchema = try connection.run("SELECT to_regclass('scenelink_schema_version') IS NOT NULL", []).first?.bool(0) ?? false
        let version = hasSchema
            ? try connection.run("SELECT version FROM scenelink_schema_version", []).first?.int64OrNil(0) : nil
        guard version == Int64(expected) else {
            throw PostgresError(context: "opening \(address) to copy from", message: version == nil
                ? "it holds no SceneLink schema"
                : "it has schema version \(version ?? 0), this scenelink copies version \(expected); run the scenelink "
                    + "that wrote it, or start this one's serve on it once to migrate it")
        }
    }

    deinit { if holdsSnapshot { _ = try? connection.execute("COMMIT") } }

    /// The last revision the database handed out (0 when none was).
    public func revisionHighWater() throws -> Int64 {
        try connection.run("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM scenelink_revisions", []).first?.int64(0) ?? 0
    }

    /// How many rows each table already holds (a copy refuses a target that has any).
    public func existingRows() throws(PostgresError) -> [(table: StoreTable, count: Int)] {
        let counts = StoreTable.allCases.map { "(SELECT count(*) FROM \($0.rawValue))" }.joined(separator: ", ")
        let row = try connection.run("SELECT \(counts)", []).first
        var existing: [(table: StoreTable, count: Int)] = []
        for (index, table) in StoreTable.allCases.enumerated() {
            existing.append((table, Int(try row?.int64(index) ?? 0)))
        }
        return existing
    }

    /// Inserts `rows` of `table` in one transaction; a row whose key (or short-link code) is
    /// already there is left as it is.
    /// - Returns: how many rows were new.
    @discardableResult
    public func insert(_ rows: [[StoreField]], into table: StoreTable) throws(PostgresError) -> Int {
        guard !rows.isEmpty else { return 0 }
        let columns = table.columns
        let values = columns.enumerated().map { index, column in "$\(index + 1)::\(Self.sqlType(column.kind))" }
        // Tables keyed by an identity column keep their keys (the listings' cursors, the outbox's order).
        let overriding = Self.identityTables.contains(table) ? " OVERRIDING SYSTEM VALUE" : ""
        let sql = "INSERT INTO \(table.rawValue) (\(table.columnList))\(overriding) VALUES (\(values.joined(separator: ", "))) "
            + "\(table.conflictClause) RETURNING 1"
        try connection.execute("BEGIN")
        do throws(PostgresError) {
            var inserted = 0
            for row in rows { inserted += try connection.run(sql, row.map(Self.parameter)).count }
            try connection.execute("COMMIT")
            return inserted
        } catch {
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The tables whose key, `sequence`, is an identity column (`GENERATED ALWAYS AS IDENTITY`).
    static let identityTables: [StoreTable] = [.shortLinks, .webhookEndpoints, .webhookDeliveries, .auditLog]

    /// After the rows are in: the revision sequence and the identity sequences of short links,
    /// webhook endpoints and deliveries continue above everything copied (and the revisions above
    /// `revisionHighWater`, the source's own counter), so new writes never reuse a revision an
    /// ETag may still carry, nor collide with a copied key.
    public func finish(revisionHighWater: Int64) throws(PostgresError) {
        _ = try connection.run("""
            SELECT setval('scenelink_revisions', GREATEST(1, $1::bigint, pg_sequence_last_value('scenelink_revisions'),
                (SELECT max(revision) FROM scenes), (SELECT max(revision) FROM scene_values)))
            """, [.int64(revisionHighWater)])
        for table in Self.identityTables {
            _ = try connection.run("""
                SELECT setval(pg_get_serial_sequence('\(table.rawValue)', 'sequence'), GREATEST(1,
                    pg_sequence_last_value(pg_get_serial_sequence('\(table.rawValue)', 'sequence')::regclass),
                    (SELECT max(sequence) FROM \(table.rawValue))))
                """, [])
        }
    }

    public func rows(of table: StoreTable, after cursor: [StoreField]?, limit: Int) throws -> [[StoreField]] {
        try page(of: table, after: cursor, limit: limit)
    }

    private func page(of table: StoreTable, after cursor: [StoreField]?, limit: Int) throws(PostgresError) -> [[StoreField]] {
        // COLLATE "C": text compared byte by byte, as SQLite's BINARY, so both sides read in one order.
        let keys = table.columns.prefix(table.keyCount).map { column in
            column.kind == .text ? "\(column.name) COLLATE \"C\"" : column.name
        }.joined(separator: ", ")
        let placeholders = table.columns.prefix(table.keyCount).enumerated()
            .map { index, column in "$\(index + 1)::\(Self.sqlType(column.kind))" }.joined(separator: ", ")
        let condition = cursor == nil ? "" : "WHERE (\(keys)) > (\(placeholders))"
        let rows = try connection.run(
            "SELECT \(table.columnList) FROM \(table.rawValue) \(condition) ORDER BY \(keys) LIMIT \(max(1, limit))",
            (cursor ?? []).map(Self.parameter))
        var page: [[StoreField]] = []
        page.reserveCapacity(rows.count)
        for row in rows {
            var fields: [StoreField] = []
            for (index, column) in table.columns.enumerated() {
                switch column.kind {
                case .text: fields.append(.text(try row.text(index)))
                case .integer: fields.append(.integer(try row.int64(index)))
                case .bytes: fields.append(.bytes(try row.bytes(index)))
                case .optionalInteger: fields.append(row.isNull(index) ? .null : .integer(try row.int64(index)))
                case .optionalText: fields.append(row.isNull(index) ? .null : .text(try row.text(index)))
                case .optionalBytes: fields.append(row.isNull(index) ? .null : .bytes(try row.bytes(index)))
                }
            }
            page.append(fields)
        }
        return page
    }

    private static func sqlType(_ kind: StoreTable.Kind) -> String {
        switch kind {
        case .text, .optionalText: return "text"
        case .integer, .optionalInteger: return "bigint"
        case .bytes, .optionalBytes: return "bytea"
        }
    }

    private static func parameter(_ field: StoreField) -> PostgresParameter {
        switch field {
        case .text(let text): return .text(text)
        case .integer(let value): return .int64(value)
        case .bytes(let bytes): return .bytes(bytes)
        case .null: return .null
        }
    }
}
