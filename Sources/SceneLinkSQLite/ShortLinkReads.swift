import Foundation
import SceneLinkCore

/// The short-link queries, prepared once per read connection (and on the writer for `:memory:`).
final class ShortLinkReads {
    static let columns = "sequence, code, link, created_at, expires_at, clicks, route"

    private let selectByHash: Statement
    private let selectPage: Statement

    init(connection: Connection) throws(SQLiteError) {
        selectByHash = try connection.prepare("SELECT \(Self.columns) FROM short_links WHERE code_hash = ?1")
        selectPage = try connection.prepare(
            "SELECT \(Self.columns) FROM short_links WHERE sequence > ?1 ORDER BY sequence LIMIT ?2")
    }

    /// The link stored under `code`, found by the code's hash.
    func link(code: ShortCode) throws(SQLiteError) -> ShortLink? {
        let statement = selectByHash
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.blob(code.hash))
        guard try statement.step() else { return nil }
        return Self.link(at: statement)
    }

    /// Up to `limit` links after `cursor`, with the cursor of the next page when there is one.
    func links(after cursor: Int64?, limit: Int) throws(SQLiteError) -> ShortLinkListing {
        let statement = selectPage
        statement.reset()
        defer { statement.reset() }
        let limit = max(0, limit)
        // One row more than asked says whether another page follows.
        try statement.bind(.integer(cursor ?? 0), .integer(Int64(limit) + 1))
        var links: [ShortLink] = []
        var more = false
        while try statement.step() {
            guard links.count < limit else {
                more = true
                break
            }
            if let link = Self.link(at: statement) { links.append(link) }
        }
        return ShortLinkListing(links: links, nextCursor: more ? links.last?.sequence : nil)
    }

    /// The row under the statement's cursor, in `columns` order; nil for a row whose code no
    /// longer validates (skipped, not fatal).
    private static func link(at statement: Statement) -> ShortLink? {
        guard let code = try? ShortCode(statement.text(at: 1)) else { return nil }
        return ShortLink(code: code, link: statement.text(at: 2),
                         createdAt: Date(millisecondsSince1970: statement.int64(at: 3)),
                         expiresAt: statement.isNull(at: 4) ? nil : Date(millisecondsSince1970: statement.int64(at: 4)),
                         clicks: Int(statement.int64(at: 5)), sequence: statement.int64(at: 0),
                         route: statement.isNull(at: 6) ? nil : statement.text(at: 6))
    }
}
