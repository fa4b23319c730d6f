import SceneLinkCore
import SceneLinkHTTP

/// The body of `PATCH /v1/webhooks/{id}`: any of `{"url": …, "events": [...], "enabled": true|false}`,
/// at least one. `url` is checked by `WebhookTarget` afterwards; `events` as on creation;
/// `enabled: true` re-enables an endpoint SceneLink disabled (410 Gone, or its retries ran out).
package struct WebhookChangeRequest: Sendable {
    package static let members = ["url", "events", "enabled"]

    package var url: String?
    package var events: [WebhookEventType]?
    package var enabled: Bool?

    /// - Throws: the 400 problem saying what is wrong.
    package init(body: [UInt8]) throws(HTTPProblem) {
        try self.init(JSONObjectBody(body, members: Self.members, example: #"{"enabled": true}"#, problem: WebhookProblems.badBody))
    }

    /// The same change made of typed values (the console's form), read by the same rules.
    package init(document: JSONValue) throws(HTTPProblem) {
        try self.init(JSONObjectBody(document: document, members: Self.members, example: #"{"enabled": true}"#,
                                     problem: WebhookProblems.badBody))
    }

    private init(_ body: JSONObjectBody) throws(HTTPProblem) {
        guard !body.members.isEmpty else {
            throw WebhookProblems.badBody("The body changes nothing; give at least one of url, events, enabled.")
        }
        url = body.has("url") ? try body.requiredString("url", "the https URL events are sent to") : nil
        events = try WebhookRequest.events(body)
        switch body["enabled"] {
        case nil: enabled = nil
        case .bool(let value)?: enabled = value
        case _?: throw WebhookProblems.badBody("\"enabled\" must be true (send to it again) or false (stop sending).")
        }
    }
}
