import Foundation

extension SceneLinkClient {
    /// Opens a new session on the server.
    ///
    /// Keep the result in the Keychain and set it as `session`; the token cannot be shown again.
    /// Sent with a fresh `Idempotency-Key`, which every retry repeats: a retry after a lost answer
    /// or a `503` gets the same session from the server, never a second one.
    ///
    /// ```swift
    /// client.session = try await client.openSession()
    /// ```
    /// - Returns: the new session's credentials.
    /// - Throws: `SceneLinkError` (`.transport` when the server cannot be reached).
    public func openSession() async throws(SceneLinkError) -> SceneLinkSession {
        let exchange = try await send(Endpoint(method: "POST", path: ["v1", "sessions"],
                                               headers: [Endpoint.idempotencyKeyHeader: UUID().uuidString]))
        let response = exchange.response
        guard response.status == 201 || response.status == 200 else { throw failure(response, sessionCall: false) }
        let wire = try decode(SessionWire.self, from: response, what: "session")
        guard let expiresAt = try? Date(wire.expiresAt, strategy: .iso8601) else {
            throw .unexpectedResponse(status: response.status, reason: "the session's expiresAt '\(wire.expiresAt)' is not an RFC 3339 time.")
        }
        return SceneLinkSession(id: wire.id, token: wire.token, expiresAt: expiresAt)
    }

    /// Ends `session` on the server and deletes everything stored in it.
    ///
    /// Ending a session the server no longer knows (expired, or already ended) succeeds: either
    /// way it is gone.
    /// - Throws: `.noSession` without a session, else `SceneLinkError`.
    public func endSession() async throws(SceneLinkError) {
        guard let session else { throw .noSession }
        let exchange = try await send(Endpoint(method: "DELETE", path: ["v1", "sessions", session.id], needsSession: true))
        let response = exchange.response
        switch response.status {
        case 200, 204:
            return
        default:
            let error = failure(response, sessionCall: true)
            if case .sessionExpired = error { return }
            throw error
        }
    }
}

/// `POST /v1/sessions`'s answer.
private struct SessionWire: Decodable {
    var id: String
    var token: String
    var expiresAt: String
}
