import Foundation

/// How an API-key store answers: once, with the result or the failure.
public typealias APIKeyCompletion<Value> = @Sendable (Result<Value, APIKeyStoreError>) -> Void

/// Where API keys live: beside everything else in `SQLiteSceneStateStore` and
/// `PostgresSceneStateStore` (table `api_keys`); `InMemoryAPIKeyStore` is the fake.
///
/// Every operation answers through its `completion`, exactly once, on a thread of the store's
/// choosing. Writes are acknowledged once durable.
public protocol APIKeyStore: Sendable {
    /// Stores a new key. Fails with `.nameExists` when a key that is not revoked has its name.
    func createAPIKey(_ key: APIKey, completion: @escaping APIKeyCompletion<Void>)
    /// The key with this id, revoked or not; nil when there is none.
    func apiKey(id: String, completion: @escaping APIKeyCompletion<APIKey?>)
    /// Every key, revoked ones too, oldest first.
    func apiKeys(completion: @escaping APIKeyCompletion<[APIKey]>)
    /// Marks the key revoked at `at` (a key already revoked keeps its first time) and answers it;
    /// nil when there is no key with this id.
    func revokeAPIKey(id: String, at: Date, completion: @escaping APIKeyCompletion<APIKey?>)
}
