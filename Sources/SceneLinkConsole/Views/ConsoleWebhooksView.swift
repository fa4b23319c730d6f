import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The Webhooks page (`GET /console/webhooks`): every endpoint (URL, events, enabled or why
/// not, events dropped) with the buttons that rotate its secret and send a test, and the form
/// that adds one.
package struct ConsoleWebhooksView: ConsolePageView {
    /// One endpoint as its row shows it.
    package struct Endpoint: Sendable, Equatable {
        package let url: String
        /// Its deliveries' page, where its URL links.
        package let path: String
        package let events: String
        /// "enabled", or "disabled: REASON", and the events dropped when there were any.
        package let status: String
        package let created: String
    }

    /// The add form as a refused attempt left it: what was entered and why it was refused.
    package struct Refusal: Sendable, Equatable {
        package let url: String
        package let description: String
        package let events: [WebhookEventType]
        /// The sentence, as the field it is about.
        package let error: ConsoleFieldError
    }

    package var title: String { ConsoleSection.webhooks.title }
    package var section: ConsoleSection { .webhooks }
    package let status: HTTPStatus
    /// The refused add form; nil on a plain view.
    package let refusal: Refusal?
    package var errorSummary: ConsoleErrorSummary? { ConsoleErrorSummary(refusal.map { [$0.error] } ?? []) }
    /// The endpoints, oldest first, or why they could not be read.
    package let endpoints: Result<[Endpoint], ConsoleReadFailure>
    /// The token of the page's forms.
    package let formToken: String

    /// - Parameters:
    ///   - refusal: the add form as a refused attempt left it, shown with `status`; nil for a fresh form.
    package init(_ endpoints: Result<[WebhookEndpoint], OperationError>, formToken: String, refusal: Refusal? = nil,
                 status: HTTPStatus = .ok) {
        self.endpoints = endpoints.map { $0.map(Self.endpoint) }.mapError { ConsoleReadFailure(message: $0.problem.detail) }
        self.formToken = formToken
        self.refusal = refusal
        self.status = status
    }

    /// The events a form offers (every type but the test's), in order.
    package static let offeredEvents = WebhookEventType.allCases.filter { $0 != .webhookTest }

    /// The `id` of an event's box on a form whose ids start with `idPrefix`.
    package static func boxID(_ event: WebhookEventType, idPrefix: String) -> String {
        idPrefix + event.rawValue.replacingOccurrences(of: ".", with: "-").replacingOccurrences(of: "_", with: "-")
    }

    /// The field of the add form a refusal's sentence is about: the events (their first box)
    /// when it names them, the description when it names it, else the URL.
    package static func fieldID(for sentence: String) -> String {
        let lowered = sentence.lowercased()
        if lowered.contains("event"), let first = offeredEvents.first { return boxID(first, idPrefix: "event-") }
        if lowered.contains("description") { return "webhook-description" }
        return "webhook-url"
    }

    private static func endpoint(_ endpoint: WebhookEndpoint) -> Endpoint {
        Endpoint(url: endpoint.url, path: "/console/webhooks/\(endpoint.id)", events: endpoint.events.map(\.rawValue).joined(separator: ", "),
                 status: (endpoint.disabledAt == nil ? "enabled" : "disabled: \(endpoint.disabledReason ?? "")")
                     + (endpoint.droppedEvents > 0 ? "; \(endpoint.droppedEvents) events dropped (outbox full)" : ""),
                 created: RFC3339.string(endpoint.createdAt))
    }

    package func write(into html: inout HTMLDocument) {
        switch endpoints {
        case .success(let endpoints) where endpoints.isEmpty:
            html.element("p", text: "No webhook endpoints yet.")
        case .success(let endpoints):
            writeTable(endpoints, into: &html)
        case .failure(let failure):
            html.element("p", text: "The endpoints could not be read: \(failure.message)", attributes: ["class": "error"])
        }
        html.element("h2", text: "Add an endpoint")
        html.element("form", attributes: ["method": "post", "action": ConsoleSection.webhooks.path]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            let error = refusal?.error
            func refused(_ id: String, into html: inout HTMLDocument) -> HTMLAttributes {
                guard let error, error.fieldID == id else { return [:] }
                error.write(into: &html)
                return error.fieldAttributes
            }
            html.element("label", text: "URL (https)", attributes: ["for": "webhook-url"])
            let urlRefused = refused("webhook-url", into: &html)
            html.void(.input, attributes: ["type": "url", "id": "webhook-url", "name": "url", "value": refusal?.url ?? "", "required": "required"]
                      + urlRefused)
            html.element("label", text: "Description (optional)", attributes: ["for": "webhook-description"])
            let descriptionRefused = refused("webhook-description", into: &html)
            html.void(.input, attributes: ["type": "text", "id": "webhook-description", "name": "description", "value": refusal?.description ?? "",
                                           "maxlength": "256"] + descriptionRefused)
            let eventsError = error.flatMap { $0.fieldID.hasPrefix("event-") ? $0 : nil }
            Self.writeEventChoices(checked: refusal?.events ?? [], idPrefix: "event-", error: eventsError, into: &html)
            html.element("button", text: "Add the endpoint", attributes: ["type": "submit"])
        }
    }

    private func writeTable(_ endpoints: [Endpoint], into html: inout HTMLDocument) {
        html.consoleTable(caption: "Every endpoint, oldest first; a secret is shown only when it is made or rotated",
                   headings: ["URL", "Events", "Status", "Created", "Actions"]) { html in
            for endpoint in endpoints {
                html.element("tr") { html in
                    html.element("th", attributes: ["scope": "row"]) { html in
                        html.element("a", text: endpoint.url, attributes: ["href": endpoint.path])
                    }
                    html.element("td", text: endpoint.events)
                    html.statusCell(endpoint.status, tone: endpoint.status == "enabled" ? .ok : .bad)
                    html.element("td", text: endpoint.created)
                    html.element("td") { html in
                        for (action, label) in [("rotate", "Rotate the secret"), ("test", "Send a test")] {
                            html.element("form", attributes: ["method": "post", "action": "\(endpoint.path)/\(action)"]) { html in
                                ConsolePage.formTokenField(formToken, into: &html)
                                html.element("button", text: label, attributes: ["type": "submit", "aria-label": "\(label) of \(endpoint.url)"])
                            }
                        }
                    }
                }
            }
        }
    }

    /// The events fieldset: a checkbox (`events`) per event type an endpoint may take, `checked` ticked.
    /// `error`: the events' refusal, shown above the boxes and describing each.
    package static func writeEventChoices(checked: [WebhookEventType], idPrefix: String, error: ConsoleFieldError? = nil,
                                          into html: inout HTMLDocument) {
        html.element("fieldset") { html in
            html.element("legend", text: "Events")
            error?.write(into: &html)
            for event in offeredEvents {
                let id = boxID(event, idPrefix: idPrefix)
                var attributes: HTMLAttributes = ["type": "checkbox", "id": id, "name": "events", "value": event.rawValue]
                if checked.contains(event) { attributes.append("checked", "checked") }
                if let error { attributes = attributes + ["aria-describedby": error.messageID] }
                html.void(.input, attributes: attributes)
                html.element("label", text: event.rawValue, attributes: ["for": id])
            }
        }
    }
}
