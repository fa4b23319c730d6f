import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension SceneStateEndpoints {
    /// Checks the path's identifiers, then proves the request holds the token of the session in
    /// the path, and runs `proceed` with that session and the identifiers; every refusal, and
    /// any rejection `proceed` throws, is answered with its problem. Refreshes the session's
    /// expiry when due (before `proceed`).
    ///
    /// Refusals, in this order: 400 for malformed identifiers (`target`, then the session id),
    /// 401 `unauthorized` for a missing or malformed token, 429 past the token's budget of the
    /// declared class (`sessionRateLimit`), 401 `session-ended` for an unknown token on an id that is gone (expired and
    /// swept, or ended), 401 `unknown-token` for an unknown token on a live session's id, 404
    /// for a token of another session and for an expired session.
    func authorize<Target: Sendable>(
        _ request: HTTPRequest, _ responder: HTTPResponder,
        target: (HTTPRequest) throws(Rejection) -> Target,
        then proceed: @escaping @Sendable (SessionRecord, Target) throws(Rejection) -> Void
    ) {
        let found: Target, id: SessionID, hash: [UInt8]
        do throws(Rejection) {
            found = try target(request)
            do { id = try SessionID(request.pathParameters["id"] ?? "") } catch { throw .invalidIdentifier(error) }
            hash = try bearerToken(request).hash
        } catch {
            return responder.respond(error.response)
        }
        // Keyed by the token, so nobody without it can spend a session's budget.
        if let rateLimiter, let refusal = rateLimiter.refusal(Self.sessionRateLimit, key: RateLimitKey(tokenHash: hash)) {
            return responder.respond(refusal.problemResponse())
        }
        let now = clock.now()
        // The callbacks capture only what they use: each capture is a retain per request.
        store.session(id: id) { [store, configuration] result in
            switch result {
            case .failure(let error):
                responder.respond(Rejection.store(error).response)
            case .success(let session?) where SessionToken.constantTimeEqual(session.tokenHash, hash):
                guard !session.isExpired(at: now) else { return responder.respond(Rejection.sessionNotFound.response) }
                guard configuration.refreshIsDue(session, now: now) else {
                    return Self.run(proceed, session, found, responder)
                }
                var renewed = session
                renewed.expiresAt = now.addingTimeInterval(configuration.timeToLiveSeconds)
                store.refreshSession(id: session.id, expiresAt: renewed.expiresAt) { [renewed] result in
                    switch result {
                    case .success: Self.run(proceed, renewed, found, responder)
                    case .failure(let error): responder.respond(Rejection.store(error).response)
                    }
                }
            case .success(let record):
                // Not this session's token. A token of some other session is 404 (as if this id
                // did not exist). A token of no session is 401, of one of two kinds: the id is
                // gone too (the session expired and was swept, or was ended: open a new one), or
                // the id is live and the token is not its own (damaged credentials, which a new
                // session would not mend but would leave the session's state behind).
                let idIsLive = record.map { !$0.isExpired(at: now) } ?? false
                store.session(tokenHash: hash) { result in
                    switch result {
                    case .failure(let error): responder.respond(Rejection.store(error).response)
                    case .success(.some): responder.respond(Rejection.sessionNotFound.response)
                    case .success(.none): responder.respond((idIsLive ? Rejection.unknownToken : Rejection.sessionEnded).response)
                    }
                }
            }
        }
    }

    /// Runs the rest of an authorized request, answering the rejection it throws.
    private static func run<Target>(_ proceed: (SessionRecord, Target) throws(Rejection) -> Void,
                                    _ session: SessionRecord, _ target: Target, _ responder: HTTPResponder) {
        do { try proceed(session, target) } catch { responder.respond(error.response) }
    }

    /// The token of the request's one `Authorization: Bearer TOKEN` field.
    func bearerToken(_ request: HTTPRequest) throws(Rejection) -> SessionToken {
        let fields = request.headers.values(named: "Authorization")
        guard !fields.isEmpty else {
            throw .unauthorized("This route needs the header 'Authorization: Bearer TOKEN' with the token from POST /v1/sessions.",
                                invalidToken: false)
        }
        guard fields.count == 1, let field = fields.first else {
            throw .unauthorized("Send exactly one Authorization header, 'Authorization: Bearer TOKEN'.", invalidToken: true)
        }
        return try Self.bearerToken(field: field)
    }

    static let notBearer = Rejection.unauthorized("The Authorization header must read 'Bearer TOKEN'.", invalidToken: true)
    static let malformedToken = Rejection.unauthorized(
        "The bearer token is malformed; send it exactly as POST /v1/sessions returned it.", invalidToken: true)

    /// The session token of one `Authorization` field (`BearerCredentials`), or the refusal
    /// that says what is wrong with it.
    static func bearerToken(field: String) throws(Rejection) -> SessionToken {
        do {
            return SessionToken(text: try BearerCredentials.token(inField: field))
        } catch .notBearer {
            throw notBearer
        } catch {
            throw malformedToken
        }
    }
}
