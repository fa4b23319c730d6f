import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The body of `POST /v1/webhooks`: `{"url": …, "events": [...], "description"?: …}`.
///
/// `url` is checked by `WebhookTarget` afterwards; `events` is a non-empty list of event types
/// (`WebhookEventType`; `webhook.test` is always sent and need not be listed); `description` is
/// at most 256 bytes. Any other member is refused, so a typo never goes unnoticed.
package struct WebhookRequest: Sendable {
    package static let members = ["url", "events", "description"]
    package static let maximumDescriptionBytes = 256

    package var url: String
    package var events: [WebhookEventType]
    package var description: String?

    package static let example = #"{"url": "https://hooks.example.com/in", "events": ["short_link.clicked"]}"#

    /// - Throws: the 400 problem saying what is wrong.
    package init(body: [UInt8]) throws(HTTPProblem) {
        try self.init(JSONObjectBody(body, members: Self.members, example: Self.example, problem: WebhookProblems.badBody))
    }

    /// The same request made of typed values (the console's form), read by the same rules.
    package init(document: JSONValue) throws(HTTPProblem) {
        try self.init(JSONObjectBody(document: document, members: Self.members, example: Self.example, problem: WebhookProblems.badBody))
    }

    private init(_ body: JSONObjectBody) throws(HTTPProblem) {
        url = try body.requiredString("url", "the https URL events are sent to")
        guard let events = try Self.events(body) else {
            throw WebhookProblems.badBody(
                "The body needs \"events\", a non-empty list of event types out of \(Self.knownEvents).")
        }
        self.events = events
        description = try body.optionalString("description", "a string, or null", maximumBytes: Self.maximumDescriptionBytes)
    }

    /// The event types every message lists.
    package static var knownEvents: String { WebhookEventType.allCases.map(\.rawValue).joined(separator: ", ") }

    /// `events` as a list without repeats; nil when absent.
    package static func events(_ body: JSONObjectBody) throws(HTTPProblem) -> [WebhookEventType]? {
        guard let value = body["events"] else { return nil }
        guard let items = value.arrayValue, !items.isEmpty else {
            throw WebhookProblems.badBody("\"events\" must be a non-empty list of event types out of \(knownEvents).")
        }
        var events: [WebhookEventType] = []
        for item in items {
            guard let name = item.stringValue, let type = WebhookEventType(rawValue: name) else {
                throw WebhookProblems.badBody(
                    "\"events\" holds \(item.stringValue.map { "\"\(JSONObjectBody.echo($0))\"" } ?? "a value that is not a string"), "
                        + "which is not an event type; use \(knownEvents).")
            }
            if !events.contains(type) { events.append(type) }
        }
        return events
    }
}
