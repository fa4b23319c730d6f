import Foundation
import SceneLinkCore

/// The audit log's query, prepared once per read connection.
final class AuditReads {
    private let selectPage: Statement

    init(connection: Connection) throws(SQLiteError) {
        selectPage = try connection.prepare("""
            SELECT sequence, at, actor, action, subject, detail FROM audit_log
            WHERE sequence < ?1 AND (?2 IS NULL OR subject = ?2) AND (?3 IS NULL OR actor = ?3)
            ORDER BY sequence DESC LIMIT ?4
            """)
    }

    /// One page, newest first, with the next page's cursor when there is one.
    func page(_ query: AuditQuery) throws(SQLiteError) -> AuditPage {
        selectPage.reset()
        defer { selectPage.reset() }
        let limit = max(0, query.limit)
        // One row more than asked says whether another page follows.
        try selectPage.bind(.integer(query.before ?? Int64.max), query.subject.map { .text($0) } ?? .null,
                            query.actor.map { .text($0) } ?? .null, .integer(Int64(limit) + 1))
        var entries: [AuditEntry] = []
        var more = false
        while try selectPage.step() {
            guard entries.count < limit else {
                more = true
                break
            }
            entries.append(AuditEntry(sequence: selectPage.int64(at: 0), at: Date(millisecondsSince1970: selectPage.int64(at: 1)),
                                      actor: selectPage.text(at: 2), action: selectPage.text(at: 3),
                                      subject: selectPage.text(at: 4), detail: AuditEntry.detail(fromJSON: selectPage.text(at: 5))))
        }
        return AuditPage(entries: entries, nextCursor: more ? entries.last?.sequence : nil)
    }
}
