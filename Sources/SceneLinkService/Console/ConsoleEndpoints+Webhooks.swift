import Foundation
import SceneLinkCore
import SceneLinkNetwork
import SceneLinkHTTP
import SceneLinkText

extension ConsoleEndpoints {
    static let webhookPattern = "/console/webhooks/{id}"
    static let webhookRotatePattern = "/console/webhooks/{id}/rotate"
    static let webhookTestPattern = "/console/webhooks/{id}/test"
    static let webhookReplayPattern = "/console/webhooks/{id}/deliveries/{messageId}/replay"
    static let webhookEditPattern = "/console/webhooks/{id}/edit"
    static let webhookDeletePattern = "/console/webhooks/{id}/delete"
    /// Deliveries one endpoint's page lists, newest first.
    static let deliveriesShown = 50

    /// `GET /console/webhooks`: every endpoint (URL, events, enabled or why not), with buttons to
    /// rotate its secret and send a test, and the form that makes one.
    func webhookList(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        webhooks.store.webhookEndpoints { result in
            var page = ConsolePage(title: ConsoleSection.webhooks.title, section: .webhooks, session: session)
            switch result {
            case .success(let endpoints) where endpoints.isEmpty:
                page.html.element("p", text: "No webhook endpoints yet.")
            case .success(let endpoints):
                Self.writeWebhookTable(endpoints, formToken: session.formToken, into: &page.html)
            case .failure(let error):
                page.html.element("p", text: "The endpoints could not be read: \(error.description)", attributes: [(name: "class", value: "error")])
            }
            Self.writeWebhookForm(formToken: session.formToken, into: &page.html)
            responder.respond(page.response())
        }
    }

