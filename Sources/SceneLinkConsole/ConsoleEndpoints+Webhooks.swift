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
            var page = ConsolePage(title: ConsoleSection.webhooks.title, section: .webhooks, session: session)
            switch result {
            case .success(let endpoints) where endpoints.isEmpty:
                page.html.element("p", text: "No webhook endpoints yet.")
            case .success(let endpoints):
                Self.writeWebhookTable(endpoints, formToken: session.formToken, into: &page.html)
            case .failure(let error):
                page.html.element("p", text: "The endpoints could not be read: \(error.problem.detail)", attributes: ["class": "error"])
            }
            Self.writeWebhookForm(formToken: session.formToken, into: &page.html)
            responder.respond(page.response())
        }
    }

    private static func writeWebhookTable(_ endpoints: [WebhookEndpoint], formToken: String, into html: inout HTMLDocument) {
        html.table(caption: "Every endpoint, oldest first; a secret is shown only when it is made or rotated",
                   headings: ["URL", "Events", "Status", "Created", "Actions"]) { html in
            for endpoint in endpoints {
                html.element("tr") { html in
                    html.element("th", attributes: ["scope": "row"]) { html in
                        html.element("a", text: endpoint.url, attributes: ["href": "/console/webhooks/\(endpoint.id)"])
                    }
                    html.element("td", text: endpoint.events.map(\.rawValue).joined(separator: ", "))
                    html.element("td", text: (endpoint.disabledAt == nil ? "enabled" : "disabled: \(endpoint.disabledReason ?? "")")
                                 + (endpoint.droppedEvents > 0 ? "; \(endpoint.droppedEvents) events dropped (outbox full)" : ""))
                    html.element("td", text: RFC3339.string(endpoint.createdAt))
                    html.element("td") { html in
                        for (action, label) in [("rotate", "Rotate the secret"), ("test", "Send a test")] {
                            html.element("form", attributes: ["method": "post", "action": "/console/webhooks/\(endpoint.id)/\(action)"]) { html in
                                ConsolePage.formTokenField(formToken, into: &html)
                                html.element("button", text: label, attributes: ["type": "submit",
                                                                                 "aria-label": "\(label) of \(endpoint.url)"])
                            }
                        }
                    }
                }
            }
        }
    }

    private static func writeWebhookForm(formToken: String, into html: inout HTMLDocument) {
        html.element("h2", text: "Add an endpoint")
        html.element("form", attributes: ["method": "post", "action": ConsoleSection.webhooks.path]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "URL (https)", attributes: ["for": "webhook-url"])
            html.void(.input, attributes: ["type": "url", "id": "webhook-url", "name": "url", "required": "required"])
            html.element("label", text: "Description (optional)", attributes: ["for": "webhook-description"])
            html.void(.input, attributes: ["type": "text", "id": "webhook-description", "name": "description", "maxlength": "256"])
            writeEventChoices(checked: [], idPrefix: "event-", into: &html)
            html.element("button", text: "Add the endpoint", attributes: ["type": "submit"])
        }
    }

    /// The events fieldset: a checkbox (`events`) per event type an endpoint may take, `checked` ticked.
    private static func writeEventChoices(checked: [WebhookEventType], idPrefix: String, into html: inout HTMLDocument) {
        html.element("fieldset") { html in
            html.element("legend", text: "Events")
            for event in WebhookEventType.allCases where event != .webhookTest {
                let id = idPrefix + event.rawValue.replacingOccurrences(of: ".", with: "-").replacingOccurrences(of: "_", with: "-")
                var attributes: HTMLAttributes = ["type": "checkbox", "id": id, "name": "events", "value": event.rawValue]
                if checked.contains(event) { attributes.append("checked", "checked") }
                html.void(.input, attributes: attributes)
                html.element("label", text: event.rawValue, attributes: ["for": id])
            }
        }
    }

    /// The rotation form's choices of how long the old secret keeps signing: the `overlap` field's
    /// value in seconds, empty for the service's default (`defaultOverlap`, named in its label).
    private static func rotationOverlaps(defaultOverlap: Duration) -> [(seconds: String, label: String)] {
        let seconds = Int64(defaultOverlap.seconds)
        let named = switch seconds {
        case 3600: "1 hour"
        case let whole where whole % 3600 == 0: "\(whole / 3600) hours"
        default: "\(seconds) seconds"
        }
        return [("", "\(named) (the default)"), ("0", "No time: it stops now"), ("3600", "1 hour"), ("604800", "7 days")]
    }

    /// The form that changes an endpoint (URL, events, enabled), the one that rotates its secret
    /// with a chosen overlap, and the one that deletes it.
    private static func writeEndpointChanges(_ endpoint: WebhookEndpoint, defaultOverlap: Duration, formToken: String,
                                             into html: inout HTMLDocument) {
        let base = "/console/webhooks/\(endpoint.id)"
        html.element("h2", text: "Change the endpoint")
        html.element("form", attributes: ["method": "post", "action": base + "/edit"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "URL (https)", attributes: ["for": "edit-url"])
            html.void(.input, attributes: ["type": "url", "id": "edit-url", "name": "url", "value": endpoint.url, "required": "required"])
            writeEventChoices(checked: endpoint.events, idPrefix: "edit-event-", into: &html)
            html.element("p") { html in
                var enabled: HTMLAttributes = ["type": "checkbox", "id": "edit-enabled", "name": "enabled", "value": "yes"]
                if endpoint.disabledAt == nil { enabled.append("checked", "checked") }
                html.void(.input, attributes: enabled)
                html.element("label", text: "Enabled (untick to stop sending; tick to send again to an endpoint that was disabled)",
                             attributes: ["for": "edit-enabled"])
            }
            html.element("button", text: "Save the endpoint", attributes: ["type": "submit"])
        }

        html.element("h2", text: "Rotate the secret")
        html.element("form", attributes: ["method": "post", "action": base + "/rotate"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "The old secret keeps signing for", attributes: ["for": "rotate-overlap"])
            html.element("select", attributes: ["id": "rotate-overlap", "name": "overlap"]) { html in
                for (seconds, label) in rotationOverlaps(defaultOverlap: defaultOverlap) {
                    var attributes: HTMLAttributes = ["value": seconds]
                    if seconds.isEmpty { attributes.append("selected", "selected") }
                    html.element("option", text: label, attributes: attributes)
                }
            }
            html.element("p") { html in
                html.element("button", text: "Rotate the secret", attributes: ["type": "submit"])
            }
        }

        ConsolePage.deleteForm(heading: "Delete the endpoint", action: base + "/delete", boxID: "delete-confirm",
                               confirmation: "Yes, delete this endpoint and its deliveries: nothing is sent to it any more",
                               button: "Delete the endpoint", formToken: formToken, into: &html)
    }

    /// `GET /console/webhooks/{id}`: the endpoint's newest deliveries with state, attempts and the
    /// last answer, each with a replay button, and the button that sends a test.
    package func webhookDeliveries(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
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
            var page = ConsolePage(title: "Deliveries to \(endpoint.url)", section: .webhooks, session: session)
            page.html.element("p") { html in
                html.element("a", text: "All endpoints", attributes: ["href": ConsoleSection.webhooks.path])
            }
            page.html.element("form", attributes: ["method": "post", "action": "/console/webhooks/\(id)/test"]) { html in
                ConsolePage.formTokenField(session.formToken, into: &html)
                html.element("button", text: "Send a test", attributes: ["type": "submit"])
            }
            if deliveries.isEmpty {
                page.html.element("p", text: "No deliveries yet.")
            } else {
                Self.writeDeliveries(deliveries, endpointID: id, formToken: session.formToken, into: &page.html)
            }
            Self.writeEndpointChanges(endpoint, defaultOverlap: webhooks.configuration.rotationOverlap,
                                      formToken: session.formToken, into: &page.html)
            responder.respond(page.response())
        }
    }

    private static func writeDeliveries(_ deliveries: [WebhookDelivery], endpointID: String, formToken: String,
                                        into html: inout HTMLDocument) {
        html.table(caption: "The newest \(deliveriesShown) messages, newest first",
                   headings: ["Message", "Event", "State", "Attempts", "Last status", "Last error", "Last attempt", "Action"]) { html in
            for delivery in deliveries {
                html.element("tr") { html in
                    html.element("th", text: delivery.event.id, attributes: ["scope": "row"])
                    html.element("td", text: delivery.event.type.rawValue)
                    html.element("td", text: delivery.state.rawValue)
                    html.element("td", text: String(delivery.attempts), attributes: ["class": "number"])
                    html.element("td", text: delivery.lastStatus.map(String.init) ?? "")
                    html.element("td", text: delivery.lastError ?? "")
                    html.element("td", text: delivery.lastAttemptAt.map { RFC3339.string($0) } ?? "")
                    html.element("td") { html in
                        let replay = "/console/webhooks/\(endpointID)/deliveries/\(delivery.event.id)/replay"
                        html.element("form", attributes: ["method": "post", "action": replay]) { html in
                            ConsolePage.formTokenField(formToken, into: &html)
                            html.element("button", text: "Replay", attributes: ["type": "submit",
                                                                                "aria-label": "Replay the message \(delivery.event.id)"])
                        }
                    }
                }
            }
        }
    }

    // MARK: - Changes, through the webhook operations

    /// A page that shows a webhook secret this once.
    private func secretPage(title: String, url: String, secret: String, session: ConsoleSession, status: HTTPStatus) -> HTTPResponse {
        var page = ConsolePage(title: title, section: .webhooks, session: session)
        page.html.element("p", text: "The signing secret of \(url). Copy it now: it is shown this once.")
        page.html.element("p", text: secret, attributes: ["class": "secret", "id": "webhook-secret"])
        page.html.element("p") { html in
            html.element("a", text: "Back to the webhooks", attributes: ["href": ConsoleSection.webhooks.path])
        }
        return page.response(status: status)
    }

    /// The form's `events` boxes as the API's `events` member.
    private static func events(_ form: ConsoleForm) -> JSONValue {
        .array(form.values(named: "events").map { .string($0) })
    }

    /// `POST /console/webhooks` (`url`, `events`…, `description`): read by the API's own rules
    /// (`WebhookRequest`), then `WebhookOperations.create`; the page shows the secret once.
    package func createWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        var members: [(key: String, value: JSONValue)] = [("url", .string(form["url"] ?? "")), ("events", Self.events(form))]
        if let description = form["description"], !description.isEmpty { members.append(("description", .string(description))) }
        let parsed: WebhookRequest
        do {
            parsed = try WebhookRequest(document: .object(members))
        } catch {
            return responder.respond(Self.notice(OperationError(error), title: "Endpoint not added"))
        }
        let new = WebhookOperations.NewEndpoint(url: parsed.url, events: parsed.events, description: parsed.description)
        webhooks.create(new, by: caller) { [self] result in
            switch result {
            case .success(let endpoint):
                responder.respond(secretPage(title: "Endpoint added", url: endpoint.url, secret: endpoint.secret.text, session: session,
                                             status: .created))
            case .failure(let error):
                responder.respond(Self.notice(error, title: "Endpoint not added"))
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
        webhooks.rotate(id: request.pathParameters["id"] ?? "", overlapSeconds: overlapSeconds, by: caller) { [self] result in
            switch result {
            case .success(let endpoint):
                responder.respond(secretPage(title: "Secret rotated", url: endpoint.url, secret: endpoint.secret.text, session: session,
                                             status: .ok))
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
            case .success: responder.respond(ConsoleHeaders.redirect(to: "/console/webhooks/\(id)"))
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
            case .success: responder.respond(ConsoleHeaders.redirect(to: "/console/webhooks/\(id)"))
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
        guard let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let parsed: WebhookChangeRequest
        do {
            parsed = try WebhookChangeRequest(document: .object([
                ("url", .string(form["url"] ?? "")), ("events", Self.events(form)), ("enabled", .bool(form["enabled"] == "yes")),
            ]))
        } catch {
            return responder.respond(Self.notice(OperationError(error), title: "Endpoint not changed"))
        }
        let change = WebhookOperations.Change(url: parsed.url, events: parsed.events, enabled: parsed.enabled)
        webhooks.update(id: id, change, by: caller) { result in
            switch result {
            case .success: responder.respond(ConsoleHeaders.redirect(to: "/console/webhooks/\(id)"))
            case .failure(let error): responder.respond(Self.notice(error, title: "Endpoint not changed"))
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
            return responder.respond(ConsolePage.notice(status: .badRequest, title: "Endpoint not deleted",
                                                        detail: "Tick the box that confirms the deletion; nothing was deleted."))
        }
        guard let caller = OperatorCaller(request) else { return }
        webhooks.delete(id: id, by: caller) { result in
            switch result {
            case .success: responder.respond(ConsoleHeaders.redirect(to: ConsoleSection.webhooks.path))
            case .failure(let error): responder.respond(Self.notice(error, title: "Endpoint not deleted"))
            }
        }
    }
}
