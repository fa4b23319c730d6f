import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkNetwork
import SceneLinkOperations

extension ConsoleEndpoints {
    package static let webhookPattern = "/console/webhooks/{id}"
    package static let webhookRotatePattern = "/console/webhooks/{id}/rotate"
    package static let webhookTestPattern = "/console/webhooks/{id}/test"
    package static let webhookReplayPattern = "/console/webhooks/{id}/deliveries/{messageId}/replay"
    package static let webhookEditPattern = "/console/webhooks/{id}/edit"
    package static let webhookDeletePattern = "/console/webhooks/{id}/delete"
    /// Deliveries one endpoint's page lists, newest first.
    package static let deliveriesShown = 50

    /// `GET /console/webhooks`: every endpoint (URL, events, enabled or why not), with buttons to
    /// rotate its secret and send a test, and the form that makes one.
    package func webhookList(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        webhooks.list(by: caller) { result in
            responder.respond(ConsoleWebhooksView(result, formToken: session.formToken)
                .response(session: session, banner: ConsoleBanner(query: request.queryItem)))
        }
    }

    /// `GET /console/webhooks/{id}`: the endpoint's newest deliveries with state, attempts and the
    /// last answer, each with a replay button, and the button that sends a test.
    package func webhookDeliveries(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        showWebhook(request, session: session, banner: ConsoleBanner(query: request.queryItem), responder)
    }