    private static func writeWebhookTable(_ endpoints: [WebhookEndpoint], formToken: String, into html: inout HTMLDocument) {
        html.openTable(caption: "Every endpoint, oldest first; a secret is shown only when it is made or rotated",
                       headings: ["URL", "Events", "Status", "Created", "Actions"])
        for endpoint in endpoints {
            html.open("tr")
            html.open("th", attributes: [(name: "scope", value: "row")])
            html.element("a", text: endpoint.url, attributes: [(name: "href", value: "/console/webhooks/\(endpoint.id)")])
            html.close("th")
            html.element("td", text: endpoint.events.map(\.rawValue).joined(separator: ", "))
            html.element("td", text: endpoint.disabledAt == nil ? "enabled" : "disabled: \(endpoint.disabledReason ?? "")")
            html.element("td", text: RFC3339.string(endpoint.createdAt))
            html.open("td")
            for (action, label) in [("rotate", "Rotate the secret"), ("test", "Send a test")] {
                html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: "/console/webhooks/\(endpoint.id)/\(action)")])
                ConsolePage.formTokenField(formToken, into: &html)
                html.element("button", text: label, attributes: [(name: "type", value: "submit"),
                                                                 (name: "aria-label", value: "\(label) of \(endpoint.url)")])
                html.close("form")
            }
            html.close("td")
            html.close("tr")
        }
        html.closeTable()
    }

    private static func writeWebhookForm(formToken: String, into html: inout HTMLDocument) {
        html.element("h2", text: "Add an endpoint")
        html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: ConsoleSection.webhooks.path)])
        ConsolePage.formTokenField(formToken, into: &html)
        html.element("label", text: "URL (https)", attributes: [(name: "for", value: "webhook-url")])
        html.open("input", attributes: [(name: "type", value: "url"), (name: "id", value: "webhook-url"), (name: "name", value: "url"),
                                        (name: "required", value: "required")])
        html.element("label", text: "Description (optional)", attributes: [(name: "for", value: "webhook-description")])
        html.open("input", attributes: [(name: "type", value: "text"), (name: "id", value: "webhook-description"),
                                        (name: "name", value: "description"), (name: "maxlength", value: "256")])
        writeEventChoices(checked: [], idPrefix: "event-", into: &html)
        html.element("button", text: "Add the endpoint", attributes: [(name: "type", value: "submit")])
        html.close("form")
    }

    /// The events fieldset: a checkbox (`events`) per event type an endpoint may take, `checked` ticked.
    private static func writeEventChoices(checked: [WebhookEventType], idPrefix: String, into html: inout HTMLDocument) {
        html.open("fieldset")
        html.element("legend", text: "Events")
        for event in WebhookEventType.allCases where event != .webhookTest {
            let id = idPrefix + event.rawValue.replacingOccurrences(of: ".", with: "-").replacingOccurrences(of: "_", with: "-")
            var attributes: [(name: StaticString, value: String)] = [(name: "type", value: "checkbox"), (name: "id", value: id),
                                                                     (name: "name", value: "events"), (name: "value", value: event.rawValue)]
            if checked.contains(event) { attributes.append((name: "checked", value: "checked")) }
            html.open("input", attributes: attributes)
            html.element("label", text: event.rawValue, attributes: [(name: "for", value: id)])
        }
        html.close("fieldset")
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
        html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: base + "/edit")])
        ConsolePage.formTokenField(formToken, into: &html)
        html.element("label", text: "URL (https)", attributes: [(name: "for", value: "edit-url")])
        html.open("input", attributes: [(name: "type", value: "url"), (name: "id", value: "edit-url"), (name: "name", value: "url"),
                                        (name: "value", value: endpoint.url), (name: "required", value: "required")])
        writeEventChoices(checked: endpoint.events, idPrefix: "edit-event-", into: &html)
        html.open("p")
        var enabled: [(name: StaticString, value: String)] = [(name: "type", value: "checkbox"), (name: "id", value: "edit-enabled"),
                                                              (name: "name", value: "enabled"), (name: "value", value: "yes")]
        if endpoint.disabledAt == nil { enabled.append((name: "checked", value: "checked")) }
        html.open("input", attributes: enabled)
        html.element("label", text: "Enabled (untick to stop sending; tick to send again to an endpoint that was disabled)",
                     attributes: [(name: "for", value: "edit-enabled")])
        html.close("p")
        html.element("button", text: "Save the endpoint", attributes: [(name: "type", value: "submit")])
        html.close("form")

        html.element("h2", text: "Rotate the secret")
        html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: base + "/rotate")])
        ConsolePage.formTokenField(formToken, into: &html)
        html.element("label", text: "The old secret keeps signing for", attributes: [(name: "for", value: "rotate-overlap")])
        html.open("select", attributes: [(name: "id", value: "rotate-overlap"), (name: "name", value: "overlap")])
        for (seconds, label) in rotationOverlaps(defaultOverlap: defaultOverlap) {
            var attributes: [(name: StaticString, value: String)] = [(name: "value", value: seconds)]
            if seconds.isEmpty { attributes.append((name: "selected", value: "selected")) }
            html.element("option", text: label, attributes: attributes)
        }
        html.close("select")
        html.open("p")
        html.element("button", text: "Rotate the secret", attributes: [(name: "type", value: "submit")])
        html.close("p")
        html.close("form")

        ConsolePage.deleteForm(heading: "Delete the endpoint", action: base + "/delete", boxID: "delete-confirm",
                               confirmation: "Yes, delete this endpoint and its deliveries: nothing is sent to it any more",
                               button: "Delete the endpoint", formToken: formToken, into: &html)
    }

    /// `GET /console/webhooks/{id}`: the endpoint's newest deliveries with state, attempts and the
    /// last answer, each with a replay button, and the button that sends a test.
    func webhookDeliveries(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let id = request.pathParameters["id"] ?? ""
        webhooks.store.webhookEndpoint(id: id) { [webhooks] result in
            guard case .success(let endpoint?) = result else {
                return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint",
                                                            detail: "No webhook endpoint has this id."))
            }
            webhooks.store.webhookDeliveries(endpointID: id, limit: Self.deliveriesShown) { deliveries in
                var page = ConsolePage(title: "Deliveries to \(endpoint.url)", section: .webhooks, session: session)
                page.html.open("p")
                page.html.element("a", text: "All endpoints", attributes: [(name: "href", value: ConsoleSection.webhooks.path)])
                page.html.close("p")
                page.html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: "/console/webhooks/\(id)/test")])
                ConsolePage.formTokenField(session.formToken, into: &page.html)
                page.html.element("button", text: "Send a test", attributes: [(name: "type", value: "submit")])
                page.html.close("form")
                switch deliveries {
                case .success(let deliveries) where deliveries.isEmpty:
                    page.html.element("p", text: "No deliveries yet.")
                case .success(let deliveries):
                    Self.writeDeliveries(deliveries, endpointID: id, formToken: session.formToken, into: &page.html)
                case .failure(let error):
                    page.html.element("p", text: "The deliveries could not be read: \(error.description)",
                                      attributes: [(name: "class", value: "error")])
                }
                Self.writeEndpointChanges(endpoint, defaultOverlap: webhooks.configuration.rotationOverlap, formToken: session.formToken,
                                           into: &page.html)
                responder.respond(page.response())
            }
        }
    }

    private static func writeDeliveries(_ deliveries: [WebhookDelivery], endpointID: String, formToken: String,
                                        into html: inout HTMLDocument) {
        html.openTable(caption: "The newest \(deliveriesShown) messages, newest first",
                       headings: ["Message", "Event", "State", "Attempts", "Last status", "Last error", "Last attempt", "Action"])
        for delivery in deliveries {
            html.open("tr")
            html.element("th", text: delivery.event.id, attributes: [(name: "scope", value: "row")])
            html.element("td", text: delivery.event.type.rawValue)
            html.element("td", text: delivery.state.rawValue)
            html.element("td", text: String(delivery.attempts), attributes: [(name: "class", value: "number")])
            html.element("td", text: delivery.lastStatus.map(String.init) ?? "")
            html.element("td", text: delivery.lastError ?? "")
            html.element("td", text: delivery.lastAttemptAt.map { RFC3339.string($0) } ?? "")
            html.open("td")
            html.open("form", attributes: [(name: "method", value: "post"),
                                           (name: "action", value: "/console/webhooks/\(endpointID)/deliveries/\(delivery.event.id)/replay")])
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("button", text: "Replay", attributes: [(name: "type", value: "submit"),
                                                                (name: "aria-label", value: "Replay the message \(delivery.event.id)")])
            html.close("form")
            html.close("td")
            html.close("tr")
        }
        html.closeTable()
    }

    // MARK: - Changes, through the webhook API's own handlers

    /// Runs one of the webhook API's handlers for a console change (`callAPI`, with the console
    /// request's own method and target): `body` as JSON and `parameters` as the path's, so the
    /// change is checked and audited exactly as through the API; `completion` gets its answer.
    private func callWebhookAPI(_ handler: (WebhookEndpoints) -> (HTTPRequest, HTTPResponder) throws -> Void, _ request: HTTPRequest,
                                body: String = "", parameters: [String: String] = [:],
                                completion: @escaping @Sendable (HTTPResponse) -> Void) {
        callAPI(webhooks, handler, request, method: request.method, target: request.target,
                fields: body.isEmpty ? [:] : ["Content-Type": "application/json"], body: body, parameters: parameters,
                completion: completion)
    }

    /// The sentence of an API's problem answer, for a console page.
    private static func problemDetail(_ response: HTTPResponse) -> String {
        (try? JSONParser.parse(response.body))?["detail"]?.stringValue ?? "The change failed (\(response.status.code))."
    }

    /// A page that shows a webhook secret this once.
    private func secretPage(title: String, url: String, secret: String, session: ConsoleSession, status: HTTPStatus) -> HTTPResponse {
        var page = ConsolePage(title: title, section: .webhooks, session: session)
        page.html.element("p", text: "The signing secret of \(url). Copy it now: it is shown this once.")
        page.html.element("p", text: secret, attributes: [(name: "class", value: "secret"), (name: "id", value: "webhook-secret")])
        page.html.open("p")
        page.html.element("a", text: "Back to the webhooks", attributes: [(name: "href", value: ConsoleSection.webhooks.path)])
        page.html.close("p")
        return page.response(status: status)
    }

    /// `POST /console/webhooks` (`url`, `events`…, `description`): as `POST /v1/webhooks`; the
    /// page shows the secret once.
    func createWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let form = ConsoleForm(body: request.body)
        var body = "{\"url\":\(JSONEscaping.quote(form["url"] ?? "")),"
        body += "\"events\":[\(form.values(named: "events").map(JSONEscaping.quote).joined(separator: ","))]"
        if let description = form["description"], !description.isEmpty { body += ",\"description\":\(JSONEscaping.quote(description))" }
        body += "}"
        callWebhookAPI({ $0.create }, request, body: body) { [self] answer in
            guard answer.status.code == 201, let document = try? JSONParser.parse(answer.body),
                  let secret = document["secret"]?.stringValue else {
                return responder.respond(ConsolePage.notice(status: answer.status, title: "Endpoint not added",
                                                            detail: Self.problemDetail(answer)))
            }
            responder.respond(secretPage(title: "Endpoint added", url: document["url"]?.stringValue ?? "", secret: secret,
                                         session: session, status: .created))
        }
    }

    /// `POST /console/webhooks/{id}/rotate` (`overlap`: seconds the old secret keeps signing,
    /// absent or empty for the default): as `POST /v1/webhooks/{id}/rotate-secret`, which checks
    /// the overlap and says what to fix; the page shows the new secret once.
    func rotateWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let id = request.pathParameters["id"] ?? ""
        var body = ""
        if let overlap = ConsoleForm(body: request.body)["overlap"], !overlap.isEmpty {
            // Digits go as a number; anything else as text, which the API refuses with its sentence.
            let isNumber = overlap.utf8.count <= 9 && overlap.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            body = "{\"overlapSeconds\":\(isNumber ? overlap : JSONEscaping.quote(overlap))}"
        }
        callWebhookAPI({ $0.rotate }, request, body: body, parameters: ["id": id]) { [self] answer in
            guard answer.status.code == 200, let document = try? JSONParser.parse(answer.body),
                  let secret = document["secret"]?.stringValue else {
                return responder.respond(ConsolePage.notice(status: answer.status, title: "Secret not rotated",
                                                            detail: Self.problemDetail(answer)))
            }
            responder.respond(secretPage(title: "Secret rotated", url: document["url"]?.stringValue ?? "", secret: secret,
                                         session: session, status: .ok))
        }
    }

    /// Whether `text` may stand in a path the console redirects to: an endpoint's or message's
    /// id is letters, digits, `_` and `-` (nothing a `Location` field could be split by).
    static func isPlainID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 128 && text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-")
        }
    }

    /// `POST /console/webhooks/{id}/test`: as `POST /v1/webhooks/{id}/test`; 303 to its deliveries.
    func testWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        guard Self.isPlainID(id) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint", detail: "No webhook endpoint has this id."))
        }
        callWebhookAPI({ $0.test }, request, parameters: ["id": id]) { answer in
            guard answer.status.code == 202 else {
                return responder.respond(ConsolePage.notice(status: answer.status, title: "Test not sent", detail: Self.problemDetail(answer)))
            }
            responder.respond(ConsoleHeaders.redirect(to: "/console/webhooks/\(id)"))
        }
    }

    /// `POST /console/webhooks/{id}/deliveries/{messageId}/replay`: as the API's replay; 303 back.
    func replayWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? "", messageID = request.pathParameters["messageId"] ?? ""
        guard Self.isPlainID(id), Self.isPlainID(messageID) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such message", detail: "No webhook message has this id."))
        }
        callWebhookAPI({ $0.replay }, request, parameters: ["id": id, "messageId": messageID]) { answer in
            guard answer.status.code == 202 else {
                return responder.respond(ConsolePage.notice(status: answer.status, title: "Not replayed", detail: Self.problemDetail(answer)))
            }
            responder.respond(ConsoleHeaders.redirect(to: "/console/webhooks/\(id)"))
        }
    }

    /// `POST /console/webhooks/{id}/edit` (`url`, `events`…, `enabled=yes` or absent): as
    /// `PATCH /v1/webhooks/{id}`, so the target checks and the audit entry are the API's; 303 to
    /// the endpoint's page, or a page with the API's sentence.
    func editWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        guard Self.isPlainID(id) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint", detail: "No webhook endpoint has this id."))
        }
        let form = ConsoleForm(body: request.body)
        var body = "{\"url\":\(JSONEscaping.quote(form["url"] ?? "")),"
        body += "\"events\":[\(form.values(named: "events").map(JSONEscaping.quote).joined(separator: ","))],"
        body += "\"enabled\":\(form["enabled"] == "yes")}"
        callWebhookAPI({ $0.update }, request, body: body, parameters: ["id": id]) { answer in
            guard answer.status.code == 200 else {
                return responder.respond(ConsolePage.notice(status: answer.status, title: "Endpoint not changed", detail: Self.problemDetail(answer)))
            }
            responder.respond(ConsoleHeaders.redirect(to: "/console/webhooks/\(id)"))
        }
    }

    /// `POST /console/webhooks/{id}/delete` (`confirm=yes`): as `DELETE /v1/webhooks/{id}`; 303
    /// to the endpoints. Without the confirmation, a page saying so (400) and nothing deleted.
    func deleteWebhook(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        guard Self.isPlainID(id) else {
            return responder.respond(ConsolePage.notice(status: .notFound, title: "No such endpoint", detail: "No webhook endpoint has this id."))
        }
        guard ConsoleForm(body: request.body)["confirm"] == "yes" else {
            return responder.respond(ConsolePage.notice(status: .badRequest, title: "Endpoint not deleted",
                                                        detail: "Tick the box that confirms the deletion; nothing was deleted."))
        }
        callWebhookAPI({ $0.delete }, request, parameters: ["id": id]) { answer in
            guard answer.status.code == 204 else {
                return responder.respond(ConsolePage.notice(status: answer.status, title: "Endpoint not deleted", detail: Self.problemDetail(answer)))
            }
            responder.respond(ConsoleHeaders.redirect(to: ConsoleSection.webhooks.path))
        }
    }
}
