import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The body of `POST /v1/short-links`:
/// `{"link": …, "expiresAt"?: …, "alias"?: …, "title"?: …, "tags"?: […], "preview"?: {…}, "fallbacks"?: {…},
/// "skipPage"?: …, "campaign"?: {…}}`.
///
/// `link` is required (1 to 2048 bytes); `expiresAt` is an RFC 3339 instant (`2026-12-21T18:20:43Z`,
/// an offset or fractional seconds allowed) or null for never; `alias` is a code of the creator's
/// choosing, or null for a random one; `title` is at most 200 characters (null or "" for none);
/// `tags` an array of at most 20 tags of 1 to 40 characters `a-z 0-9 - _` (repeats kept once);
/// `preview`, `fallbacks`, `skipPage` and `campaign` what the link sets over its route's page
/// (`ShortLinkSettings`, checked by its rules).
/// Any other member is refused, so a typo such as `"alais"` never silently creates a random code.
package struct ShortLinkRequest: Sendable {
    package static let members = ["link", "expiresAt", "alias", "title", "tags"] + ShortLinkSettings.members
    /// The longest target link, as `GET /v1/resolve` takes.
    package static let maximumLinkBytes = 2048

    package var link: String
    package var expiresAt: Date?
    package var alias: ShortCode?
    package var title: String?
    package var tags: [ShortLinkTag]
    package var settings: ShortLinkSettings

    /// Parses and checks a body.
    /// - Throws: the 400 problem saying what is wrong: not JSON, not an object, a missing or
    ///   mistyped member, an unknown member, a malformed instant, alias, title or tag.
    package init(body: [UInt8]) throws(HTTPProblem) {
        try self.init(JSONObjectBody(body, members: Self.members, example: Self.example, problem: ShortLinkProblems.badBody))
    }

    /// The same request made of typed values (the console's form), read by the same rules.
    package init(document: JSONValue) throws(HTTPProblem) {
        try self.init(JSONObjectBody(document: document, members: Self.members, example: Self.example, problem: ShortLinkProblems.badBody))
    }

    package static let example = #"{"link": "fuelmoney://settings"}"#

    private init(_ body: JSONObjectBody) throws(HTTPProblem) {
        link = try Self.link(body)
        expiresAt = try Self.expiresAt(body)
        if let text = try body.optionalString("alias", "a string of A-Z a-z 0-9 - _, or null for a random code") {
            do { alias = try ShortCode(text) } catch { throw ShortLinkProblems.invalidAlias(error) }
        } else {
            alias = nil
        }
        title = try Self.title(body)
        tags = try Self.tags(body)
        settings = try Self.settings(body.document)
    }

    /// The settings members of a body: `preview`, `fallbacks`, `skipPage`, `campaign`.
    package static func settings(_ document: JSONValue) throws(HTTPProblem) -> ShortLinkSettings {
        do {
            return try ShortLinkSettings(json: document)
        } catch {
            throw ShortLinkProblems.badBody(error.description)
        }
    }

    /// `link`: required, 1 to 2048 bytes.
    package static func link(_ body: JSONObjectBody) throws(HTTPProblem) -> String {
        try body.requiredString("link", "the link the short link stands for, such as \"fuelmoney://settings/account\"",
                                maximumBytes: Self.maximumLinkBytes)
    }

    /// `expiresAt`: an RFC 3339 instant, or nil when absent or null.
    package static func expiresAt(_ body: JSONObjectBody) throws(HTTPProblem) -> Date? {
        guard let text = try body.optionalString("expiresAt", "an RFC 3339 instant as a string, or null for never") else { return nil }
        return try expiresAt(text)
    }

    /// An RFC 3339 instant, as `expiresAt` in a body or a CSV cell.
    package static func expiresAt(_ text: String) throws(HTTPProblem) -> Date {
        guard let date = RFC3339.date(text) else {
            throw ShortLinkProblems.badBody(
                "\"expiresAt\" must be an RFC 3339 instant such as \"2026-12-21T18:20:43Z\", not \"\(JSONObjectBody.echo(text))\".")
        }
        return date
    }

    /// `title`: at most `ShortLink.maximumTitleLength` characters; nil when absent, null or "".
    package static func title(_ body: JSONObjectBody) throws(HTTPProblem) -> String? {
        try body.optionalString("title", "a string of at most \(ShortLink.maximumTitleLength) characters, or null for none")
            .flatMap(title)
    }

    /// A title as a body or a CSV cell gives it: "" is none.
    package static func title(_ text: String) throws(HTTPProblem) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.count <= ShortLink.maximumTitleLength else {
            throw ShortLinkProblems.badBody(
                "\"title\" is \(text.count) characters long; give at most \(ShortLink.maximumTitleLength).")
        }
        return text
    }

    /// `tags`: an array of tag strings; [] when absent or null.
    package static func tags(_ body: JSONObjectBody) throws(HTTPProblem) -> [ShortLinkTag] {
        let expected = "an array of at most \(ShortLink.maximumTagCount) tags such as [\"spring\", \"email-2027\"]"
        switch body["tags"] {
        case nil, .null?:
            return []
        case .array(let items)?:
            var words: [String] = []
            for item in items {
                guard let word = item.stringValue else { throw ShortLinkProblems.badBody("\"tags\" must be \(expected); each tag a string.") }
                words.append(word)
            }
            return try tags(words)
        case _?:
            throw ShortLinkProblems.badBody("\"tags\" must be \(expected).")
        }
    }

    /// Tags as a body's array or a CSV cell's words give them: each valid, at most
    /// `ShortLink.maximumTagCount` once repeats are dropped.
    package static func tags(_ words: [String]) throws(HTTPProblem) -> [ShortLinkTag] {
        var tags: [ShortLinkTag] = []
        for word in words {
            do { tags.append(try ShortLinkTag(word)) } catch { throw ShortLinkProblems.invalidTag(error) }
        }
        let normalized = ShortLinkTag.normalized(tags)
        guard normalized.count <= ShortLink.maximumTagCount else {
            throw ShortLinkProblems.badBody(
                "A link has \(normalized.count) tags; give at most \(ShortLink.maximumTagCount).")
        }
        return normalized
    }
}
