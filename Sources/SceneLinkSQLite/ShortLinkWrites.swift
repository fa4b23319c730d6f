import CSQLite
import Foundation
import SceneLinkCore

/// The short-link writes, prepared once on the writer connection. Each runs inside the
/// writer's batch transaction and savepoint, like the scene-state writes, and queues its
/// webhook event in that same transaction.
final class ShortLinkWrites {
    private let connection: Connection
    private let webhooks: WebhookWrites
    private let insert, countClick, deleteByHash, deleteExpired: Statement

    init(connection: Connection, webhooks: WebhookWrites) throws(SQLiteError) {
        self.connection = connection
        self.webhooks = webhooks
        insert = try connection.prepare(
            "INSERT INTO short_links (code_hash, code, link, created_at, expires_at, route) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        countClick = try connection.prepare("UPDATE short_links SET clicks = clicks + 1 WHERE code_hash = ?1 RETURNING clicks")
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
                           link.expiresAt.map { .integer($0.millisecondsSince1970) } ?? .null,
                           link.route.map { .text($0) } ?? .null)
        } catch {
            if error.primaryCode == SQLITE_CONSTRAINT { return .failure(.codeExists(link.code)) }
            throw error
        }
        var stored = link
        stored.clicks = 0
        stored.sequence = connection.lastInsertRowID
        try webhooks.publish(.shortLinkCreated) { .shortLinkCreated(stored) }
        return .success(stored)
    }

    /// Counts a click on `link` made at `time`, and queues `short_link.clicked` with the new count.
    func countClick(_ link: ShortLink, at time: Date, visit: ShortLinkClickVisit?) throws(SQLiteError) {
        let statement = countClick
        statement.reset()
        var count: Int?
        do {
            defer { statement.reset() }
            try statement.bind(.blob(link.code.hash))
            if try statement.step() { count = Int(statement.int64(at: 0)) }
            try statement.run()
        }
        guard let count else { return }
        try webhooks.publish(.shortLinkClicked) { .shortLinkClicked(link, count: count, at: time, visit: visit) }
    }

    func delete(code: ShortCode, at time: Date) throws(SQLiteError) -> Bool {
        try deleteByHash.run(.blob(code.hash))
        guard connection.changes > 0 else { return false }
        try webhooks.publish(.shortLinkDeleted) { .shortLinkDeleted(code, at: time) }
        return true
    }

    func deleteExpired(before cutoff: Date, limit: Int) throws(SQLiteError) -> Int {
        try deleteExpired.run(.integer(cutoff.millisecondsSince1970), .integer(Int64(max(0, limit))))
        return connection.changes
    }
}