    /// The endpoint's page with a change's `banner`, or with a refused change (`refusal`, or a
    /// deletion without its box: `deleteRefusal`) and `status`.
    private func showWebhook(_ request: HTTPRequest, session: ConsoleSession, banner: ConsoleBanner? = nil,
                             refusal: ConsoleWebhookView.Refusal? = nil, deleteRefusal: ConsoleFieldError? = nil, status: HTTPStatus = .ok,
                             _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        let id = request.pathParameters["id"] ?? ""
        webhooks.deliveries(id: id, limit: Self.deliveriesShown, by: caller) { [webhooks] result in
            let endpoint: WebhookEndpoint, deliveries: [WebhookDelivery]
            switch result {
            case .success(let found): (endpoint, deliveries) = found
            case .failure(let error) where error.problem.status.code == 404:
                return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint",
                                                            detail: "No webhook endpoint has this id."))
            case .failure(let error):
                return responder.respond(Self.notice(error, title: "Deliveries not read"))
            }
            let view = ConsoleWebhookView(id: id, endpoint: endpoint, deliveries: deliveries,
                                          defaultOverlap: webhooks.configuration.rotationOverlap, formToken: session.formToken,
                                          refusal: refusal, deleteRefusal: deleteRefusal, status: status)
            responder.respond(view.response(session: session, banner: banner))
        }
    }

    // MARK: - Changes, through the webhook operations

    /// The form's `events` boxes as the API's `events` member.
    private static func events(_ form: ConsoleForm) -> JSONValue {
        .array(form.values(named: "events").map { .string($0) })
    }

    /// `POST /console/webhooks` (`url`, `events`…, `description`): read by the API's own rules
    /// (`WebhookRequest`), then `WebhookOperations.create`; the page shows the secret once. A
    /// refusal is the Webhooks page again with the operation's status, what was entered, and the
    /// sentence beside the field it is about and in the error summary.
    package func createWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let refuse: @Sendable (OperationError) -> Void = { [webhooks] error in
            let sentence = error.problem.detail
            let refusal = ConsoleWebhooksView.Refusal(
                url: String((form["url"] ?? "").prefix(2048)), description: String((form["description"] ?? "").prefix(256)),
                events: form.values(named: "events").compactMap(WebhookEventType.init(rawValue:)),
                error: ConsoleFieldError(fieldID: ConsoleWebhooksView.fieldID(for: sentence), message: sentence))
            webhooks.list(by: caller) { result in
                responder.respond(ConsoleWebhooksView(result, formToken: session.formToken, refusal: refusal, status: error.problem.status)
                    .response(session: session))
            }
        }
        var members: [(key: String, value: JSONValue)] = [("url", .string(form["url"] ?? "")), ("events", Self.events(form))]
        if let description = form["description"], !description.isEmpty { members.append(("description", .string(description))) }
        let parsed: WebhookRequest
        do {
            parsed = try WebhookRequest(document: .object(members))
        } catch {
            return refuse(OperationError(error))
        }
        let new = WebhookOperations.NewEndpoint(url: parsed.url, events: parsed.events, description: parsed.description)
        webhooks.create(new, by: caller) { result in
            switch result {
            case .success(let endpoint):
                responder.respond(ConsoleWebhookSecretView(title: "Endpoint added", endpoint: endpoint, status: .created).response(session: session, banner: ConsoleBanner(.webhookCreated)))
            case .failure(let error):
                refuse(error)
            }
        }
    }

    /// `POST /console/webhooks/{id}/rotate` (`overlap`: seconds the old secret keeps signing,
    /// absent or empty for the default): `WebhookOperations.rotate`, which checks the overlap and
    /// says what to fix; the page shows the new secret once.
    package func rotateWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        var overlapSeconds: Int?
        if let overlap = ConsoleForm(body: request.body)["overlap"], !overlap.isEmpty {
            guard overlap.utf8.count <= 9, let seconds = Int(overlap) else {
                return responder.respond(Self.notice(OperationError(WebhookOperations.overlapRefusal), title: "Secret not rotated"))
            }
            overlapSeconds = seconds
        }
        webhooks.rotate(id: request.pathParameters["id"] ?? "", overlapSeconds: overlapSeconds, by: caller) { result in
            switch result {
            case .success(let endpoint):
                responder.respond(ConsoleWebhookSecretView(title: "Secret rotated", endpoint: endpoint, status: .ok)
                    .response(session: session, banner: ConsoleBanner(.webhookSecretRotated)))
            case .failure(let error):
                responder.respond(Self.notice(error, title: "Secret not rotated"))
            }
        }
    }

    /// Whether `text` may stand in a path the console redirects to: an endpoint's or message's
    /// id is letters, digits, `_` and `-` (nothing a `Location` field could be split by).
    package static func isPlainID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 128 && text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-")
        }
    }

    /// `POST /console/webhooks/{id}/test`: `WebhookOperations.test`; 303 to its deliveries.
    package func testWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        guard Self.isPlainID(id) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint", detail: "No webhook endpoint has this id."))
        }
        guard let caller = OperatorCaller(request) else { return }
        webhooks.test(id: id, by: caller) { result in
            switch result {
            case .success: responder.respond(ConsoleHeaders.redirect(to: ConsoleBanner(.webhookTestSent).redirect(to: "/console/webhooks/\(id)")))
            case .failure(let error): responder.respond(Self.notice(error, title: "Test not sent"))
            }
        }
    }

    /// `POST /console/webhooks/{id}/deliveries/{messageId}/replay`: `WebhookOperations.replay`; 303 back.
    package func replayWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? "", messageID = request.pathParameters["messageId"] ?? ""
        guard Self.isPlainID(id), Self.isPlainID(messageID) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such message", detail: "No webhook message has this id."))
        }
        guard let caller = OperatorCaller(request) else { return }
        webhooks.replay(id: id, messageID: messageID, by: caller) { result in
            switch result {
            case .success:
                let banner = ConsoleBanner(.webhookReplayed, subject: messageID)
                responder.respond(ConsoleHeaders.redirect(to: banner.redirect(to: "/console/webhooks/\(id)")))
            case .failure(let error): responder.respond(Self.notice(error, title: "Not replayed"))
            }
        }
    }

    /// `POST /console/webhooks/{id}/edit` (`url`, `events`…, `enabled=yes` or absent): read by the
    /// API's own rules (`WebhookChangeRequest`), then `WebhookOperations.update` (the target checks
    /// and the audit entry); 303 to the endpoint's page, or a page with the operation's sentence.
    package func editWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        guard Self.isPlainID(id) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint", detail: "No webhook endpoint has this id."))
        }
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let refuse: @Sendable (OperationError) -> Void = { [self] error in
            let sentence = error.problem.detail
            let refusal = ConsoleWebhookView.Refusal(
                url: String((form["url"] ?? "").prefix(2048)), events: form.values(named: "events").compactMap(WebhookEventType.init(rawValue:)),
                isEnabled: form["enabled"] == "yes", error: ConsoleFieldError(fieldID: ConsoleWebhookView.fieldID(for: sentence), message: sentence))
            showWebhook(request, session: session, refusal: refusal, status: error.problem.status, responder)
        }
        let parsed: WebhookChangeRequest
        do {
            parsed = try WebhookChangeRequest(document: .object([
                ("url", .string(form["url"] ?? "")), ("events", Self.events(form)), ("enabled", .bool(form["enabled"] == "yes")),
            ]))
        } catch {
            return refuse(OperationError(error))
        }
        let change = WebhookOperations.Change(url: parsed.url, events: parsed.events, enabled: parsed.enabled)
        webhooks.update(id: id, change, by: caller) { result in
            switch result {
            case .success: responder.respond(ConsoleHeaders.redirect(to: ConsoleBanner(.webhookChanged).redirect(to: "/console/webhooks/\(id)")))
            case .failure(let error) where error.problem.status.code == 404: responder.respond(Self.notice(error, title: "Endpoint not changed"))
            case .failure(let error): refuse(error)
            }
        }
    }

    /// `POST /console/webhooks/{id}/delete` (`confirm=yes`): `WebhookOperations.delete`; 303 to
    /// the endpoints. Without the confirmation, a page saying so (400) and nothing deleted.
    package func deleteWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        guard Self.isPlainID(id) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint", detail: "No webhook endpoint has this id."))
        }
        guard ConsoleForm(body: request.body)["confirm"] == "yes" else {
            guard let session = session(of: request, responder) else { return }
            let error = ConsoleFieldError(fieldID: "delete-confirm", message: "Tick the box that confirms the deletion; nothing was deleted.")
            return showWebhook(request, session: session, deleteRefusal: error, status: .badRequest, responder)
        }
        guard let caller = OperatorCaller(request) else { return }
        webhooks.delete(id: id, by: caller) { result in
            switch result {
            case .success: responder.respond(ConsoleHeaders.redirect(to: ConsoleBanner(.webhookDeleted).redirect(to: ConsoleSection.webhooks.path)))
            case .failure(let error): responder.respond(Self.notice(error, title: "Endpoint not deleted"))
            }
        }
    }
}
