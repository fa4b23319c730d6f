import Foundation
import SceneLinkCore

/// The audit log's writes, prepared once on the writer connection.
final class AuditWrites {
    private let connection: Connection
    private let insert, deleteOld: Statement

    init(connection: Connection) throws(SQLiteError) {
        self.connection = connection
        insert = try connection.prepare("INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?1, ?2, ?3, ?4, ?5)")
        deleteOld = try connection.prepare("""
            DELETE FROM audit_log WHERE sequence IN
                (SELECT sequence FROM audit_log WHERE at < ?1 AND (?3 IS NULL OR action = ?3) ORDER BY at LIMIT ?2)
            """)
    }

    /// Appends an entry; answers its sequence.
    func append(_ entry: AuditEntry) throws(SQLiteError) -> Int64 {
        try insert.run(.integer(entry.at.millisecondsSince1970), .text(entry.actor), .text(entry.action),
                       .text(entry.subject), .text(entry.detailJSON))
        return connection.lastInsertRowID
    }

    /// Deletes up to `limit` entries made before `cutoff` (of `action` only, when given), oldest
    /// first; answers how many.
    func deleteEntries(before cutoff: Date, action: String?, limit: Int) throws(SQLiteError) -> Int {
        try deleteOld.run(.integer(cutoff.millisecondsSince1970), .integer(Int64(max(0, limit))), action.map { .text($0) } ?? .null)
        return connection.changes
    }
}
