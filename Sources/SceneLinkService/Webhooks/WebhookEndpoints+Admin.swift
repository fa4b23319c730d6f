import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkNetwork
import SceneLinkText

extension WebhookEndpoints {
    /// `POST /v1/webhooks`: 201 with the endpoint and its secret.
    func create(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let parsed = try WebhookRequest(body: request.body)
        let now = clock.now()
        checkTarget(parsed.url, responder) { [store, idempotency, audit] in
            let create: @Sendable (IdempotencyGate.Recorder?) -> Void = { recorder in
                let endpoint = WebhookEndpoint(url: parsed.url, events: parsed.events, description: parsed.description,
                                               createdAt: now, secret: .random())
                // Built before the write, so that it can be stored with it for retries of the same key.
                let created = HTTPResponse.created(json: Self.json(endpoint, now: now, withSecret: true),
                                                   location: "\(Self.collectionPattern)/\(endpoint.id)")
                store.createWebhookEndpoint(endpoint, recording: recorder?.record(created)) { result in
                    switch result {
                    case .success:
                        audit.record(request, action: "webhook.created", subject: "webhook:\(endpoint.id)",
                                     detail: Self.detail(endpoint)) { responder.respond(created) }
                    case .failure(let error):
                        recorder?.failed(error.failure)
                        responder.respond(WebhookProblems.store(error))
                    }
                }
            }
            guard let idempotency else { return create(nil) }
            idempotency.run(request, scope: IdempotencyGate.adminScope(request), route: "POST \(Self.collectionPattern)", responder,
                            create)
        }
    }

    /// Checks a target URL (`WebhookTarget`: https, no private address unless allowed, the name
    /// resolved off the connection's I/O queue, since resolving blocks), then runs `next` on a
    /// global queue; a refused target is answered 422.
    private func checkTarget(_ target: String, _ responder: HTTPResponder, _ next: @escaping @Sendable () -> Void) {
        let url: URL
        do {
            url = try WebhookTarget.validate(target, allowPrivate: configuration.allowPrivate)
        } catch {
            return responder.respond(WebhookProblems.refusedTarget(error).response())
        }
        let allowPrivate = configuration.allowPrivate
        DispatchQueue.global().async {
            if !allowPrivate, let host = url.host {
                do throws(WebhookTarget.Refusal) {
                    try WebhookTarget.checkResolved(host: host)
                } catch {
                    return responder.respond(WebhookProblems.refusedTarget(error).response())
                }
            }
            next()
        }
    }

    /// `PATCH /v1/webhooks/{id}`: 200 with the endpoint as changed (without its secret).
    func update(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let parsed = try WebhookChangeRequest(body: request.body)
        let id = request.pathParameters["id"] ?? ""
        let now = clock.now()
        let change = WebhookEndpointChange(url: parsed.url, events: parsed.events, enabled: parsed.enabled, at: now)
        let store = self.store, audit = self.audit
        let write: @Sendable () -> Void = {
            store.updateWebhookEndpoint(id: id, change: change) { result in
                switch result {
                case .success(let endpoint?):
                    var detail = Self.detail(endpoint)
                    detail["enabled"] = String(endpoint.disabledAt == nil)
                    audit.record(request, action: "webhook.updated", subject: "webhook:\(endpoint.id)", detail: detail) {
                        responder.respond(Self.noStore(.json(Self.json(endpoint, now: now, withSecret: false))))
                    }
                case .success(nil): responder.respond(WebhookProblems.notFound.response())
                case .failure(let error): responder.respond(WebhookProblems.store(error))
                }
            }
        }
        guard let url = parsed.url else { return write() }
        checkTarget(url, responder, write)
    }

    /// Runs `next` with the endpoint `id` when it exists and is enabled; answers 404, or 409
    /// for a disabled endpoint (nothing would ever be sent to it), itself otherwise.
    private func withEnabledEndpoint(_ id: String, _ responder: HTTPResponder,
                                     _ next: @escaping @Sendable (WebhookEndpoint) -> Void) {
        store.webhookEndpoint(id: id) { result in
            switch result {
            case .success(nil): responder.respond(WebhookProblems.notFound.response())
            case .failure(let error): responder.respond(WebhookProblems.store(error))
            case .success(let endpoint?) where endpoint.disabledAt != nil: responder.respond(WebhookProblems.disabled(endpoint).response())
            case .success(let endpoint?): next(endpoint)
            }
        }
    }

