import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The body of `PATCH /v1/short-links/{code}`, a JSON merge patch (RFC 7396) of
/// `{"link", "expiresAt", "title", "tags", "preview", "fallbacks", "skipPage", "campaign"}`: a member
/// left out keeps its value, null removes it (`expiresAt` null: never expires; `title` null: none;
/// `tags` null: none; a settings member null: the route's), an object merges into the one
/// stored (`{"preview": {"image": null}}` removes only the image), any other value replaces it. `link` cannot be null. Values are checked as on creation (`ShortLinkRequest`).
/// Any other member (the code, the clicks) is refused with a sentence naming those accepted.
package struct ShortLinkChangeRequest: Sendable {
    package static let members = ["link", "expiresAt", "title", "tags"] + ShortLinkSettings.members

    /// The new target, nil to keep it.
    package var link: String?
    /// The new expiry: nil to keep it, `.some(nil)` to remove it.
    package var expiresAt: Date??
    package var title: String??
    package var tags: [ShortLinkTag]?
    /// The settings members of the patch as given (checked against the stored settings when
    /// applied); nil when the patch has none.
    package var settings: JSONValue?

    /// Parses and checks a body.
    /// - Throws: the 400 problem saying what is wrong.
    package init(body: [UInt8]) throws(HTTPProblem) {
        try self.init(JSONObjectBody(body, members: Self.members, example: Self.example, problem: ShortLinkProblems.badBody))
    }

    /// The same change made of typed values (the console's form), read by the same rules.
    package init(document: JSONValue) throws(HTTPProblem) {
        try self.init(JSONObjectBody(document: document, members: Self.members, example: Self.example, problem: ShortLinkProblems.badBody))
    }

    package static let example = #"{"title": "Spring sale", "tags": ["spring"]}"#

    private init(_ body: JSONObjectBody) throws(HTTPProblem) {
        if case .null? = body["link"] {
            throw ShortLinkProblems.badBody("\"link\" cannot be null: a short link always stands for a link; give the new one, or leave link out.")
        }
        link = body.has("link") ? try ShortLinkRequest.link(body) : nil
        expiresAt = body.has("expiresAt") ? .some(try ShortLinkRequest.expiresAt(body)) : nil
        title = body.has("title") ? .some(try ShortLinkRequest.title(body)) : nil
        tags = body.has("tags") ? try ShortLinkRequest.tags(body) : nil
        let settingsMembers = body.document.objectMembers?.filter { ShortLinkSettings.members.contains($0.key) } ?? []
        if settingsMembers.isEmpty {
            settings = nil
        } else {
            settings = .object(settingsMembers)
            // Checked on their own now, so a malformed member is a 400 before the link is read.
            _ = try ShortLinkRequest.settings(ShortLinkSettings.none.json.mergePatched(with: .object(settingsMembers)))
        }
    }

    /// `link` with the change made.
    /// - Throws: the 400 problem when the settings merged into the stored ones cannot be kept.
    package func applied(to link: ShortLink) throws(HTTPProblem) -> ShortLink {
        var changed = link
        if let target = self.link { changed.link = target }
        if let expiresAt { changed.expiresAt = expiresAt }
        if let title { changed.title = title }
        if let tags { changed.tags = tags }
        if let settings {
            do {
                changed.settings = try link.settings.patched(with: settings)
            } catch {
                throw ShortLinkProblems.badBody(error.description)
            }
        }
        return changed
    }

    /// What the audit log keeps of the change: each member changed with its new value (`none`
    /// for one removed). A short link's fields hold no secret.
    package var auditDetail: [String: String] {
        var detail: [String: String] = [:]
        if let link { detail["link"] = link }
        if let expiresAt { detail["expiresAt"] = expiresAt.map(RFC3339.string) ?? "none" }
        if let title { detail["title"] = title ?? "none" }
        if let tags { detail["tags"] = tags.isEmpty ? "none" : tags.map(\.rawValue).joined(separator: " ") }
        if case .object(let members)? = settings {
            for (key, value) in members { detail[key] = value == .null ? "none" : JSONWriter.text(value, escapingSlashes: false) }
        }
        return detail
    }
}
