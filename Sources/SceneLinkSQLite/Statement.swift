import CSQLite

/// A prepared statement, prepared once and reused, finalized when released.
///
/// The usage pattern is `reset()`, bind, `step()` until it returns false, and `reset()` again
/// (callers do it in `defer`) so that a read statement never keeps a WAL snapshot open.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// Strong on purpose: the connection must outlive its statements.
    let connection: Connection

    init(connection: Connection, sql: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw connection.error(code: code, sql: sql)
        }
        handle = prepared
        self.sql = sql
        self.connection = connection
    }

    deinit {
        // sqlite3_finalize repeats the last step's error, which step() already threw.
        sqlite3_finalize(handle)
    }

    /// Makes the statement ready to run again and forgets its bindings. Errors of the last
    /// step were already thrown by `step()`, so the code `sqlite3_reset` repeats is ignored.
    func reset() {
        sqlite3_reset(handle)
        // Documented to always return SQLITE_OK.
        sqlite3_clear_bindings(handle)
    }

    func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        try connection.check(sqlite3_bind_text(handle, index, value, Int32(value.utf8.count), csqlite_transient()), sql: sql)
    }

    func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try connection.check(sqlite3_bind_int64(handle, index, value), sql: sql)
    }

    func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try bind(Int64(value), at: index)
    }

    /// Binds bytes as a BLOB; an empty array binds an empty BLOB, never NULL.
    func bind(_ value: [UInt8], at index: Int32) throws(SQLiteError) {
        let code = value.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return sqlite3_bind_blob(handle, index, base, Int32(buffer.count), csqlite_transient())
        }
        try connection.check(code, sql: sql)
    }

    /// Binds several values at positions 1, 2, ….
    func bind(_ values: StatementArgument...) throws(SQLiteError) {
        try bind(values)
    }

    /// Binds several values at positions 1, 2, ….
    func bind(_ values: [StatementArgument]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .text(let text): try bind(text, at: index)
            case .integer(let integer): try bind(integer, at: index)
            case .blob(let bytes): try bind(bytes, at: index)
            case .null: try connection.check(sqlite3_bind_null(handle, index), sql: sql)
            }
        }
    }

    /// Runs a statement that returns no rows with `values` bound, from a fresh reset, and
    /// resets it again.
    func run(_ values: StatementArgument...) throws(SQLiteError) {
        reset()
        defer { reset() }
        try bind(values)
        try run()
    }

    /// Advances one step. Returns true when a row is ready, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(code: code, sql: sql)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(SQLiteError) {
        while try step() {}
    }

    func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func text(at column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The bytes of column `column` (a text's without conversion), valid only inside `body`.
    func withBytes<Result>(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        // Fetch the pointer before the length, as the SQLite documentation asks.
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }

    func blob(at column: Int32) -> [UInt8] {
        // Fetch the pointer before the length, as the SQLite documentation asks.
        guard let pointer = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