    /// `GET /v1/webhooks`: every endpoint, oldest first, without secrets.
    func list(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let now = clock.now()
        store.webhookEndpoints { result in
            switch result {
            case .success(let endpoints):
                let items = endpoints.map { Self.json($0, now: now, withSecret: false) }.joined(separator: ",")
                responder.respond(Self.noStore(.json("{\"webhooks\":[\(items)]}")))
            case .failure(let error):
                responder.respond(WebhookProblems.store(error))
            }
        }
    }

    /// `GET /v1/webhooks/{id}`.
    func show(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let now = clock.now()
        store.webhookEndpoint(id: request.pathParameters["id"] ?? "") { result in
            switch result {
            case .success(let endpoint?): responder.respond(Self.noStore(.json(Self.json(endpoint, now: now, withSecret: false))))
            case .success(nil): responder.respond(WebhookProblems.notFound.response())
            case .failure(let error): responder.respond(WebhookProblems.store(error))
            }
        }
    }

    /// `DELETE /v1/webhooks/{id}`: 204.
    func delete(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        store.deleteWebhookEndpoint(id: id) { [audit] result in
            switch result {
            case .success(true):
                audit.record(request, action: "webhook.deleted", subject: "webhook:\(id)") {
                    responder.respond(HTTPResponse(status: .noContent))
                }
            case .success(false): responder.respond(WebhookProblems.notFound.response())
            case .failure(let error): responder.respond(WebhookProblems.store(error))
            }
        }
    }

    /// `POST /v1/webhooks/{id}/rotate-secret`, optionally `{"overlapSeconds": N}` (0 to 7 days):
    /// a new secret; the old one keeps signing for the overlap (24 h by default).
    func rotate(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var overlap = configuration.rotationOverlap.seconds
        if !request.body.isEmpty {
            let document: JSONObjectBody
            do {
                document = try JSONObjectBody(request.body, members: ["overlapSeconds"], example: #"{"overlapSeconds": 3600}"#,
                                              problem: WebhookProblems.badBody)
            } catch {
                return responder.respond(error.response())
            }
            if let value = document["overlapSeconds"] {
                guard case .number(let text) = value, let seconds = Int(text), (0...604_800).contains(seconds) else {
                    return responder.respond(WebhookProblems.badBody(
                        "\"overlapSeconds\" takes a whole number of seconds from 0 to 604800 (7 days).").response())
                }
                overlap = TimeInterval(seconds)
            }
        }
        let now = clock.now()
        let overlapSeconds = String(Int(overlap))
        store.rotateWebhookSecret(id: request.pathParameters["id"] ?? "", to: .random(),
                                  previousExpiresAt: now.addingTimeInterval(overlap)) { [audit] result in
            switch result {
            case .success(let endpoint?):
                // Never the secrets: only how long the old one keeps signing.
                audit.record(request, action: "webhook.secret_rotated", subject: "webhook:\(endpoint.id)",
                             detail: ["overlapSeconds": overlapSeconds]) {
                    responder.respond(Self.noStore(.json(Self.json(endpoint, now: now, withSecret: true))))
                }
            case .success(nil): responder.respond(WebhookProblems.notFound.response())
            case .failure(let error): responder.respond(WebhookProblems.store(error))
            }
        }
    }

    /// `POST /v1/webhooks/{id}/test`: 202 `{"messageId"}`, a `webhook.test` event queued.
    func test(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        let event = WebhookEvent.webhookTest(endpointID: id, at: clock.now())
        withEnabledEndpoint(id, responder) { [store, audit] _ in
            store.enqueueWebhookEvent(event, endpointID: id) { result in
                switch result {
                case .success(true):
                    audit.record(request, action: "webhook.test_queued", subject: "webhook:\(id)", detail: ["messageId": event.id]) {
                        responder.respond(Self.noStore(.json("{\"messageId\":\(JSONEscaping.quote(event.id))}", status: Self.accepted)))
                    }
                case .success(false): responder.respond(WebhookProblems.notFound.response())
                case .failure(let error): responder.respond(WebhookProblems.store(error))
                }
            }
        }
    }

