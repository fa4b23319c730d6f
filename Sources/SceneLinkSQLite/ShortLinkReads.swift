import Foundation
import SceneLinkCore

/// The short-link queries, prepared once per read connection (and on the writer for `:memory:`).
final class ShortLinkReads {
    /// The columns a link is decoded from, of the table aliased `s`: its tags are one
    /// space-separated text read through the tags' primary key.
    static let columns = "s.sequence, s.code, s.link, s.created_at, s.expires_at, s.clicks, s.route, s.title, s.revision, "
        + "(SELECT group_concat(t.tag, ' ') FROM short_link_tags AS t WHERE t.sequence = s.sequence), s.settings"

    private let selectByHash: Statement
    /// A page of every link, of a tag's, of those matching a text, of both (`ShortLinkFilter`).
    private let selectPage, selectTagPage, selectTextPage, selectTagTextPage: Statement

    init(connection: Connection) throws(SQLiteError) {
        selectByHash = try connection.prepare("SELECT \(Self.columns) FROM short_links AS s WHERE s.code_hash = ?1")
        selectPage = try connection.prepare(Self.pageSQL(tag: false, text: false))
        selectTagPage = try connection.prepare(Self.pageSQL(tag: true, text: false))
        selectTextPage = try connection.prepare(Self.pageSQL(tag: false, text: true))
        selectTagTextPage = try connection.prepare(Self.pageSQL(tag: true, text: true))
    }

    /// ?1 the cursor, ?2 the rows, ?3 the tag, ?4 the `LIKE` pattern. A tag's page walks
    /// `short_link_tags_by_tag` in sequence order; a text is matched by `LIKE`, which in SQLite
    /// ignores the case of ASCII letters only, as `ShortLinkFilter` says.
    static func pageSQL(tag: Bool, text: Bool) -> String {
        let match = text ? " AND (s.code LIKE ?4 ESCAPE '\\' OR s.link LIKE ?4 ESCAPE '\\' OR s.title LIKE ?4 ESCAPE '\\')" : ""
        if tag {
            return """
                SELECT \(columns) FROM short_link_tags AS g JOIN short_links AS s ON s.sequence = g.sequence
                WHERE g.tag = ?3 AND g.sequence > ?1\(match) ORDER BY g.sequence LIMIT ?2
                """
        }
        return "SELECT \(columns) FROM short_links AS s WHERE s.sequence > ?1\(match) ORDER BY s.sequence LIMIT ?2"
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

    /// Up to `limit` links after `cursor` that pass `filter`, with the cursor of the next page
    /// when there is one.
    func links(after cursor: Int64?, limit: Int, filter: ShortLinkFilter) throws(SQLiteError) -> ShortLinkListing {
        let statement: Statement
        switch (filter.tag != nil, filter.text != nil) {
        case (false, false): statement = selectPage
        case (true, false): statement = selectTagPage
        case (false, true): statement = selectTextPage
        case (true, true): statement = selectTagTextPage
        }
        statement.reset()
        defer { statement.reset() }
        let limit = max(0, limit)
        // One row more than asked says whether another page follows.
        var arguments: [StatementArgument] = [.integer(cursor ?? 0), .integer(Int64(limit) + 1)]
        // Only the parameters the statement has: ?3 with a tag or a text, ?4 with a text.
        if filter.tag != nil || filter.text != nil { arguments.append(filter.tag.map { .text($0.rawValue) } ?? .null) }
        if let pattern = filter.likePattern { arguments.append(.text(pattern)) }
        try statement.bind(arguments)
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
    static func link(at statement: Statement) -> ShortLink? {
        guard let code = try? ShortCode(statement.text(at: 1)) else { return nil }
        return ShortLink(code: code, link: statement.text(at: 2),
                         createdAt: Date(millisecondsSince1970: statement.int64(at: 3)),
                         expiresAt: statement.isNull(at: 4) ? nil : Date(millisecondsSince1970: statement.int64(at: 4)),
                         clicks: Int(statement.int64(at: 5)), sequence: statement.int64(at: 0),
                         route: statement.isNull(at: 6) ? nil : statement.text(at: 6),
                         title: statement.isNull(at: 7) ? nil : statement.text(at: 7),
                         tags: statement.isNull(at: 9) ? [] : ShortLinkTag.stored(statement.text(at: 9)),
                         settings: ShortLinkSettings(storedText: statement.isNull(at: 10) ? nil : statement.text(at: 10)),
                         revision: statement.int64(at: 8))
    }
}
