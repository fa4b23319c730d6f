import Foundation
import SceneLinkCore

/// API keys and the audit log in the same file, through the same writer and readers:
/// a created or revoked key, and an appended entry, are acknowledged after their group commit.
extension SQLiteSceneStateStore: APIKeyStore, AuditLog {
    public func createAPIKey(_ key: APIKey, completion: @escaping APIKeyCompletion<Void>) {
        write({ (result: Result<Result<Void, APIKeyStoreError>, SceneStateStoreError>) in
            switch result {
            case .success(let answer): completion(answer)
            case .failure(let error): completion(.failure(.failure(Self.failure(error))))
            }
        }) { context in try context.keys.create(key) }
    }

    public func apiKey(id: String, completion: @escaping APIKeyCompletion<APIKey?>) {
        read({ completion($0.mapError { .failure(Self.failure($0)) }) }) { statements throws(SQLiteError) in
            try statements.keys.key(id: id)
        }
    }

    public func apiKeys(after cursor: APIKeyCursor?, limit: Int, completion: @escaping APIKeyCompletion<APIKeyPage>) {
        read({ completion($0.mapError { .failure(Self.failure($0)) }) }) { statements throws(SQLiteError) in
            try statements.keys.keys(after: cursor, limit: limit)
        }
    }

    public func revokeAPIKey(id: String, at: Date, completion: @escaping APIKeyCompletion<APIKey?>) {
        write({ completion($0.mapError { .failure(Self.failure($0)) }) }) { context in
            try context.keys.revoke(id: id, at: at)
            return try context.reads.keys.key(id: id)
        }
    }

    public func appendAuditEntry(_ entry: AuditEntry, completion: @escaping AuditCompletion<AuditEntry>) {
        write({ completion($0.mapError(Self.failure)) }, isOneStatement: true) { context in
            var stored = entry
            stored.sequence = try context.audit.append(entry)
            return stored
        }
    }

    public func auditEntries(_ query: AuditQuery, completion: @escaping AuditCompletion<AuditPage>) {
        read({ completion($0.mapError(Self.failure)) }) { statements throws(SQLiteError) in try statements.audit.page(query) }
    }

    public func deleteAuditEntries(before cutoff: Date, action: String?, limit: Int, completion: @escaping AuditCompletion<Int>) {
        write({ completion($0.mapError(Self.failure)) }, isOneStatement: true) { context in
            try context.audit.deleteEntries(before: cutoff, action: action, limit: limit)
        }
    }

    /// The store failure of a failure of the shared plumbing.
    private static func failure(_ error: SceneStateStoreError) -> StoreFailure {
        if case .failure(let failure) = error { return failure }
        return .storage(message: error.description)
    }
}
