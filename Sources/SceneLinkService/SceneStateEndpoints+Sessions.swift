import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

extension SceneStateEndpoints {
    /// `POST /v1/sessions`: 201 with `{"id","token","expiresAt"}`. The token is shown once;
    /// the store keeps only its hash.
    func createSession(_ request: HTTPRequest) async -> HTTPResponse {
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(configuration.timeToLiveSeconds)
        // A collision of 128-bit random ids is not expected; one retry covers the impossible case.
        for _ in 0..<2 {
            let id = SessionID.random()
            let token = SessionToken.random()
            let record = SessionRecord(id: id, tokenHash: token.hash, createdAt: now, expiresAt: expiresAt)
            do {
                try await store.createSession(record)
            } catch .sessionExists {
                continue
            } catch {
                return Rejection.store(error).response
            }
            let body = "{\"id\":\(JSONEscaping.quote(id.rawValue)),\"token\":\(JSONEscaping.quote(token.text)),"
                + "\"expiresAt\":\(JSONEscaping.quote(SceneStateEndpoints.rfc3339(expiresAt)))}"
            var response = HTTPResponse.json(body, status: .created)
            response.headers.set("Location", "/v1/sessions/\(id.rawValue)")
            // The body holds a secret: no cache may keep it (RFC 9111 §5.2.2.5).
            response.headers.set("Cache-Control", "no-store")
            return response
        }
        return Rejection.store(.sessionExists).response
    }

    /// `DELETE /v1/sessions/{id}`: 204; the session and everything in it are gone.
    func deleteSession(_ request: HTTPRequest) async throws(Rejection) -> HTTPResponse {
        let session = try await authorize(request)
        let deleted: Bool
        do { deleted = try await store.deleteSession(id: session.id) } catch { throw .store(error) }
        guard deleted else { throw .sessionNotFound }
        return HTTPResponse(status: .noContent)
    }

    /// An instant as RFC 3339 (`2026-12-21T18:20:43Z`), whole seconds, UTC.
    static func rfc3339(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt))
    }
}
