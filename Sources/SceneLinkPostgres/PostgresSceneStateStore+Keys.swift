import Foundation
import SceneLinkCore

/// API keys and the audit log in the shared database (migration 12), through the same pool:
/// a created or revoked key and an appended entry are acknowledged after their group's commit.
extension PostgresSceneStateStore: APIKeyStore, AuditLog {
    public func createAPIKey(_ key: APIKey, completion: @escaping APIKeyCompletion<Void>) {
        call(.createAPIKey, [.text(key.id), .text(key.name), .text(key.scopes.map(\.rawValue).joined(separator: ",")),
                             .bytes(key.secretHash), .int64(Self.milliseconds(key.createdAt))],
             kind: .write, lockOrder: "api-key " + key.name, Self.keyCompletion(completion)) { rows -> Result<Void, APIKeyStoreError> in
            // No row: the insert found the name taken by a live key and did nothing.
            rows.isEmpty ? .failure(.nameExists(key.name)) : .success(())
        }
    }

    public func apiKey(id: String, completion: @escaping APIKeyCompletion<APIKey?>) {
        call(.selectAPIKey, [.text(id)], kind: .read, Self.keyCompletion(completion)) { rows in
            .success(try rows.first.map(Self.apiKey))
        }
    }

    public func apiKeys(after cursor: APIKeyCursor?, limit: Int, completion: @escaping APIKeyCompletion<APIKeyPage>) {
        let limit = max(0, limit)
        call(.selectAPIKeys, [.int64(cursor?.createdAtMilliseconds ?? .min), .text(cursor?.id ?? ""), .int64(Int64(limit) + 1)],
             kind: .read, Self.keyCompletion(completion)) { rows in
            let shown = rows.prefix(limit)
            var next: APIKeyCursor?
            if rows.count > limit, let last = shown.last {
                next = APIKeyCursor(createdAtMilliseconds: try last.int64(4), id: try last.text(0))
            }
            return .success(APIKeyPage(keys: try shown.map(Self.apiKey), nextCursor: next))
        }
    }

    public func revokeAPIKey(id: String, at: Date, completion: @escaping APIKeyCompletion<APIKey?>) {
        call(.revokeAPIKey, [.text(id), .int64(Self.milliseconds(at))], kind: .write, lockOrder: "api-key-id " + id,
             Self.keyCompletion(completion)) { rows in .success(try rows.first.map(Self.apiKey)) }
    }

    public func appendAuditEntry(_ entry: AuditEntry, completion: @escaping AuditCompletion<AuditEntry>) {
        call(.appendAuditEntry, [.int64(Self.milliseconds(entry.at)), .text(entry.actor), .text(entry.action), .text(entry.subject),
                                 .text(entry.detailJSON)],
             kind: .write, Self.auditCompletion(completion)) { rows in
            guard let row = rows.first else { throw PostgresError(context: "appending to the audit log", message: "no sequence came back") }
            var stored = entry
            stored.sequence = try row.int64(0)
            return stored
        }
    }

    public func auditEntries(_ query: AuditQuery, completion: @escaping AuditCompletion<AuditPage>) {
        let limit = max(0, query.limit)
        // One row more than asked says whether another page follows.
        call(.selectAuditEntries, [.int64(query.before ?? Int64.max), query.subject.map { .text($0) } ?? .null,
                                   query.actor.map { .text($0) } ?? .null, .int64(Int64(limit) + 1)],
             kind: .read, Self.auditCompletion(completion)) { rows in
            let entries = try rows.prefix(limit).map { row in
                AuditEntry(sequence: try row.int64(0), at: Self.date(try row.int64(1)), actor: try row.text(2), action: try row.text(3),
                           subject: try row.text(4), detail: AuditEntry.detail(fromJSON: try row.text(5)))
            }
            return AuditPage(entries: entries, nextCursor: rows.count > limit ? entries.last?.sequence : nil)
        }
    }

    public func deleteAuditEntries(before cutoff: Date, action: String?, limit: Int, completion: @escaping AuditCompletion<Int>) {
        call(.deleteAuditEntries, [.int64(Self.milliseconds(cutoff)), .int64(Int64(max(0, limit))), action.map { .text($0) } ?? .null], kind: .soloWrite,
             Self.auditCompletion(completion)) { $0.count }
    }

    /// The row in `PostgresStatement.apiKeyColumns` order. A scope this build does not know is left out.
    private static func apiKey(_ row: PostgresRow) throws(PostgresError) -> APIKey {
        APIKey(id: try row.text(0), name: try row.text(1),
               scopes: try row.text(2).split(separator: ",").compactMap { APIKeyScope(rawValue: String($0)) },
               createdAt: date(try row.int64(4)), revokedAt: try row.int64OrNil(5).map(date), secretHash: try row.bytes(3))
    }

    private static func failure(_ error: SceneStateStoreError) -> StoreFailure {
        if case .failure(let failure) = error { return failure }
        return .storage(message: error.description)
    }

    private static func keyCompletion<T>(_ completion: @escaping APIKeyCompletion<T>) -> SceneStateCompletion<Result<T, APIKeyStoreError>> {
        { result in
            switch result {
            case .success(let answer): completion(answer)
            case .failure(let error): completion(.failure(.failure(failure(error))))
            }
        }
    }

    private static func auditCompletion<T>(_ completion: @escaping AuditCompletion<T>) -> SceneStateCompletion<T> {
        { result in completion(result.mapError(failure)) }
    }
}
