import SceneLinkOperations

/// The notification banner that confirms a change made through the console: "Link spring-sale
/// created", "Webhook endpoint deleted", "Key ops revoked" (the GOV.UK Design System's success
/// notification banner, server-rendered, no script).
///
/// A change answers 303 to the page that shows its result with the banner's notice in the
/// redirect's query (`redirect(to:)`: `?done=link-created&subject=spring-sale`); the page reads
/// it back (`init?(query:)`) and writes the banner above its heading, with `role="status"` so a
/// screen reader announces it politely. A page answered straight from the POST (a key's or a
/// secret's one showing) is given its banner directly.
///
/// Only the notices of `Kind` exist, and a subject is at most 64 of `A-Z a-z 0-9 . _ -` and space,
/// so a crafted link can make the console say nothing but "Link X deleted" with a short, plain X;
/// the subject is escaped like every other text anyway.
///
/// ```swift
/// responder.respond(ConsoleHeaders.redirect(to: ConsoleBanner(.linkCreated, subject: code).redirect(to: path)))
/// // the next page: view.response(session: session, banner: ConsoleBanner(query: request.queryItem))
/// ```
package struct ConsoleBanner: Sendable, Equatable {
    /// What was done: the closed set of notices, each with its query value (`done=`).
    package enum Kind: String, Sendable, CaseIterable {
        case linkCreated = "link-created"
        case linkChanged = "link-changed"
        case linkExpiryChanged = "link-expiry-changed"
        case linkDeleted = "link-deleted"
        case linksImported = "links-imported"
        /// A batch change; the subject is how many links it changed.
        case linksChanged = "links-changed"
        /// A batch deletion; the subject is how many links it deleted.
        case linksDeleted = "links-deleted"
        case webhookCreated = "webhook-created"
        case webhookChanged = "webhook-changed"
        case webhookSecretRotated = "webhook-secret-rotated"
        case webhookTestSent = "webhook-test-sent"
        case webhookReplayed = "webhook-replayed"
        case webhookDeleted = "webhook-deleted"
        case keyCreated = "key-created"
        case keyRevoked = "key-revoked"
    }

    /// The longest subject a banner names.
    package static let maximumSubjectLength = 64

    package let kind: Kind
    /// What the change was made to (a link's code, a key's name), nil when the sentence needs none.
    package let subject: String?

    /// A banner for `kind`; a `subject` that is not plain text (see the type) is left out.
    package init(_ kind: Kind, subject: String? = nil) {
        self.kind = kind
        self.subject = subject.flatMap { Self.isPlain($0) ? $0 : nil }
    }

    /// The banner a page's query names (`done`, `subject`), or nil when it names none or one
    /// that does not exist.
    ///
    /// - Parameter item: the query item of a name (`request.queryItem`).
    package init?(query item: (String) -> String?) {
        guard let done = item("done"), let kind = Kind(rawValue: done) else { return nil }
        self.init(kind, subject: item("subject"))
    }

    /// The sentence the banner shows, naming the subject when there is one.
    package var message: String {
        let named = subject.map { " " + $0 } ?? ""
        switch kind {
        case .linkCreated: return "Link\(named) created"
        case .linkChanged: return "Link\(named) saved"
        case .linkExpiryChanged: return "Expiry of link\(named) saved"
        case .linkDeleted: return "Link\(named) deleted"
        case .linksImported: return "Import done: each row's result is below"
        case .linksChanged: return Self.count(subject, "changed")
        case .linksDeleted: return Self.count(subject, "deleted")
        case .webhookCreated: return "Webhook endpoint created"
        case .webhookChanged: return "Webhook endpoint saved"
        case .webhookSecretRotated: return "Signing secret rotated"
        case .webhookTestSent: return "Test message queued: it is listed in the deliveries below"
        case .webhookReplayed: return "Message\(named) queued to be sent again"
        case .webhookDeleted: return "Webhook endpoint deleted"
        case .keyCreated: return "Key\(named) created"
        case .keyRevoked: return "Key\(named) revoked"
        }
    }

    /// `path` with the banner's notice in its query (before any `#fragment` of `path`), for the
    /// 303 after a change. `path` is a path the console built, with no query of its own.
    package func redirect(to path: String) -> String {
        redirect(to: path, keeping: [])
    }

    /// `path` with `items` (the page's own query, such as the Links page's filter) and then the
    /// banner's notice in its query, for the 303 after a change.
    package func redirect(to path: String, keeping kept: [(String, String)]) -> String {
        var items = kept + [("done", kind.rawValue)]
        if let subject { items.append(("subject", subject)) }
        let query = "?" + ConsoleEndpoints.encode(items)
        guard let hash = path.firstIndex(of: "#") else { return path + query }
        return String(path[..<hash]) + query + String(path[hash...])
    }

    /// `<div class="banner" role="status">` with a heading "Success" and the sentence (GOV.UK's
    /// notification banner, success variant).
    package func write(into html: inout HTMLDocument) {
        html.element("div", attributes: ["class": "banner", "role": "status", "aria-live": "polite", "aria-labelledby": "banner-title"]) { html in
            html.element("h2", text: "Success", attributes: ["class": "banner-title", "id": "banner-title"])
            html.element("p", text: message, attributes: ["class": "banner-message"])
        }
    }

    /// "12 links changed", "1 link deleted"; "Links changed" without a count.
    private static func count(_ subject: String?, _ done: String) -> String {
        guard let subject else { return "Links \(done)" }
        return subject == "1" ? "1 link \(done)" : "\(subject) links \(done)"
    }

    private static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maximumSubjectLength && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: " "):
                return true
            default:
                return false
            }
        }
    }
}
