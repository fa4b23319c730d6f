import Foundation
import SceneLinkCore

/// The API-key queries, prepared once per read connection (and on the writer, which reads a
/// revoked key back).
final class APIKeyReads {
    static let columns = "id, name, scopes, secret_hash, created_at, revoked_at"

    private let selectByID, selectPage: Statement

    init(connection: Connection) throws(SQLiteError) {
        selectByID = try connection.prepare("SELECT \(Self.columns) FROM api_keys WHERE id = ?1")
        // Keyset paging in listing order; the first page starts after (Int64.min, '').
        selectPage = try connection.prepare("""
            SELECT \(Self.columns) FROM api_keys WHERE (created_at, id) > (?1, ?2) ORDER BY created_at, id LIMIT ?3
            """)
    }

    func key(id: String) throws(SQLiteError) -> APIKey? {
        selectByID.reset()
        defer { selectByID.reset() }
        try selectByID.bind(.text(id))
        guard try selectByID.step() else { return nil }
        return Self.key(at: selectByID)
    }

    /// Up to `limit` keys after `cursor`, oldest first, and the cursor of the next page when more follow.
    func keys(after cursor: APIKeyCursor?, limit: Int) throws(SQLiteError) -> APIKeyPage {
        selectPage.reset()
        defer { selectPage.reset() }
        let limit = max(0, limit)
        try selectPage.bind(.integer(cursor?.createdAtMilliseconds ?? .min), .text(cursor?.id ?? ""), .integer(Int64(limit) + 1))
        var keys: [APIKey] = []
        var last: APIKeyCursor?
        while try selectPage.step() {
            guard keys.count < limit else { return APIKeyPage(keys: keys, nextCursor: last) }
            keys.append(Self.key(at: selectPage))
            last = APIKeyCursor(createdAtMilliseconds: selectPage.int64(at: 4), id: selectPage.text(at: 0))
        }
        return APIKeyPage(keys: keys, nextCursor: nil)
    }

    /// The row under the cursor, in `columns` order. A scope this build does not know is left out.
    private static func key(at statement: Statement) -> APIKey {
        APIKey(id: statement.text(at: 0), name: statement.text(at: 1),
               scopes: statement.text(at: 2).split(separator: ",").compactMap { APIKeyScope(rawValue: String($0)) },
               createdAt: Date(millisecondsSince1970: statement.int64(at: 4)),
               revokedAt: statement.isNull(at: 5) ? nil : Date(millisecondsSince1970: statement.int64(at: 5)),
               secretHash: statement.blob(at: 3))
    }
}
