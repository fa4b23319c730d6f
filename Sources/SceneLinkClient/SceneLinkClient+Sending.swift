import Foundation

extension SceneLinkClient {
    /// Sends `endpoint`, retrying as `retryPolicy` allows, and returns the last answer whatever
    /// its status.
    /// - Throws: `.noSession`, `.invalidRequest`, `.transport` once retries are used up, `.cancelled`.
    func send(_ endpoint: Endpoint) async throws(SceneLinkError) -> Exchange {
        var headers = endpoint.headers
        if endpoint.needsSession {
            guard let session else { throw .noSession }
            headers["Authorization"] = "Bearer \(session.token)"
        }
        if endpoint.body != nil, headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
        if headers["Accept"] == nil { headers["Accept"] = "application/json, application/problem+json, */*" }
        let request = TransportRequest(method: endpoint.method, url: try endpoint.url(relativeTo: baseURL),
                                       headers: headers, body: endpoint.body)
        let allowed = max(1, retryPolicy.maximumAttempts)
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .cancelled }
            let response: TransportResponse
            do {
                response = try await transport.send(request)
            } catch {
                if Task.isCancelled || error is CancellationError { throw .cancelled }
                let failure = error as? TransportError ?? TransportError(.other, String(describing: error))
                guard attempt < allowed else { throw .transport(failure) }
                try await wait(retryPolicy.delay(afterAttempt: attempt))
                continue
            }
            // 503, or for a create with a key: its first attempt is still in flight (or in doubt).
            let busy = response.status == 503
                || (response.status == 409 && endpoint.hasIdempotencyKey
                    && String(decoding: response.body, as: UTF8.self).contains("/idempotency-key-in-flight\""))
            if busy, attempt < allowed {
                let retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After"))
                try await wait(retryPolicy.delay(afterAttempt: attempt, retryAfter: retryAfter))
                continue
            }
            return Exchange(response: response, attempts: attempt)
        }
    }

    private func wait(_ delay: Duration) async throws(SceneLinkError) {
        do {
            try await retryPolicy.sleep(delay)
        } catch {
            throw .cancelled
        }
    }

    /// The error for an answer that is not a success: the problem it carries, classified.
    func failure(_ response: TransportResponse, sessionCall: Bool) -> SceneLinkError {
        let contentType = response.header("Content-Type")?.lowercased() ?? ""
        guard contentType.contains("problem+json") || contentType.contains("json"),
              let problem = SceneLinkProblem.decode(response.body, status: response.status) else {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            return .unexpectedResponse(status: response.status,
                                       reason: text.isEmpty ? "it has no problem document." : "it is not a problem document: \(text)")
        }
        if sessionCall {
            // 401 session-ended and 404 session-not-found: the session is gone. Any other 401
            // (unknown-token, a malformed token) means the credentials, not the session, are bad.
            switch (response.status, problem.slug) {
            case (404, "session-not-found"), (401, "session-ended"): return .sessionExpired(problem)
            case (401, _): return .unknownToken(problem)
            default: break
            }
        }
        return .problem(problem)
    }

    /// Decodes a success body as the API promises it.
    func decode<Value: Decodable>(_ type: Value.Type, from response: TransportResponse,
                                  what: String) throws(SceneLinkError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw .unexpectedResponse(status: response.status, reason: "the \(what) is not what the API describes (\(error)).")
        }
    }
}
