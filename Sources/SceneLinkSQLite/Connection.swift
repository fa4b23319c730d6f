import CSQLite

/// One open SQLite connection, closed when the last reference goes away.
///
/// Not thread-safe by design (opened with `SQLITE_OPEN_NOMUTEX`): each connection is
/// confined to one serial queue by its owner. Statements keep their connection alive, so a
/// connection is never closed under a prepared statement.
final class Connection {
    let handle: OpaquePointer
    let path: String

    /// Opens `path` (a file path, `:memory:`, or a `file:` URI).
    /// - Parameter readOnly: opens with `SQLITE_OPEN_READONLY`, for the read pool.
    /// - Throws: `SQLiteError` when SQLite cannot open the file.
    init(path: String, readOnly: Bool, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            // sqlite3_open_v2 may hand back a handle even on failure; it must still be closed.
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            _ = sqlite3_close(opened)
            throw SQLiteError(code: code, message: "cannot open \(path): \(message)")
        }
        handle = opened
        self.path = path
        do throws(SQLiteError) {
            try check(sqlite3_extended_result_codes(handle, 1), sql: nil)
            try check(sqlite3_busy_timeout(handle, busyTimeoutMilliseconds), sql: nil)
        } catch {
            _ = sqlite3_close(handle)
            throw error
        }
    }

    deinit {
        // Every Statement holds this connection strongly, so all are finalized by now and
        // sqlite3_close cannot answer SQLITE_BUSY; nothing useful can be done with an error here.
        _ = sqlite3_close(handle)
    }

    /// Runs SQL without parameters (pragmas, schema), stepping every statement in it.
    /// Never use it with text that came from a client: that goes through bound parameters.
    func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// The first column of the first row of a one-off statement (a pragma's answer), or nil.
    func scalarText(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Prepares a statement to be reused for the life of the connection.
    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last row this connection inserted.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Throws unless `code` is `SQLITE_OK`.
    func check(_ code: Int32, sql: String?) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
    }

    /// The error for `code`, with the connection's current message.
    func error(code: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        // The extended code refines `code` only when it describes the same failure.
        let reported = (extended & 0xff) == (code & 0xff) ? extended : code
        return SQLiteError(code: reported, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
