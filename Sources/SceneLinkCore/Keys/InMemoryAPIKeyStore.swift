import Foundation
import Synchronization

/// An `APIKeyStore` in an array behind a lock: the same rules as the SQL stores, no durability.
/// Answers at once, on the caller's thread.
public final class InMemoryAPIKeyStore: APIKeyStore {
    private let keys = Mutex<[APIKey]>([])

    public init() {}

    public func createAPIKey(_ key: APIKey, completion: @escaping APIKeyCompletion<Void>) {
        let refused: Bool = keys.withLock { keys in
            if keys.contains(where: { $0.revokedAt == nil && $0.name == key.name }) || keys.contains(where: { $0.id == key.id }) {
                return true
            }
            keys.append(key)
            return false
        }
        completion(refused ? .failure(.nameExists(key.name)) : .success(()))
    }

    public func apiKey(id: String, completion: @escaping APIKeyCompletion<APIKey?>) {
        completion(.success(keys.withLock { $0.first { $0.id == id } }))
    }

    public func apiKeys(after cursor: APIKeyCursor?, limit: Int, completion: @escaping APIKeyCompletion<APIKeyPage>) {
        let ordered = keys.withLock { $0 }.map { (cursor: APIKeyCursor(createdAtMilliseconds: Self.milliseconds($0.createdAt), id: $0.id), key: $0) }
            .sorted { ($0.cursor.createdAtMilliseconds, $0.cursor.id) < ($1.cursor.createdAtMilliseconds, $1.cursor.id) }
        let after = ordered.filter { item in
            guard let cursor else { return true }
            return (item.cursor.createdAtMilliseconds, item.cursor.id) > (cursor.createdAtMilliseconds, cursor.id)
        }
        let page = Array(after.prefix(max(0, limit)))
        completion(.success(APIKeyPage(keys: page.map(\.key), nextCursor: after.count > page.count ? page.last?.cursor : nil)))
    }

    /// Whole milliseconds since 1970, as the SQL stores keep `created_at`.
    private static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return value >= Double(Int64.max) ? .max : value <= Double(Int64.min) ? .min : Int64(value)
    }

    public func revokeAPIKey(id: String, at: Date, completion: @escaping APIKeyCompletion<APIKey?>) {
        let revoked: APIKey? = keys.withLock { keys in
            guard let index = keys.firstIndex(where: { $0.id == id }) else { return nil }
            if keys[index].revokedAt == nil { keys[index].revokedAt = at }
            return keys[index]
        }
        completion(.success(revoked))
    }
}
