import CSQLite
import Foundation
import SceneLinkCore

/// The short-link writes, prepared once on the writer connection. Each runs inside the
/// writer's batch transaction and savepoint, like the scene-state writes.
final class ShortLinkWrites {
    private let connection: Connection
    private let insert, countClick, deleteByHash, deleteExpired: Statement

    init(connection: Connection) throws(SQLiteError) {
        self.connection = connection
        insert = try connection.prepare(
            "INSERT INTO short_links (code_hash, code, link, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        countClick = try connection.prepare("UPDATE short_links SET clicks = clicks + 1 WHERE code_hash = ?1")
        deleteByHash = try connection.prepare("DELETE FROM short_links WHERE code_hash = ?1")
        deleteExpired = try connection.prepare("""
            DELETE FROM short_links WHERE sequence IN
                (SELECT sequence FROM short_links WHERE expires_at < ?1 ORDER BY expires_at LIMIT ?2)
            """)
    }

    /// Inserts a link with no clicks; `.codeExists` when the code is taken.
    func create(_ link: ShortLink) throws(SQLiteError) -> Result<ShortLink, ShortLinkStoreError> {
        do throws(SQLiteError) {
            try insert.run(.blob(link.code.hash), .text(link.code.rawValue), .text(link.link),
                           .integer(link.createdAt.millisecondsSince1970),
                           link.expiresAt.map { .integer($0.millisecondsSince1970) } ?? .null)
        } catch {
            if error.primaryCode == SQLITE_CONSTRAINT { return .failure(.codeExists(link.code)) }
            throw error
        }
        var stored = link
        stored.clicks = 0
        stored.sequence = connection.lastInsertRowID
        return .success(stored)
    }

    func countClick(code: ShortCode) throws(SQLiteError) {
        try countClick.run(.blob(code.hash))
    }

    func delete(code: ShortCode) throws(SQLiteError) -> Bool {
        try deleteByHash.run(.blob(code.hash))
        return connection.changes > 0
    }

    func deleteExpired(before cutoff: Date, limit: Int) throws(SQLiteError) -> Int {
        try deleteExpired.run(.integer(cutoff.millisecondsSince1970), .integer(Int64(max(0, limit))))
        return connection.changes
    }
}
