import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension SceneStateEndpoints {
    /// Checks the path's identifiers, then proves the request holds the token of the session in
    /// the path, and runs `proceed` with that session and the identifiers; every refusal, and
    /// any rejection `proceed` throws, is answered with its problem. Refreshes the session's
    /// expiry when due (before `proceed`).
    ///
    /// Refusals, in this order: 400 for malformed identifiers (`target`, then the session id),
    /// 401 for a missing or malformed token, 429 past the token's `state` rate limit, 401 for
    /// an unknown token, 404 for a token of another session and
    /// for an expired session.
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
        if let rateLimiter, let refusal = rateLimiter.refusal(.state, key: RateLimitKey(tokenHash: hash)) {
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
            case .success:
                // Not this session's token. A token of some other session is 404 (as if this id
                // did not exist); a token of no session is 401.
                store.session(tokenHash: hash) { result in
                    switch result {
                    case .failure(let error): responder.respond(Rejection.store(error).response)
                    case .success(.some): responder.respond(Rejection.sessionNotFound.response)
                    case .success(.none):
                        responder.respond(Rejection.unauthorized(
                            "The bearer token is not valid for any session; use the token POST /v1/sessions returned, or open a new session.",
                            invalidToken: true).response)
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

    /// The token of one `Authorization` field: `Bearer TOKEN` (RFC 6750 §2.1: the scheme is
    /// case-insensitive, the token is token68 of RFC 9110 §11.2, at most 512 bytes). Spaces may
    /// come before the scheme; a space follows it; spaces and tabs around the token are dropped.
    ///
    /// One pass over the bytes. A field with non-ASCII bytes after the scheme takes the one
    /// general branch, `bearerTokenWithUnicodeSpaces`, which also drops Unicode spaces (such as
    /// U+00A0) around the token.
    static func bearerToken(field: String) throws(Rejection) -> SessionToken {
        enum Parse { case token(String), notBearer, malformed, nonASCII }
        var contiguous = field
        let parsed = contiguous.withUTF8 { bytes -> Parse in
            let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
            var index = 0, end = bytes.count
            while index < end, bytes[index] == space { index += 1 }
            // "bearer", ASCII case-insensitively (setting 0x20 lowercases letters only), then a space.
            let scheme = "bearer".utf8
            guard end - index > scheme.count else { return .notBearer }
            for letter in scheme {
                guard bytes[index] | 0x20 == letter else { return .notBearer }
                index += 1
            }
            guard bytes[index] == space else { return .notBearer }
            index += 1
            guard index < end else { return .notBearer }
            while index < end, bytes[index] == space || bytes[index] == tab { index += 1 }
            while end > index, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
            let token = bytes[index..<end]
            guard !token.isEmpty, token.count <= 512, isToken68(token) else {
                // A valid token is ASCII, so non-ASCII bytes are looked for only in a refused one.
                return bytes[index...].contains(where: { $0 >= 0x80 }) ? .nonASCII : .malformed
            }
            return .token(String(decoding: UnsafeBufferPointer(rebasing: token), as: UTF8.self))
        }
        switch parsed {
        case .token(let text): return SessionToken(text: text)
        case .notBearer: throw notBearer
        case .malformed: throw malformedToken
        case .nonASCII: return try bearerTokenWithUnicodeSpaces(field)
        }
    }

    /// The general branch of `bearerToken(field:)`, for fields with non-ASCII bytes: split at
    /// the first space character, trim Foundation's whitespace (which includes Unicode spaces).
    private static func bearerTokenWithUnicodeSpaces(_ field: String) throws(Rejection) -> SessionToken {
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw notBearer }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.utf8.count <= 512, isToken68(token.utf8) else { throw malformedToken }
        return SessionToken(text: token)
    }

    /// RFC 9110 §11.2 token68: the token characters, then only `=` padding at the end.
    private static func isToken68<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var sawPadding = false
        for byte in bytes {
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
}
