import CSQLite
import Foundation
import SceneLinkCore

/// The API-key writes, prepared once on the writer connection; each runs inside the writer's
/// batch transaction and savepoint.
final class APIKeyWrites {
    private let insertKey, revokeKey: Statement

    init(connection: Connection) throws(SQLiteError) {
        insertKey = try connection.prepare(
            "INSERT INTO api_keys (id, name, scopes, secret_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        revokeKey = try connection.prepare("UPDATE api_keys SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL")
    }

    /// Inserts a key; `.nameExists` when a live key has its name (or, not expected, its id).
    func create(_ key: APIKey) throws(SQLiteError) -> Result<Void, APIKeyStoreError> {
        do throws(SQLiteError) {
            try insertKey.run(.text(key.id), .text(key.name), .text(key.scopes.map(\.rawValue).joined(separator: ",")),
                              .blob(key.secretHash), .integer(key.createdAt.millisecondsSince1970))
        } catch {
            if error.primaryCode == SQLITE_CONSTRAINT { return .failure(.nameExists(key.name)) }
            throw error
        }
        return .success(())
    }

    /// Marks a live key revoked; a revoked one keeps its first time.
    func revoke(id: String, at time: Date) throws(SQLiteError) {
        try revokeKey.run(.text(id), .integer(time.millisecondsSince1970))
    }
}
