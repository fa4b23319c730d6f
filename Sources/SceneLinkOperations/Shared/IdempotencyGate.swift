import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// Makes a create safe to retry: a request with `Idempotency-Key` (IETF httpapi draft) whose key
/// was used before with the same body, within 24 hours, is answered the first answer (status,
/// `Location` and body, marked `Idempotent-Replayed: true`) without a second effect, on any
/// instance sharing the store and after a restart.
///
/// - The same key with another body: 422 `idempotency-key-reused`.
/// - While the first request with the key is in flight, or its commit is in doubt and its lease
///   (30 s) has not run out: 409 `idempotency-key-in-flight` with `Retry-After`.
/// - A malformed key: 400 `invalid-idempotency-key`.
///
/// Keys are scoped by caller: a route's `scope` (the admin token's hash, or the client address
/// for sessions) is hashed into the key, so callers never see each other's answers.
///
/// ```swift
/// idempotency.run(request, scope: "admin " + tokenHash, route: "POST /v1/short-links", responder) { recorder in
///     let response = … // built before the write
///     store.createShortLink(link, recording: recorder?.record(response)) { result in
///         if case .failure(let error) = result { recorder?.failed(error.failure) }
///         …
///     }
/// }
/// ```
package struct IdempotencyGate: Sendable {
    package let store: any IdempotencyStore
    package let clock: SceneStateClock

    package init(store: any IdempotencyStore, clock: SceneStateClock) {
        self.store = store
        self.clock = clock
    }

    /// How long a begun request holds its key before another attempt may take it over.
    package static let lease: TimeInterval = 30
    package static let header = "Idempotency-Key"

    /// One request's hold on its key.
    package struct Recorder: Sendable {
        package let request: IdempotentRequest
        package let firstUse: Date
        package let store: any IdempotencyStore

        /// The record the create writes with itself: `response` as replayed to retries.
        package func record(_ response: HTTPResponse) -> IdempotencyRecord {
            IdempotencyRecord(request: request, createdAt: firstUse,
                              answer: IdempotentAnswer(status: response.status.code, location: response.headers["Location"],
                                                       body: response.body))
        }

        /// After a create that failed: lets go of the key so a retry creates, unless the commit is
        /// in doubt (`failure` `.commitInDoubt`), when the lease decides (by then the record shows
        /// whether it landed). A release that fails leaves the lease to end the hold.
        package func failed(_ failure: StoreFailure?) {
            if case .commitInDoubt = failure { return }
            store.releaseIdempotentRequest(keyHash: request.keyHash) { _ in }
        }
    }

    /// Calls `body` with nil when `request` has no `Idempotency-Key`, or with its recorder once the
    /// key is held; answers a replay, a reused or in-flight key, a malformed key, or a store
    /// failure itself.
    package func run(_ request: HTTPRequest, scope: String, route: String, _ responder: HTTPResponder,
                     _ body: @escaping @Sendable (Recorder?) -> Void) {
        let fields = request.headers.values(named: Self.header)
        guard let field = fields.first else { return body(nil) }
        guard fields.count == 1 else {
            return responder.respond(Self.invalid("Send one Idempotency-Key field, not \(fields.count)."))
        }
        let key: IdempotencyKey
        do {
            key = try IdempotencyKey(field)
        } catch {
            return responder.respond(Self.invalid(error.description))
        }
        let idempotent = IdempotentRequest(key: key, scope: scope, route: route, body: request.body)
        let now = clock.now()
        store.beginIdempotentRequest(keyHash: idempotent.keyHash, fingerprint: idempotent.fingerprint, now: now,
                                     leaseUntil: now.addingTimeInterval(Self.lease),
                                     expiredBefore: now.addingTimeInterval(-IdempotencyRecord.lifetime)) { [store] result in
            switch result {
            case .success(.proceed):
                body(Recorder(request: idempotent, firstUse: now, store: store))
            case .success(.replay(let status, let location, let sealedBody)):
                let answer = IdempotentAnswer.opening(status: status, location: location, sealedBody: sealedBody,
                                                      with: idempotent.answerKey)
                var response = HTTPResponse(status: HTTPStatus(code: answer.status, reasonPhrase: Self.reason(answer.status)),
                                            contentType: "application/json", body: answer.body)
                if let location = answer.location { response.headers.set("Location", location) }
                response.headers.set("Idempotent-Replayed", "true")
                response.headers.set("Cache-Control", "no-store")
                responder.respond(response)
            case .success(.mismatch):
                responder.respond(Self.reused)
            case .success(.inFlight(let until)):
                responder.respond(Self.inFlight(seconds: max(1, Int(until.timeIntervalSince(now).rounded(.up)))))
            case .failure(let failure):
                responder.respond(failure.response)
            }
        }
    }

    /// The scope of an admin-token route's keys: the token it was called with (checked before
    /// the handler ran), as the hash `AdminAuthenticator` compares, in base64.
    package static func adminScope(_ request: HTTPRequest) -> String {
        let token = request.headers["Authorization"].flatMap { try? BearerCredentials.token(inField: $0) } ?? ""
        return "admin " + Data(SessionToken(text: token).hash).base64EncodedString()
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        default: "Replayed"
        }
    }

    package static func invalid(_ detail: String) -> HTTPResponse {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-idempotency-key", title: "Invalid Idempotency-Key",
                    detail: detail).response()
    }

    package static let reused = HTTPProblem(
        status: .unprocessableContent, type: HTTPProblem.typeBase + "idempotency-key-reused", title: "Idempotency-Key reused",
        detail: "This Idempotency-Key was used within the last 24 hours for a request with another body; send a new key "
            + "for a new request, and the same key only to retry the same request.").response()

    package static func inFlight(seconds: Int) -> HTTPResponse {
        HTTPProblem(status: .conflict, type: HTTPProblem.typeBase + "idempotency-key-in-flight", title: "Request in flight",
                    detail: "A request with this Idempotency-Key is still being processed, or its outcome is not yet known; "
                        + "retry the same request with the same key in \(seconds) second\(seconds == 1 ? "" : "s").")
            .response(headers: ["Retry-After": String(seconds)])
    }
}
