import CSQLite

/// A failed SQLite call: the result code, SQLite's own message, and the SQL it ran, if any.
///
/// Prints one sentence, such as
/// `SQLite error 19 (UNIQUE constraint failed: sessions.id) while running "INSERT INTO sessions …".`
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The (extended) result code, e.g. `SQLITE_CORRUPT` (11) or `SQLITE_CONSTRAINT_FOREIGNKEY` (787).
    public let code: Int32
    /// `sqlite3_errmsg` at the moment of failure, or a message of our own.
    public let message: String
    /// The statement that failed; nil for opening and closing.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of an extended code).
    public var primaryCode: Int32 { code & 0xff }

    public var description: String {
        if let sql {
            return "SQLite error \(code) (\(message)) while running \"\(sql)\"."
        }
        return "SQLite error \(code): \(message)."
    }

    /// The database file did not pass `PRAGMA quick_check` or is not a database at all.
    static func corrupt(path: String, findings: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT,
                    message: "the database file \(path) is damaged or is not a SceneLink database (\(findings)); "
                        + "restore it from a backup, or move it aside to start with an empty store")
    }
}
