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

    public func apiKeys(completion: @escaping APIKeyCompletion<[APIKey]>) {
        completion(.success(keys.withLock { $0 }))
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