    /// `GET /v1/webhooks/{id}/deliveries?limit=N`: newest first.
    func deliveries(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var limit = Self.defaultPageSize
        if let text = request.queryItem("limit") {
            guard let value = Int(text), (1...Self.maximumPageSize).contains(value) else {
                return responder.respond(WebhookProblems.invalidQuery(
                    "limit takes a whole number from 1 to \(Self.maximumPageSize), not '\(text.prefix(32))'.").response())
            }
            limit = value
        }
        let id = request.pathParameters["id"] ?? ""
        store.webhookEndpoint(id: id) { [store, limit] result in
            switch result {
            case .success(nil): return responder.respond(WebhookProblems.notFound.response())
            case .failure(let error): return responder.respond(WebhookProblems.store(error))
            case .success(_?): break
            }
            store.webhookDeliveries(endpointID: id, limit: limit) { result in
                switch result {
                case .success(let deliveries):
                    let items = deliveries.map(Self.json).joined(separator: ",")
                    responder.respond(Self.noStore(.json("{\"deliveries\":[\(items)]}")))
                case .failure(let error):
                    responder.respond(WebhookProblems.store(error))
                }
            }
        }
    }

    /// `POST /v1/webhooks/{id}/deliveries/{messageId}/replay`: 202, the same message queued again.
    func replay(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? "", messageID = request.pathParameters["messageId"] ?? ""
        let now = clock.now()
        withEnabledEndpoint(id, responder) { [store, audit] _ in
            store.replayWebhookMessage(endpointID: id, messageID: messageID, now: now) { result in
                switch result {
                case .success(true):
                    audit.record(request, action: "webhook.message_replayed", subject: "webhook:\(id)", detail: ["messageId": messageID]) {
                        responder.respond(Self.noStore(.json("{\"messageId\":\(JSONEscaping.quote(messageID))}", status: Self.accepted)))
                    }
                case .success(false): responder.respond(WebhookProblems.messageNotFound.response())
                case .failure(let error): responder.respond(WebhookProblems.store(error))
                }
            }
        }
    }

    // MARK: JSON

    /// What the audit log keeps of an endpoint: its URL and events, never its secrets.
    static func detail(_ endpoint: WebhookEndpoint) -> [String: String] {
        ["url": endpoint.url, "events": endpoint.events.map(\.rawValue).joined(separator: ",")]
    }

    static func noStore(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// One endpoint. The secret only when just created or rotated.
    static func json(_ endpoint: WebhookEndpoint, now: Date, withSecret: Bool) -> String {
        func instant(_ date: Date?) -> String { date.map { JSONEscaping.quote(RFC3339.string($0)) } ?? "null" }
        var out = "{\"id\":\(JSONEscaping.quote(endpoint.id)),\"url\":\(JSONEscaping.quote(endpoint.url)),"
        out += "\"events\":[\(endpoint.events.map { JSONEscaping.quote($0.rawValue) }.joined(separator: ","))],"
        out += "\"description\":\(endpoint.description.map(JSONEscaping.quote) ?? "null"),"
        out += "\"createdAt\":\(instant(endpoint.createdAt)),"
        out += "\"enabled\":\(endpoint.disabledAt == nil),\"disabledAt\":\(instant(endpoint.disabledAt)),"
        out += "\"disabledReason\":\(endpoint.disabledReason.map(JSONEscaping.quote) ?? "null"),"
        let overlapping = endpoint.signingSecrets(at: now).count > 1
        out += "\"previousSecretExpiresAt\":\(overlapping ? instant(endpoint.previousSecretExpiresAt) : "null")"
        if withSecret { out += ",\"secret\":\(JSONEscaping.quote(endpoint.secret.text))" }
        return out + "}"
    }

    static func json(_ delivery: WebhookDelivery) -> String {
        func instant(_ date: Date?) -> String { date.map { JSONEscaping.quote(RFC3339.string($0)) } ?? "null" }
        var out = "{\"messageId\":\(JSONEscaping.quote(delivery.event.id)),\"type\":\(JSONEscaping.quote(delivery.event.type.rawValue)),"
        out += "\"timestamp\":\(instant(delivery.event.timestamp)),\"state\":\(JSONEscaping.quote(delivery.state.rawValue)),"
        out += "\"attempts\":\(delivery.attempts),\"nextAttemptAt\":\(instant(delivery.state == .pending ? delivery.nextAttemptAt : nil)),"
        out += "\"lastAttemptAt\":\(instant(delivery.lastAttemptAt)),"
        out += "\"lastStatus\":\(delivery.lastStatus.map(String.init) ?? "null"),"
        out += "\"lastError\":\(delivery.lastError.map(JSONEscaping.quote) ?? "null")}"
        return out
    }
}
