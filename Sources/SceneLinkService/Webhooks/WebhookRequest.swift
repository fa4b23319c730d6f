import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The body of `POST /v1/webhooks`: `{"url": …, "events": [...], "description"?: …}`.
///
/// `url` is checked by `WebhookTarget` afterwards; `events` is a non-empty list of event types
/// (`WebhookEventType`; `webhook.test` is always sent and need not be listed); `description` is
/// at most 256 bytes. Any other member is refused, so a typo never goes unnoticed.
struct WebhookRequest: Sendable {
    static let members = ["url", "events", "description"]
    static let maximumDescriptionBytes = 256

    var url: String
    var events: [WebhookEventType]
    var description: String?

    /// - Throws: the 400 problem saying what is wrong.
    init(body: [UInt8]) throws(HTTPProblem) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw WebhookProblems.badBody(
                "The body is not JSON (\(error)); send {\"url\": \"https://…\", \"events\": [\"short_link.clicked\"]}.")
        }
        guard let members = document.objectMembers else {
            throw WebhookProblems.badBody(
                "The body must be a JSON object such as {\"url\": \"https://hooks.example.com/in\", \"events\": [\"short_link.clicked\"]}.")
        }
        for member in members where !Self.members.contains(member.key) {
            throw WebhookProblems.badBody(
                "The body has the member \"\(member.key)\", which is not one of url, events, description.")
        }
        for name in Self.members where members.filter({ $0.key == name }).count > 1 {
            throw WebhookProblems.badBody("The body has the member \"\(name)\" more than once; give it once.")
        }
        guard let url = document["url"]?.stringValue, !url.isEmpty else {
            throw WebhookProblems.badBody("The body needs \"url\", the https URL events are sent to, as a string.")
        }
        self.url = url
        let known = WebhookEventType.allCases.map(\.rawValue).joined(separator: ", ")
        guard let items = document["events"]?.arrayValue, !items.isEmpty else {
            throw WebhookProblems.badBody("The body needs \"events\", a non-empty list of event types out of \(known).")
        }
        var events: [WebhookEventType] = []
        for item in items {
            guard let name = item.stringValue, let type = WebhookEventType(rawValue: name) else {
                throw WebhookProblems.badBody(
                    "\"events\" holds \(item.stringValue.map { "\"\($0.prefix(64))\"" } ?? "a value that is not a string"), "
                        + "which is not an event type; use \(known).")
            }
            if !events.contains(type) { events.append(type) }
        }
        self.events = events
        switch document["description"] {
        case nil, .null?:
            description = nil
        case .string(let text)? where text.utf8.count <= Self.maximumDescriptionBytes:
            description = text
        case .string(let text)?:
            throw WebhookProblems.badBody(
                "\"description\" is \(text.utf8.count) bytes long; use at most \(Self.maximumDescriptionBytes).")
        case _?:
            throw WebhookProblems.badBody("\"description\" must be a string, or null.")
        }
    }
}
