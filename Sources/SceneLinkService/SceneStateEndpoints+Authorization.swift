import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension SceneStateEndpoints {
    /// The session in the path, once the request proved it holds its token. Refreshes the
    /// session's expiry when due.
    ///
    /// - Throws: 400 for a malformed id, 401 for a missing, malformed or unknown token, 404 for
    ///   a token of another session and for an expired session.
    func authorize(_ request: HTTPRequest) async throws(Rejection) -> SessionRecord {
        let id: SessionID
        do { id = try SessionID(request.pathParameters["id"] ?? "") } catch { throw .invalidIdentifier(error) }
        let token = try bearerToken(request)
        let hash = token.hash
        let now = clock.now()
        let session: SessionRecord?
        do { session = try await store.session(id: id) } catch { throw .store(error) }

        if let session, SessionToken.constantTimeEqual(session.tokenHash, hash) {
            guard !session.isExpired(at: now) else { throw .sessionNotFound }
            return try await refreshIfDue(session, now: now)
        }
        // Not this session's token. A token of some other session is 404 (as if this id did
        // not exist); a token of no session is 401.
        let owner: SessionRecord?
        do { owner = try await store.session(tokenHash: hash) } catch { throw .store(error) }
        if owner != nil { throw .sessionNotFound }
        throw .unauthorized("The bearer token is not valid for any session; use the token POST /v1/sessions returned, or open a new session.",
                            invalidToken: true)
    }

    /// The token of `Authorization: Bearer TOKEN` (RFC 6750 §2.1: the scheme is case-insensitive,
    /// the token is token68 of RFC 9110 §11.2).
    func bearerToken(_ request: HTTPRequest) throws(Rejection) -> SessionToken {
        let fields = request.headers.values(named: "Authorization")
        guard !fields.isEmpty else {
            throw .unauthorized("This route needs the header 'Authorization: Bearer TOKEN' with the token from POST /v1/sessions.",
                                invalidToken: false)
        }
        guard fields.count == 1, let field = fields.first else {
            throw .unauthorized("Send exactly one Authorization header, 'Authorization: Bearer TOKEN'.", invalidToken: true)
        }
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .unauthorized("The Authorization header must read 'Bearer TOKEN'.", invalidToken: true)
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.utf8.count <= 512, isToken68(token) else {
            throw .unauthorized("The bearer token is malformed; send it exactly as POST /v1/sessions returned it.",
                                invalidToken: true)
        }
        return SessionToken(text: token)
    }

    private func isToken68(_ text: String) -> Bool {
        var sawPadding = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "="):
                sawPadding = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                if sawPadding { return false }
            default:
                return false
            }
        }
        return true
    }

    /// True when renewing the session now would move its expiry forward by more than the granularity.
    func refreshIsDue(_ session: SessionRecord, now: Date) -> Bool {
        now.addingTimeInterval(configuration.timeToLiveSeconds).timeIntervalSince(session.expiresAt)
            > configuration.refreshGranularitySeconds
    }

    /// Moves the expiry forward when that gains more than the refresh granularity.
    private func refreshIfDue(_ session: SessionRecord, now: Date) async throws(Rejection) -> SessionRecord {
        guard refreshIsDue(session, now: now) else { return session }
        let renewed = now.addingTimeInterval(configuration.timeToLiveSeconds)
        do {
            try await store.refreshSession(id: session.id, expiresAt: renewed)
        } catch {
            throw .store(error)
        }
        var refreshed = session
        refreshed.expiresAt = renewed
        return refreshed
    }
}
