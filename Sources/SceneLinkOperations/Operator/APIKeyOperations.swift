import SceneLinkCore
import SceneLinkHTTP

/// The API keys' operations: list, create, revoke. Each checks its caller's permission (the admin
/// token alone) and writes its audit entry itself; the JSON API (`APIKeyEndpoints`) and the console's
/// System page are adapters over them.
///
/// The store keeps the SHA-256 of a key's secret, never its text; a key made here is remembered by
/// the key cache at once, and a revoked one stops working here at once (within 5 s elsewhere).
package struct APIKeyOperations: Sendable {
    package let store: any APIKeyStore
    package let cache: APIKeyCache?
    package let audit: AuditTrail?
    package let clock: SceneStateClock

    package init(store: any APIKeyStore, cache: APIKeyCache?, audit: AuditTrail?, clock: SceneStateClock) {
        self.store = store
        self.cache = cache
        self.audit = audit
        self.clock = clock
    }

    /// A key just made, and its text, shown this once.
    package struct Made: Sendable {
        package let key: APIKey
        package let token: APIKeyToken
    }

    /// One page of keys after `cursor`, revoked ones too, oldest first, without their text.
    package func list(after cursor: APIKeyCursor?, limit: Int, by caller: OperatorCaller,
                      completion: @escaping @Sendable (Result<APIKeyPage, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .listKeys) { return completion(.failure(refusal)) }
        store.apiKeys(after: cursor, limit: limit) { result in completion(result.mapError(Self.error)) }
    }

    /// Every key, page after page (the console's System page lists them all).
    package func listEvery(by caller: OperatorCaller, completion: @escaping @Sendable (Result<[APIKey], OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .listKeys) { return completion(.failure(refusal)) }
        store.apiKeys { result in completion(result.mapError(Self.error)) }
    }

    /// Makes a key named `name` holding `scopes`: 400 for a bad name or no scope, 409 for a name taken.
    package func create(name: String, scopes: [APIKeyScope], by caller: OperatorCaller,
                        completion: @escaping @Sendable (Result<Made, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .createKey) { return completion(.failure(refusal)) }
        let made: (key: APIKey, token: APIKeyToken)
        do throws(APIKeyInputError) {
            guard !scopes.isEmpty else { throw APIKeyInputError.noScopes }
            made = try APIKey.make(name: name, scopes: scopes, at: clock.now())
        } catch {
            return completion(.failure(OperationError(APIKeyProblems.badBody(error.description))))
        }
        store.createAPIKey(made.key) { [cache, audit] result in
            switch result {
            case .success:
                cache?.remember(made.key)
                audit.record(actor: caller.actor, action: "api_key.created", subject: "key:\(made.key.id)", detail: Self.detail(made.key)) {
                    completion(.success(Made(key: made.key, token: made.token)))
                }
            case .failure(let error):
                completion(.failure(Self.error(error)))
            }
        }
    }

    /// Revokes the key `id` names (again, for a revoked one): 404 when none does.
    package func revoke(id: String, by caller: OperatorCaller, completion: @escaping @Sendable (Result<APIKey, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .revokeKey) { return completion(.failure(refusal)) }
        guard APIKeyToken.isID(id) else { return completion(.failure(OperationError(APIKeyProblems.notFound))) }
        store.revokeAPIKey(id: id, at: clock.now()) { [cache, audit] result in
            switch result {
            case .success(let key?):
                cache?.remember(key)
                audit.record(actor: caller.actor, action: "api_key.revoked", subject: "key:\(key.id)", detail: Self.detail(key)) {
                    completion(.success(key))
                }
            case .success(nil):
                completion(.failure(OperationError(APIKeyProblems.notFound)))
            case .failure(let error):
                completion(.failure(Self.error(error)))
            }
        }
    }

    /// What the audit log keeps of a key: its name and scopes.
    package static func detail(_ key: APIKey) -> [String: String] {
        ["name": key.name, "scopes": key.scopes.map(\.rawValue).joined(separator: ",")]
    }

    /// A store error's problem: 409 for a taken name, the store failure's otherwise.
    package static func error(_ error: APIKeyStoreError) -> OperationError {
        switch error {
        case .nameExists:
            OperationError(HTTPProblem(status: .conflict, type: HTTPProblem.typeBase + "key-name-exists", title: "Key name taken",
                                       detail: error.description))
        case .failure(let failure):
            OperationError(failure)
        }
    }
}
