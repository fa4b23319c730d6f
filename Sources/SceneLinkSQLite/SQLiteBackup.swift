import CSQLite
import Foundation

/// `scenelink backup`: a consistent copy of a SceneLink SQLite file through SQLite's online
/// backup API, while a server keeps using the file.
public enum SQLiteBackup {
    /// Copies `source` to the new file `destination`, a hundred pages at a time, so a server
    /// writing to the source waits at most one step; a step that meets a lock waits and goes on,
    /// and a write to the source between steps makes SQLite start the copy over, so what lands
    /// is one consistent snapshot. Then checks the copy (`PRAGMA quick_check`).
    /// - Returns: the pages copied.
    /// - Throws: `SQLiteError` when the source cannot be read, the destination exists or cannot
    ///   be written, or the copy does not check out (the partial destination is removed).
    @discardableResult
    public static func copy(from source: String, to destination: String) throws(SQLiteError) -> Int {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "\(destination) already exists; give a new file to back up into")
        }
        let from = try Connection(path: source, readOnly: true, busyTimeoutMilliseconds: 5000)
        // A file that is no database at all reads as no schema too: one message for both.
        guard ((try? Schema.userVersion(from)) ?? 0) > 0 else {
            throw SQLiteError(code: SQLITE_ERROR, message: "\(source) is not a SceneLink database (it has no schema)")
        }
        do throws(SQLiteError) {
            let to = try Connection(path: destination, readOnly: false, busyTimeoutMilliseconds: 5000)
            guard let backup = sqlite3_backup_init(to.handle, "main", from.handle, "main") else {
                throw to.error(code: sqlite3_errcode(to.handle), sql: nil)
            }
            var code: Int32
            repeat {
                code = sqlite3_backup_step(backup, 100)
                if code == SQLITE_BUSY || code == SQLITE_LOCKED { usleep(20_000) }
            } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
            let pages = Int(sqlite3_backup_pagecount(backup))
            // sqlite3_backup_finish reports the step's error again, or SQLITE_OK.
            let finished = sqlite3_backup_finish(backup)
            guard code == SQLITE_DONE else { throw to.error(code: code, sql: nil) }
            try to.check(finished, sql: nil)
            try Schema.quickCheck(to)
            return pages
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
    }
}
