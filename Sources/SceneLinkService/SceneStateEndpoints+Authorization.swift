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
        if let token = Self.asciiBearerToken(field) { return token }
        return try Self.generalBearerToken(field)
    }

    /// `Bearer TOKEN` of one field, for any field (Foundation's whitespace rules).
    static func generalBearerToken(_ field: String) throws(Rejection) -> SessionToken {
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .unauthorized("The Authorization header must read 'Bearer TOKEN'.", invalidToken: true)
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.utf8.count <= 512, Self.isToken68(token) else {
            throw .unauthorized("The bearer token is malformed; send it exactly as POST /v1/sessions returned it.",
                                invalidToken: true)
        }
        return SessionToken(text: token)
    }

    /// The common case of `bearerToken` in one pass over the bytes, without Foundation: a
    /// field of printable ASCII reading `Bearer TOKEN` (any case, spaces around) with a valid
    /// token68. Returns nil for anything else, which the general parse above then decides,
    /// so both give the same answer for every field.
    static func asciiBearerToken(_ field: String) -> SessionToken? {
        let utf8 = field.utf8
        let count = utf8.count
        guard count > 7, count <= 600 else { return nil }
        return utf8.withContiguousStorageIfAvailable { bytes -> SessionToken? in
            let space = UInt8(ascii: " ")
            var index = 0
            while index < count, bytes[index] == space { index += 1 }
            // "bearer", ASCII case-insensitively (setting 0x20 lowercases letters only).
            let scheme: [UInt8] = [0x62, 0x65, 0x61, 0x72, 0x65, 0x72]
            guard count - index > 7 else { return nil }
            for offset in 0..<6 where bytes[index + offset] | 0x20 != scheme[offset] { return nil }
            index += 6
            guard bytes[index] == space else { return nil }
            while index < count, bytes[index] == space { index += 1 }
            var end = count
            while end > index, bytes[end - 1] == space { end -= 1 }
            guard end > index, end - index <= 512 else { return nil }
            guard isToken68(bytes[index..<end]) else { return nil }
            return SessionToken(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
        } ?? nil
    }

    private static func isToken68(_ text: String) -> Bool {
        isToken68(text.utf8)
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
