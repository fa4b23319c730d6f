import SceneLinkCore
import SceneLinkHTTP

/// Checks the caller of every admin route (`RouteCaller.admin(scope:)` and `.rootOnly`) before
/// its handler runs: the admin token (the root key, every scope) or a named API key
/// (`slk_ID_SECRET`) holding the route's scope.
///
/// 403 `admin-disabled` when no admin token is configured (the admin routes are off, keys too);
/// 401 when the request has no `Authorization: Bearer TOKEN`, several, a malformed one, a token
/// that is neither the admin token nor, during a rotation, the next one (`--admin-token-next`),
/// nor a working key; 403 `missing-scope` for a working key without the route's scope, naming
/// it; 403 `admin-token-required` for a key on a root-only route. Tokens and key secrets are
/// compared as SHA-256 hashes in constant time, so the time taken reveals neither how much of a
/// guess was right nor the token's length. Keys come from `APIKeyCache` (no store round trip
/// while cached; a revocation elsewhere applies within 5 s).
package struct AdminAuthenticator: Sendable {
    /// SHA-256 of the configured admin token; nil turns the admin routes off.
    package let tokenHash: [UInt8]?
    /// SHA-256 of the token also accepted during a rotation, if any.
    package let nextTokenHash: [UInt8]?
    /// The API keys; nil when there is no key store (only the admin token works).
    package let keys: APIKeyCache?

    package init(token: String?, nextToken: String?, keys: APIKeyCache? = nil) {
        tokenHash = token.map { SessionToken(text: $0).hash }
        nextTokenHash = nextToken.map { SessionToken(text: $0).hash }
        self.keys = keys
    }

    /// Decides whether `request` may call a route declared for `caller`: `completion` gets who
    /// it is, or why not. Answers at once for the admin token and cached keys, else after the
    /// key store has answered.
    package func authorize(_ request: HTTPRequest, for caller: RouteCaller, completion: @escaping @Sendable (Result<AuditActor, Refusal>) -> Void) {
        identify(request, for: caller) { completion($0.map(\.actor).mapError(\.refusal)) }
    }

    /// `authorize` with the whole answer: the caller's identity (with its key's scopes), or the
    /// refusal with the reason the audit log records and the key id the token named.
    package func identify(_ request: HTTPRequest, for caller: RouteCaller,
                          completion: @escaping @Sendable (Result<OperatorIdentity, Failure>) -> Void) {
        guard let expected = tokenHash else { return completion(.failure(Failure(.disabled))) }
        let fields = request.headers.values(named: "Authorization")
        guard let field = fields.first else { return completion(.failure(Failure(.missingToken))) }
        guard fields.count == 1, let text = try? BearerCredentials.token(inField: field) else {
            return completion(.failure(Failure(.wrongToken, reason: .wrongToken)))
        }
        let token = SessionToken(text: text)
        // Both comparisons always run, so the time taken does not say which token matched.
        let current = SessionToken.constantTimeEqual(token.hash, expected)
        let next = SessionToken.constantTimeEqual(token.hash, nextTokenHash ?? expected)
        if current || next { return completion(.success(.adminToken)) }
        guard let keys, let presented = APIKeyToken(parsing: text) else {
            return completion(.failure(Failure(.wrongToken, reason: .wrongToken)))
        }
        keys.key(id: presented.id) { result in
            switch result {
            case .failure(let failure):
                completion(.failure(Failure(.keysUnavailable(failure))))
            case .success(let key):
                // A missing key is compared against a hash too, so its answer takes as long.
                let matches = SessionToken.constantTimeEqual(presented.secretHash, key?.secretHash ?? expected)
                guard let key else { return completion(.failure(Failure(.wrongToken, reason: .unknownKey, keyID: presented.id))) }
                guard matches else { return completion(.failure(Failure(.wrongToken, reason: .wrongKeySecret, keyID: key.id))) }
                guard key.revokedAt == nil else { return completion(.failure(Failure(.wrongToken, reason: .revokedKey, keyID: key.id))) }
                let identity = OperatorIdentity(key)
                switch caller {
                case .admin(let scope) where identity.holds(scope): completion(.success(identity))
                case .admin(let scope): completion(.failure(Failure(.missingScope(scope, key: key.name), reason: .missingScope, keyID: key.id)))
                case .rootOnly, .anyone, .session, .console:
                    completion(.failure(Failure(.rootOnly, reason: .adminTokenRequired, keyID: key.id)))
                }
            }
        }
    }

    /// A refusal with what the audit log records of it: the reason (nil for refusals that are not
    /// an attempt: no token sent, administration off, the store down) and the key id the token named.
    package struct Failure: Error, Sendable, Equatable {
        package let refusal: Refusal
        package let reason: AuthRefusalReason?
        package let keyID: String?

        package init(_ refusal: Refusal, reason: AuthRefusalReason? = nil, keyID: String? = nil) {
            self.refusal = refusal
            self.reason = reason
            self.keyID = keyID
        }
    }

    /// Why a request was refused.
    package enum Refusal: Error, Sendable, Equatable {
        /// No admin token is configured.
        case disabled
        /// No `Authorization` field.
        case missingToken
        /// Several fields, a malformed one, or a token that is not the admin token nor a working
        /// key (unknown or revoked): an attempt that counts against the `admin-auth` class.
        case wrongToken
        /// A working key without the scope the route needs.
        case missingScope(APIKeyScope, key: String)
        /// A working key on a route only the admin token may call.
        case rootOnly
        /// The key could not be read: the store failed.
        case keysUnavailable(StoreFailure)

        /// The answer: 403, 401 with the challenge of RFC 6750 §3, or the store failure's.
        package var response: HTTPResponse {
            switch self {
            case .disabled:
                HTTPProblem(
                    status: .forbidden, type: HTTPProblem.typeBase + "admin-disabled", title: "Administration is off",
                    detail: "No admin token is configured, so the admin routes (short links, webhooks, analytics, keys, audit) are off; "
                        + "start scenelink with --admin-token TOKEN (or SCENELINK_ADMIN_TOKEN=TOKEN; make one with scenelink token) and send it as "
                        + "'Authorization: Bearer TOKEN'.").response()
            case .missingToken:
                Self.unauthorized("This route needs the header 'Authorization: Bearer TOKEN' with the server's admin token "
                                  + "(--admin-token) or an API key.", invalidToken: false)
            case .wrongToken:
                Self.unauthorized("The bearer token is neither the admin token nor a working API key; send exactly one "
                                  + "'Authorization: Bearer TOKEN' with the token scenelink was started with (--admin-token), "
                                  + "or a key that is not revoked.", invalidToken: true)
            case .missingScope(let scope, let key):
                Self.missingScopeProblem(scope, key: key).response()
            case .rootOnly:
                Self.rootOnlyProblem.response()
            case .keysUnavailable(let failure):
                failure.response
            }
        }

        /// The problem of a working key without `scope`.
        package static func missingScopeProblem(_ scope: APIKeyScope, key: String) -> HTTPProblem {
            HTTPProblem(
                status: .forbidden, type: HTTPProblem.typeBase + "missing-scope", title: "Missing scope",
                detail: "The API key '\(key)' lacks the scope \(scope.rawValue) this route needs; make a key with "
                    + "--scopes \(scope.rawValue) (scenelink keys create), or use the admin token.")
        }

        /// The problem of a key on a route only the admin token may call.
        package static let rootOnlyProblem = HTTPProblem(
            status: .forbidden, type: HTTPProblem.typeBase + "admin-token-required", title: "Admin token required",
            detail: "Only the admin token (--admin-token) may call this route; API keys cannot, whatever their scopes.")

        private static func unauthorized(_ detail: String, invalidToken: Bool) -> HTTPResponse {
            let challenge = invalidToken ? "Bearer realm=\"scenelink-admin\", error=\"invalid_token\"" : "Bearer realm=\"scenelink-admin\""
            return HTTPProblem(status: .unauthorized, type: HTTPProblem.typeBase + "admin-unauthorized", title: "Admin token required",
                               detail: detail)
                .response(headers: ["WWW-Authenticate": challenge])
        }
    }
}
