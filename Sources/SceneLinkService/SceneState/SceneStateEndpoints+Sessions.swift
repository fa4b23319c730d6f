import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

extension SceneStateEndpoints {
    /// `POST /v1/sessions`: 201 with `{"id","token","expiresAt"}`. The token is shown once;
    /// the store keeps only its hash.
    func createSession(_ request: HTTPRequest, _ responder: HTTPResponder, attempt: Int = 1) {
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(configuration.timeToLiveSeconds)
        let id = SessionID.random()
        let token = SessionToken.random()
        let record = SessionRecord(id: id, tokenHash: token.hash, createdAt: now, expiresAt: expiresAt)
        store.createSession(record) { result in
            switch result {
            case .success:
                let body = "{\"id\":\(JSONEscaping.quote(id.rawValue)),\"token\":\(JSONEscaping.quote(token.text)),"
                    + "\"expiresAt\":\(JSONEscaping.quote(RFC3339.string(expiresAt)))}"
                var response = HTTPResponse.json(body, status: .created)
                response.headers.set("Location", "/v1/sessions/\(id.rawValue)")
                // The body holds a secret: no cache may keep it (RFC 9111 §5.2.2.5).
                response.headers.set("Cache-Control", "no-store")
                responder.respond(response)
            case .failure(.sessionExists) where attempt == 1:
                // A collision of 128-bit random ids is not expected; one retry covers the impossible case.
                createSession(request, responder, attempt: 2)
            case .failure(let error):
                responder.respond(Rejection.store(error).response)
            }
        }
    }

    /// `DELETE /v1/sessions/{id}`: 204; the session and everything in it are gone.
    func deleteSession(_ request: HTTPRequest, _ responder: HTTPResponder) {
        authorize(request, responder, target: { _ in () }) { session, _ throws(Rejection) in
            store.deleteSession(id: session.id) { result in
                responder.respond(Self.response(to: result) { deleted throws(Rejection) in
                    guard deleted else { throw .sessionNotFound }
                    return HTTPResponse(status: .noContent)
                })
            }
        }
    }
}
