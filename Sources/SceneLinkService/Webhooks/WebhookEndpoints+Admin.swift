import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The JSON adapter over `WebhookOperations`: each handler reads its request, performs the
/// operation as the guard's caller, and writes the answer (or the operation's problem).
extension WebhookEndpoints {
    /// `POST /v1/webhooks`: 201 with the endpoint and its secret.
    func create(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let parsed = try WebhookRequest(body: request.body)
        let new = WebhookOperations.NewEndpoint(url: parsed.url, events: parsed.events, description: parsed.description)
        guard let idempotency else { return create(new, by: caller, recorder: nil, responder) }
        idempotency.run(request, scope: IdempotencyGate.adminScope(request), route: "POST \(Self.collectionPattern)", responder) { recorder in
            self.create(new, by: caller, recorder: recorder, responder)
        }
    }

    /// Performs the create; with a recorder, the answer is stored with the endpoint for retries of the same key.
    private func create(_ new: WebhookOperations.NewEndpoint, by caller: OperatorCaller, recorder: IdempotencyGate.Recorder?,
                        _ responder: HTTPResponder) {
        var recording: (@Sendable (WebhookEndpoint) -> IdempotencyRecord?)?
        if let recorder {
            // Made from the endpoint before it is stored, so that it can be stored with it.
            recording = { endpoint in recorder.record(Self.created(endpoint)) }
        }
        operations.create(new, by: caller, recording: recording) { result in
            switch result {
            case .success(let endpoint):
                responder.respond(Self.created(endpoint))
            case .failure(let error):
                // Lets go of the key (unless the commit is in doubt), so a corrected retry creates.
                recorder?.failed(error.storeFailure)
                responder.respond(error.response)
            }
        }
    }

    /// The 201 of a new endpoint, with its secret.
    private static func created(_ endpoint: WebhookEndpoint) -> HTTPResponse {
        HTTPResponse.created(json: json(endpoint, now: endpoint.createdAt, withSecret: true), location: "\(collectionPattern)/\(endpoint.id)")
    }

    /// `PATCH /v1/webhooks/{id}`: 200 with the endpoint as changed (without its secret).
    func update(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let parsed = try WebhookChangeRequest(body: request.body)
        let change = WebhookOperations.Change(url: parsed.url, events: parsed.events, enabled: parsed.enabled)
        operations.update(id: request.pathParameters["id"] ?? "", change, by: caller) { [clock] result in
            responder.respond(Self.answer(result) { .json(Self.json($0, now: clock.now(), withSecret: false)) })
        }
    }

    /// `GET /v1/webhooks`: every endpoint, oldest first, without secrets.
    func list(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        operations.list(by: try OperatorCaller.of(request)) { [clock] result in
            let now = clock.now()
            responder.respond(Self.answer(result) { .json(.object([("webhooks", .array($0.map { Self.json($0, now: now, withSecret: false) }))])) })
        }
    }

    /// `GET /v1/webhooks/{id}`.
    func show(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        operations.get(id: request.pathParameters["id"] ?? "", by: try OperatorCaller.of(request)) { [clock] result in
            responder.respond(Self.answer(result) { .json(Self.json($0, now: clock.now(), withSecret: false)) })
        }
    }

    /// `DELETE /v1/webhooks/{id}`: 204.
    func delete(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        operations.delete(id: request.pathParameters["id"] ?? "", by: try OperatorCaller.of(request)) { result in
            switch result {
            case .success: responder.respond(HTTPResponse(status: .noContent))
            case .failure(let error): responder.respond(error.response)
            }
        }
    }

    /// `POST /v1/webhooks/{id}/rotate-secret`, optionally `{"overlapSeconds": N}` (0 to 7 days):
    /// a new secret; the old one keeps signing for the overlap (24 h by default).
    func rotate(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        var overlapSeconds: Int?
        if !request.body.isEmpty {
            let document = try JSONObjectBody(request.body, members: ["overlapSeconds"], example: #"{"overlapSeconds": 3600}"#,
                                              problem: WebhookProblems.badBody)
            if let value = document["overlapSeconds"] {
                guard case .number(let text) = value, let seconds = Int(text) else { throw WebhookOperations.overlapRefusal }
                overlapSeconds = seconds
            }
        }
        operations.rotate(id: request.pathParameters["id"] ?? "", overlapSeconds: overlapSeconds, by: caller) { [clock] result in
            responder.respond(Self.answer(result) { .json(Self.json($0, now: clock.now(), withSecret: true)) })
        }
    }

