import Foundation

/// One change made through the API or the console: when, by whom, what, to which thing.
///
/// It never holds a secret (no token, key text, webhook secret or hash of one) nor a visitor's
/// data: `detail` carries a few public facts of the change (a short link's target, a webhook's
/// URL and events, a key's name and scopes). Entries are kept `retention` (400 days), then the
/// application's sweep deletes them.
///
/// ```swift
/// AuditEntry(at: now, actor: .adminToken, action: "short_link.created", subject: "link:launch",
///            detail: ["link": "fuelmoney://offers/42"])
/// ```
public struct AuditEntry: Sendable, Equatable {
    /// The store's number for it, growing with time: the cursor of `AuditQuery.before`. 0 until stored.
    public var sequence: Int64
    public var at: Date
    /// `admin-token`, `key:NAME(id)` or `console:PREFIX` (`AuditActor`).
    public var actor: String
    /// What happened, `noun.verb`: `short_link.created`, `webhook.secret_rotated`, `api_key.revoked`.
    public var action: String
    /// What it happened to, `kind:ID`: `link:CODE`, `webhook:ID`, `key:ID`, `analytics:link:CODE`.
    public var subject: String
    /// Public facts of the change, by name.
    public var detail: [String: String]

    /// How long entries are kept.
    public static let retention: TimeInterval = 400 * 24 * 60 * 60

    public init(sequence: Int64 = 0, at: Date, actor: String, action: String, subject: String, detail: [String: String] = [:]) {
        self.sequence = sequence
        self.at = at
        self.actor = actor
        self.action = action
        self.subject = subject
        self.detail = detail
    }

    public init(at: Date, actor: AuditActor, action: String, subject: String, detail: [String: String] = [:]) {
        self.init(at: at, actor: actor.description, action: action, subject: subject, detail: detail)
    }

    /// `detail` as a JSON object with its members sorted by name, as the stores keep it.
    public var detailJSON: String {
        JSONWriter.text(.object(detail.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value)) }), escapingSlashes: false)
    }

    /// The detail a store kept (`detailJSON`); members that are not strings are left out.
    public static func detail(fromJSON text: String) -> [String: String] {
        guard case .object(let members)? = try? JSONParser.parse(text) else { return [:] }
        var detail: [String: String] = [:]
        for member in members { if let text = member.value.stringValue { detail[member.key] = text } }
        return detail
    }
}
