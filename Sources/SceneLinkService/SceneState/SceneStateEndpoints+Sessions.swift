import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkText

extension SceneStateEndpoints {
    /// `POST /v1/sessions`: 201 with `{"id","token","expiresAt"}`. The token is shown once;
    /// the store keeps only its hash.
    func createSession(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let idempotency else { return createSession(responder, recorder: nil, attempt: 1) }
        // Scoped by the client's address: apps have no other identity before their first session.
        idempotency.run(request, scope: "address \(request.clientAddress)", route: "POST \(Self.sessionsPattern)", responder) { recorder in
            createSession(responder, recorder: recorder, attempt: 1)
        }
    }

    /// Makes the session; with `recorder`, stores the answer with it for retries of its key.
    private func createSession(_ responder: HTTPResponder, recorder: IdempotencyGate.Recorder?, attempt: Int) {
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(configuration.timeToLiveSeconds)
        let id = SessionID.random()
        let token = SessionToken.random()
        let record = SessionRecord(id: id, tokenHash: token.hash, createdAt: now, expiresAt: expiresAt)
        let body = JSONValue.object([("id", .string(id.rawValue)), ("token", .string(token.text)),
                                     ("expiresAt", .string(RFC3339.string(expiresAt)))])
        // The body holds the session's token: `created` keeps it out of every cache.
        let created = HTTPResponse.created(json: body, location: "/v1/sessions/\(id.rawValue)")
        store.createSession(record, recording: recorder?.record(created)) { result in
            switch result {
            case .success:
                responder.respond(created)
            case .failure(.sessionExists) where attempt == 1:
                // A collision of 128-bit random ids is not expected; one retry covers the impossible case.
                createSession(responder, recorder: recorder, attempt: 2)
            case .failure(let error):
                recorder?.failed(error.failure)
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