    /// `POST /v1/webhooks/{id}/test`: 202 `{"messageId"}`, a `webhook.test` event queued.
    func test(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        operations.test(id: request.pathParameters["id"] ?? "", by: try OperatorCaller.of(request)) { result in
            responder.respond(Self.answer(result) { .json(.object([("messageId", .string($0))]), status: Self.accepted) })
        }
    }

    /// `GET /v1/webhooks/{id}/deliveries?limit=N`: newest first.
    func deliveries(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let limit = try PageLimit.parse(request.queryItem("limit"), standard: Self.defaultPageSize, maximum: Self.maximumPageSize)
        operations.deliveries(id: request.pathParameters["id"] ?? "", limit: limit, by: caller) { result in
            responder.respond(Self.answer(result) { .json(.object([("deliveries", .array($0.1.map(Self.json)))])) })
        }
    }

    /// `POST /v1/webhooks/{id}/deliveries/{messageId}/replay`: 202, the same message queued again.
    func replay(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let messageID = request.pathParameters["messageId"] ?? ""
        operations.replay(id: request.pathParameters["id"] ?? "", messageID: messageID, by: try OperatorCaller.of(request)) { result in
            responder.respond(Self.answer(result) { .json(.object([("messageId", .string(messageID))]), status: Self.accepted) })
        }
    }

    // MARK: JSON

    /// An operation's answer: `success`'s response with `Cache-Control: no-store`, or its problem.
    private static func answer<Value>(_ result: Result<Value, OperationError>, _ success: (Value) -> HTTPResponse) -> HTTPResponse {
        switch result {
        case .success(let value):
            var response = success(value)
            response.headers.set("Cache-Control", "no-store")
            return response
        case .failure(let error):
            return error.response
        }
    }

    /// One endpoint. The secret only when just created or rotated.
    static func json(_ endpoint: WebhookEndpoint, now: Date, withSecret: Bool) -> JSONValue {
        func instant(_ date: Date?) -> JSONValue { date.map { .string(RFC3339.string($0)) } ?? .null }
        let overlapping = endpoint.signingSecrets(at: now).count > 1
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(endpoint.id)), ("url", .string(endpoint.url)), ("events", .array(endpoint.events.map { .string($0.rawValue) })),
            ("description", endpoint.description.map { .string($0) } ?? .null), ("createdAt", instant(endpoint.createdAt)),
            ("enabled", .bool(endpoint.disabledAt == nil)), ("disabledAt", instant(endpoint.disabledAt)),
            ("disabledReason", endpoint.disabledReason.map { .string($0) } ?? .null),
            ("droppedEvents", .number(String(endpoint.droppedEvents))),
            ("previousSecretExpiresAt", overlapping ? instant(endpoint.previousSecretExpiresAt) : .null),
        ]
        if withSecret { members.append(("secret", .string(endpoint.secret.text))) }
        return .object(members)
    }

    /// One delivery.
    static func json(_ delivery: WebhookDelivery) -> JSONValue {
        func instant(_ date: Date?) -> JSONValue { date.map { .string(RFC3339.string($0)) } ?? .null }
        return .object([
            ("messageId", .string(delivery.event.id)), ("type", .string(delivery.event.type.rawValue)),
            ("timestamp", instant(delivery.event.timestamp)), ("state", .string(delivery.state.rawValue)),
            ("attempts", .number(String(delivery.attempts))),
            ("nextAttemptAt", instant(delivery.state == .pending ? delivery.nextAttemptAt : nil)),
            ("lastAttemptAt", instant(delivery.lastAttemptAt)),
            ("lastStatus", delivery.lastStatus.map { .number(String($0)) } ?? .null),
            ("lastError", delivery.lastError.map { .string($0) } ?? .null),
        ])
    }
}
