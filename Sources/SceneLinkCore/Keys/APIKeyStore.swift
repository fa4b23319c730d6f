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
    /// Up to `limit` keys after `cursor` (from the first without one), revoked ones too, oldest
    /// first: by creation time in whole milliseconds, then id. `nextCursor` is set when more follow.
    func apiKeys(after cursor: APIKeyCursor?, limit: Int, completion: @escaping APIKeyCompletion<APIKeyPage>)
    /// Marks the key revoked at `at` (a key already revoked keeps its first time) and answers it;
    /// nil when there is no key with this id.
    func revokeAPIKey(id: String, at: Date, completion: @escaping APIKeyCompletion<APIKey?>)
}

extension APIKeyStore {
    /// Every key, revoked ones too, oldest first: `apiKeys(after:limit:)` page after page, for the
    /// command line's list and the console, which show them all.
    public func apiKeys(completion: @escaping APIKeyCompletion<[APIKey]>) {
        Self.gather(self, after: nil, into: [], completion: completion)
    }

    private static func gather(_ store: Self, after cursor: APIKeyCursor?, into gathered: [APIKey],
                               completion: @escaping APIKeyCompletion<[APIKey]>) {
        store.apiKeys(after: cursor, limit: 500) { result in
            switch result {
            case .success(let page):
                guard let next = page.nextCursor else { return completion(.success(gathered + page.keys)) }
                gather(store, after: next, into: gathered + page.keys, completion: completion)
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
