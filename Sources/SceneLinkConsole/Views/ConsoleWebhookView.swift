import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// One webhook endpoint's page (`GET /console/webhooks/{id}`): its newest deliveries with state,
/// attempts and the last answer, each with a replay button; the button that sends a test; the
/// forms that change it (URL, events, enabled), rotate its secret with a chosen overlap, and
/// delete it.
package struct ConsoleWebhookView: ConsolePageView {
    /// One delivery as its row shows it.
    package struct Delivery: Sendable, Equatable {
        package let messageID: String
        package let event: String
        package let state: String
        package let attempts: Int
        /// The last answer's status, its error and when it was tried ("" when never).
        package let lastStatus: String
        package let lastError: String
        package let lastAttempt: String
        /// Where its replay form posts.
        package let replayPath: String
    }

    /// One choice of how long the old secret keeps signing after a rotation.
    package struct Overlap: Sendable, Equatable {
        /// The `overlap` field's value in seconds; empty for the service's default.
        package let seconds: String
        package let label: String
    }

    /// A refused change: what the change form held when it was sent (nil for a refused
    /// deletion), and the sentence as the field it is about.
    package struct Refusal: Sendable, Equatable {
        package let url: String
        package let events: [WebhookEventType]
        package let isEnabled: Bool
        package let error: ConsoleFieldError

        package init(url: String, events: [WebhookEventType], isEnabled: Bool, error: ConsoleFieldError) {
            self.url = url
            self.events = events
            self.isEnabled = isEnabled
            self.error = error
        }
    }

    package let title: String
    package var section: ConsoleSection { .webhooks }
    package let status: HTTPStatus
    /// The refused change's sentence, beside its field and in the error summary; nil when none.
    package let fieldError: ConsoleFieldError?
    package var errorSummary: ConsoleErrorSummary? { ConsoleErrorSummary(fieldError.map { [$0] } ?? []) }
    /// The endpoint's page, which its forms post under.
    package let path: String
    package let url: String
    package let events: [WebhookEventType]
    /// Whether the endpoint sends (its enabled box ticked).
    package let isEnabled: Bool
    /// Its newest deliveries, newest first.
    package let deliveries: [Delivery]
    /// The rotation form's choices, the default first (and selected).
    package let overlaps: [Overlap]
    package let formToken: String

    /// - Parameters:
    ///   - id: the endpoint's id as the request named it (its forms post under it).
    ///   - endpoint, deliveries: as `WebhookOperations.deliveries` answered them.
    ///   - defaultOverlap: how long the old secret keeps signing when the form names no overlap.
    ///   - refusal: a refused change (its form shows what was sent) with `status`; `deleteRefusal`
    ///     a deletion sent without its box ticked. Both nil on a plain view.
    package init(id: String, endpoint: WebhookEndpoint, deliveries: [WebhookDelivery], defaultOverlap: Duration, formToken: String,
                 refusal: Refusal? = nil, deleteRefusal: ConsoleFieldError? = nil, status: HTTPStatus = .ok) {
        title = "Deliveries to \(endpoint.url)"
        path = "/console/webhooks/\(id)"
        url = refusal?.url ?? endpoint.url
        events = refusal?.events ?? endpoint.events
        isEnabled = refusal?.isEnabled ?? (endpoint.disabledAt == nil)
        fieldError = refusal?.error ?? deleteRefusal
        self.status = status
        let path = self.path
        self.deliveries = deliveries.map { delivery in
            Delivery(messageID: delivery.event.id, event: delivery.event.type.rawValue, state: delivery.state.rawValue,
                     attempts: delivery.attempts, lastStatus: delivery.lastStatus.map(String.init) ?? "", lastError: delivery.lastError ?? "",
                     lastAttempt: delivery.lastAttemptAt.map { RFC3339.string($0) } ?? "",
                     replayPath: "\(path)/deliveries/\(delivery.event.id)/replay")
        }
        overlaps = Self.overlaps(defaultOverlap: defaultOverlap)
        self.formToken = formToken
    }

    /// The rotation form's choices: the default (`defaultOverlap`, named in whole hours when it
    /// is whole hours), none, an hour and 7 days.
    package static func overlaps(defaultOverlap: Duration) -> [Overlap] {
        let seconds = Int64(defaultOverlap.seconds)
        let named = switch seconds {
        case 3600: "1 hour"
        case let whole where whole % 3600 == 0: "\(whole / 3600) hours"
        default: "\(seconds) seconds"
        }
        return [Overlap(seconds: "", label: "\(named) (the default)"), Overlap(seconds: "0", label: "No time: it stops now"),
                Overlap(seconds: "3600", label: "1 hour"), Overlap(seconds: "604800", label: "7 days")]
    }

    package func write(into html: inout HTMLDocument) {
        html.element("p") { html in
            html.element("a", text: "All endpoints", attributes: ["href": ConsoleSection.webhooks.path])
        }
        html.element("form", attributes: ["method": "post", "action": path + "/test"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("button", text: "Send a test", attributes: ["type": "submit"])
        }
        if deliveries.isEmpty {
            html.element("p", text: "No deliveries yet.")
        } else {
            writeDeliveries(into: &html)
        }
        writeChanges(into: &html)
    }

    private func writeDeliveries(into html: inout HTMLDocument) {
        html.consoleTable(caption: "The newest \(ConsoleEndpoints.deliveriesShown) messages, newest first",
                   headings: ["Message", "Event", "State", "Attempts", "Last status", "Last error", "Last attempt", "Action"],
                          numeric: [3]) { html in
            for delivery in deliveries {
                html.element("tr") { html in
                    html.element("th", text: delivery.messageID, attributes: ["scope": "row"])
                    html.element("td", text: delivery.event)
                    html.statusCell(delivery.state, tone: delivery.state == "delivered" ? .ok : delivery.state == "failed" ? .bad : .warn)
                    html.element("td", text: String(delivery.attempts), attributes: ["class": "number"])
                    html.element("td", text: delivery.lastStatus)
                    html.element("td", text: delivery.lastError)
                    html.element("td", text: delivery.lastAttempt)
                    html.element("td") { html in
                        html.element("form", attributes: ["method": "post", "action": delivery.replayPath]) { html in
                            ConsolePage.formTokenField(formToken, into: &html)
                            html.element("button", text: "Replay", attributes: ["type": "submit",
                                                                                "aria-label": "Replay the message \(delivery.messageID)"])
                        }
                    }
                }
            }
        }
    }

    /// The form that changes the endpoint, the one that rotates its secret, and the one that deletes it.
    private func writeChanges(into html: inout HTMLDocument) {
        html.cards { html in
            html.card { writeEdit(into: &$0) }
            html.card { writeRotate(into: &$0) }
            html.card { html in
                ConsolePage.deleteForm(heading: "Delete the endpoint", action: path + "/delete", boxID: "delete-confirm",
                                       confirmation: "Yes, delete this endpoint and its deliveries: nothing is sent to it any more",
                                       button: "Delete the endpoint", formToken: formToken,
                                       error: fieldError?.fieldID == "delete-confirm" ? fieldError : nil, into: &html)
            }
        }
    }

    /// The field of the change form a refusal's sentence is about: the events (their first box)
    /// when it names them, else the URL.
    package static func fieldID(for sentence: String) -> String {
        guard sentence.lowercased().contains("event"), let first = ConsoleWebhooksView.offeredEvents.first else { return "edit-url" }
        return ConsoleWebhooksView.boxID(first, idPrefix: "edit-event-")
    }

    private func writeEdit(into html: inout HTMLDocument) {
        html.element("h2", text: "Change the endpoint")
        html.element("form", attributes: ["method": "post", "action": path + "/edit"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "URL (https)", attributes: ["for": "edit-url"])
            var urlAttributes: HTMLAttributes = ["type": "url", "id": "edit-url", "name": "url", "value": url, "required": "required"]
            if let fieldError, fieldError.fieldID == "edit-url" {
                fieldError.write(into: &html)
                urlAttributes = urlAttributes + fieldError.fieldAttributes
            }
            html.void(.input, attributes: urlAttributes)
            let eventsError = fieldError.flatMap { $0.fieldID.hasPrefix("edit-event-") ? $0 : nil }
            ConsoleWebhooksView.writeEventChoices(checked: events, idPrefix: "edit-event-", error: eventsError, into: &html)
            html.element("p") { html in
                var enabled: HTMLAttributes = ["type": "checkbox", "id": "edit-enabled", "name": "enabled", "value": "yes"]
                if isEnabled { enabled.append("checked", "checked") }
                html.void(.input, attributes: enabled)
                html.element("label", text: "Enabled (untick to stop sending; tick to send again to an endpoint that was disabled)",
                             attributes: ["for": "edit-enabled"])
            }
            html.element("button", text: "Save the endpoint", attributes: ["type": "submit"])
        }
    }

    private func writeRotate(into html: inout HTMLDocument) {
        html.element("h2", text: "Rotate the secret")
        html.element("form", attributes: ["method": "post", "action": path + "/rotate"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "The old secret keeps signing for", attributes: ["for": "rotate-overlap"])
            html.element("select", attributes: ["id": "rotate-overlap", "name": "overlap"]) { html in
                for overlap in overlaps {
                    var attributes: HTMLAttributes = ["value": overlap.seconds]
                    if overlap.seconds.isEmpty { attributes.append("selected", "selected") }
                    html.element("option", text: overlap.label, attributes: attributes)
                }
            }
            html.element("p") { html in
                html.element("button", text: "Rotate the secret", attributes: ["type": "submit"])
            }
        }
    }
}
