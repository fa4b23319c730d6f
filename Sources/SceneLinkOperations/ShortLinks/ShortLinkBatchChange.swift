import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The body of `PATCH /v1/short-links?tag=…&q=…`: one change made to every link the filter keeps:
/// `{"addTags": […], "removeTags": […], "expiresAt": "…" | null}`, each member optional, at least
/// one given. Tags are checked as a link's are; `expiresAt` as on creation (null: never expires).
package struct ShortLinkBatchChange: Sendable {
    package static let members = ["addTags", "removeTags", "expiresAt"]
    package static let example = #"{"addTags": ["spring"], "expiresAt": "2030-01-01T00:00:00Z"}"#

    package var addTags: [ShortLinkTag]
    package var removeTags: [ShortLinkTag]
    /// The new expiry: nil to keep each link's, `.some(nil)` for never.
    package var expiresAt: Date??

    /// Parses and checks a body.
    /// - Throws: the 400 problem saying what is wrong.
    package init(body: [UInt8]) throws(HTTPProblem) {
        try self.init(JSONObjectBody(body, members: Self.members, example: Self.example, problem: ShortLinkProblems.badBody))
    }

    /// The same change made of typed values (the console's batch form), read by the same rules.
    /// - Throws: the 400 problem saying what is wrong.
    package init(document: JSONValue) throws(HTTPProblem) {
        try self.init(JSONObjectBody(document: document, members: Self.members, example: Self.example, problem: ShortLinkProblems.badBody))
    }

    private init(_ body: JSONObjectBody) throws(HTTPProblem) {
        guard !body.members.isEmpty else {
            throw ShortLinkProblems.badBody("Give the change to make: addTags, removeTags or expiresAt, such as \(Self.example).")
        }
        addTags = try Self.tags(body, "addTags")
        removeTags = try Self.tags(body, "removeTags")
        expiresAt = body.has("expiresAt") ? .some(try ShortLinkRequest.expiresAt(body)) : nil
    }

    private static func tags(_ body: JSONObjectBody, _ name: String) throws(HTTPProblem) -> [ShortLinkTag] {
        guard let value = body[name], value != .null else { return [] }
        guard let items = value.arrayValue else { throw ShortLinkProblems.badBody("\"\(name)\" must be an array of tags such as [\"spring\"].") }
        var words: [String] = []
        for item in items {
            guard let word = item.stringValue else { throw ShortLinkProblems.badBody("\"\(name)\" must be an array of tags; each tag a string.") }
            words.append(word)
        }
        return try ShortLinkRequest.tags(words)
    }

    /// `link` with the change made, or nil when it changes nothing.
    package func applied(to link: ShortLink) -> ShortLink? {
        var changed = link
        changed.tags = tags(of: link)
        if let expiresAt { changed.expiresAt = expiresAt }
        return changed == link ? nil : changed
    }

    /// Whether the change would give `link` more than `ShortLink.maximumTagCount` tags (it is then left as it is).
    package func exceedsTagLimit(_ link: ShortLink) -> Bool { tags(of: link).count > ShortLink.maximumTagCount }

    private func tags(of link: ShortLink) -> [ShortLinkTag] {
        ShortLinkTag.normalized(Set(link.tags).union(addTags).subtracting(removeTags))
    }

    /// What the audit entry keeps of the change.
    package var auditDetail: [String: String] {
        var detail: [String: String] = [:]
        if !addTags.isEmpty { detail["addTags"] = addTags.map(\.rawValue).joined(separator: " ") }
        if !removeTags.isEmpty { detail["removeTags"] = removeTags.map(\.rawValue).joined(separator: " ") }
        if let expiresAt { detail["expiresAt"] = expiresAt.map(RFC3339.string) ?? "none" }
        return detail
    }
}
