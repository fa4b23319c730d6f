import Foundation
import SceneLinkCore
import Synchronization

/// The API keys the admin guard checks, cached so that a request with a key costs no store
/// round trip: a key read from the store (or found missing) is trusted for `lifetime`, 5 s by
/// default, then read again.
///
/// **Revocation delay.** A key created or revoked through this process (`POST /v1/keys`,
/// `DELETE /v1/keys/{id}`) is updated here at once. A key revoked elsewhere (another instance
/// on the same PostgreSQL database, or `scenelink keys revoke` against the SQLite file) stops
/// working here within `lifetime`: at most 5 s.
///
/// At most `capacity` ids are kept (unknown ids included, so guessing ids cannot make every
/// request read the store); past it the cache starts over.
package final class APIKeyCache: Sendable {
    /// How long a read key is trusted: the longest a revocation made elsewhere takes to apply here.
    package static let defaultLifetime: Duration = .seconds(5)
    package static let capacity = 10_000

    private struct Entry {
        let key: APIKey?
        let readAt: ContinuousClock.Instant
    }

    private let store: any APIKeyStore
    private let lifetime: Duration
    private let entries = Mutex<[String: Entry]>([:])

    package init(store: any APIKeyStore, lifetime: Duration = APIKeyCache.defaultLifetime) {
        self.store = store
        self.lifetime = lifetime
    }

    /// The key with `id` (nil for none): from the cache while fresh, else from the store.
    package func key(id: String, completion: @escaping @Sendable (Result<APIKey?, StoreFailure>) -> Void) {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[id] }), now - entry.readAt < lifetime {
            return completion(.success(entry.key))
        }
        store.apiKey(id: id) { [self] result in
            switch result {
            case .success(let key):
                remember(key, id: id, at: now)
                completion(.success(key))
            case .failure(.failure(let failure)):
                completion(.failure(failure))
            case .failure(let error):
                completion(.failure(.storage(message: error.description)))
            }
        }
    }

    /// Puts a key this process created or revoked in the cache, so it applies at once.
    package func remember(_ key: APIKey) {
        remember(key, id: key.id, at: ContinuousClock.now)
    }

    private func remember(_ key: APIKey?, id: String, at instant: ContinuousClock.Instant) {
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[id] == nil { entries.removeAll(keepingCapacity: true) }
            entries[id] = Entry(key: key, readAt: instant)
        }
    }
}
