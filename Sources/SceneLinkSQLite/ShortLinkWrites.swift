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
    private let update, selectRevision, insertTag, deleteTags: Statement
    private let beginImport, rollbackImport, releaseImport: Statement

    init(connection: Connection, webhooks: WebhookWrites) throws(SQLiteError) {
        self.connection = connection
        self.webhooks = webhooks
        insert = try connection.prepare("""
            INSERT INTO short_links (code_hash, code, link, created_at, expires_at, route, title, settings)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        update = try connection.prepare("""
            UPDATE short_links SET link = ?3, expires_at = ?4, route = ?5, title = ?6, settings = ?7, revision = revision + 1
            WHERE code_hash = ?1 AND revision = ?2 RETURNING sequence, clicks, revision
            """)
        selectRevision = try connection.prepare("SELECT revision FROM short_links WHERE code_hash = ?1")
        insertTag = try connection.prepare("INSERT INTO short_link_tags (sequence, tag) VALUES (?1, ?2)")
        deleteTags = try connection.prepare("DELETE FROM short_link_tags WHERE sequence = ?1")
        // An import's own savepoint inside the write's: an atomic import that meets a taken code
        // rolls back to it, undoing its links and their events, and answers normally.
        beginImport = try connection.prepare("SAVEPOINT short_link_import")
        rollbackImport = try connection.prepare("ROLLBACK TO short_link_import")
        releaseImport = try connection.prepare("RELEASE short_link_import")
        countClick = try connection.prepare("UPDATE short_links SET clicks = clicks + 1 WHERE code_hash = ?1 RETURNING clicks")
        deleteByHash = try connection.prepare("DELETE FROM short_links WHERE code_hash = ?1")
        deleteExpired = try connection.prepare("""
            DELETE FROM short_links WHERE sequence IN
                (SELECT sequence FROM short_links WHERE expires_at < ?1 ORDER BY expires_at LIMIT ?2)
            """)
    }

    /// Inserts a link with no clicks and its tags; `.codeExists` when the code is taken.
    func create(_ link: ShortLink) throws(SQLiteError) -> Result<ShortLink, ShortLinkStoreError> {
        do throws(SQLiteError) {
            try insert.run(.blob(link.code.hash), .text(link.code.rawValue), .text(link.link),
                           .integer(link.createdAt.millisecondsSince1970),
                           link.expiresAt.map { .integer($0.millisecondsSince1970) } ?? .null,
                           link.route.map { .text($0) } ?? .null, link.title.map { .text($0) } ?? .null,
                           link.settings.storedText.map { .text($0) } ?? .null)
        } catch {
            if error.primaryCode == SQLITE_CONSTRAINT { return .failure(.codeExists(link.code)) }
            throw error
        }
        var stored = link
        stored.clicks = 0
        stored.revision = 1
        stored.sequence = connection.lastInsertRowID
        try insertTags(stored)
        try webhooks.publish(.shortLinkCreated) { .shortLinkCreated(stored) }
        return .success(stored)
    }

    /// Inserts each link as `create` does, in order; with `atomic`, a taken code undoes them all.
    func create(_ links: [ShortLink], atomic: Bool) throws(SQLiteError) -> [ShortLink?] {
        try beginImport.run()
        var answers: [ShortLink?] = []
        answers.reserveCapacity(links.count)
        do throws(SQLiteError) {
            for link in links {
                switch try create(link) {
                case .success(let stored): answers.append(stored)
                case .failure: answers.append(nil)
                }
            }
        } catch {
            try? rollbackImport.run()
            try? releaseImport.run()
            throw error
        }
        if atomic, answers.contains(where: { $0 == nil }) {
            try rollbackImport.run()
            try releaseImport.run()
            return zip(links, answers).map { link, answer in answer == nil ? nil : link }
        }
        try releaseImport.run()
        return answers
    }

    /// Replaces the link's target, expiry, route, title, tags and settings when its revision is still
    /// `expected`, and queues `short_link.updated`.
    func update(_ link: ShortLink, expectedRevision expected: Int64, at time: Date) throws(SQLiteError)
        -> Result<ShortLink, ShortLinkStoreError> {
        let statement = update
        statement.reset()
        var changed: (sequence: Int64, clicks: Int64, revision: Int64)?
        do {
            defer { statement.reset() }
            try statement.bind(.blob(link.code.hash), .integer(expected), .text(link.link),
                               link.expiresAt.map { .integer($0.millisecondsSince1970) } ?? .null,
                               link.route.map { .text($0) } ?? .null, link.title.map { .text($0) } ?? .null,
                               link.settings.storedText.map { .text($0) } ?? .null)
            if try statement.step() { changed = (statement.int64(at: 0), statement.int64(at: 1), statement.int64(at: 2)) }
            try statement.run()
        }
        guard let changed else {
            selectRevision.reset()
            defer { selectRevision.reset() }
            try selectRevision.bind(.blob(link.code.hash))
            return .failure(try selectRevision.step() ? .revisionChanged(link.code) : .notFound(link.code))
        }
        var stored = link
        stored.sequence = changed.sequence
        stored.clicks = Int(changed.clicks)
        stored.revision = changed.revision
        try deleteTags.run(.integer(stored.sequence))
        try insertTags(stored)
        try webhooks.publish(.shortLinkUpdated) { .shortLinkUpdated(stored, at: time) }
        return .success(stored)
    }

    private func insertTags(_ link: ShortLink) throws(SQLiteError) {
        for tag in link.tags { try insertTag.run(.integer(link.sequence), .text(tag.rawValue)) }
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
