import Foundation
import SceneLinkCore

/// The API-key queries, prepared once per read connection (and on the writer, which reads a
/// revoked key back).
final class APIKeyReads {
    static let columns = "id, name, scopes, secret_hash, created_at, revoked_at"

    private let selectByID, selectAll: Statement

    init(connection: Connection) throws(SQLiteError) {
        selectByID = try connection.prepare("SELECT \(Self.columns) FROM api_keys WHERE id = ?1")
        selectAll = try connection.prepare("SELECT \(Self.columns) FROM api_keys ORDER BY created_at, id")
    }

    func key(id: String) throws(SQLiteError) -> APIKey? {
        selectByID.reset()
        defer { selectByID.reset() }
        try selectByID.bind(.text(id))
        guard try selectByID.step() else { return nil }
        return Self.key(at: selectByID)
    }

    func keys() throws(SQLiteError) -> [APIKey] {
        selectAll.reset()
        defer { selectAll.reset() }
        var keys: [APIKey] = []
        while try selectAll.step() { keys.append(Self.key(at: selectAll)) }
        return keys
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
