import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The body of `POST /v1/short-links`: `{"link": …, "expiresAt"?: …, "alias"?: …}`.
///
/// `link` is required (1 to 2048 bytes); `expiresAt` is an RFC 3339 instant (`2026-12-21T18:20:43Z`,
/// an offset or fractional seconds allowed) or null for never; `alias` is a code of the creator's
/// choosing, or null for a random one. Any other member is refused, so a typo such as `"alais"`
/// never silently creates a random code.
struct ShortLinkRequest: Sendable {
    static let members = ["link", "expiresAt", "alias"]

    var link: String
    var expiresAt: Date?
    var alias: ShortCode?

    /// Parses and checks a body.
    /// - Throws: the 400 problem saying what is wrong: not JSON, not an object, a missing or
    ///   mistyped member, an unknown member, a malformed instant or alias.
    init(body: [UInt8]) throws(HTTPProblem) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw ShortLinkProblems.badBody("The body is not JSON (\(error)); send {\"link\": \"…\"}.")
        }
        guard let members = document.objectMembers else {
            throw ShortLinkProblems.badBody("The body must be a JSON object such as {\"link\": \"fuelmoney://settings\"}.")
        }
        for member in members where !Self.members.contains(member.key) {
            throw ShortLinkProblems.badBody("The body has the member \"\(member.key)\", which is not one of link, expiresAt, alias.")
        }
        for name in Self.members where members.filter({ $0.key == name }).count > 1 {
            throw ShortLinkProblems.badBody("The body has the member \"\(name)\" more than once; give it once.")
        }
        guard let linkValue = document["link"] else {
            throw ShortLinkProblems.badBody("The body needs \"link\", the link the short link stands for.")
        }
        guard let link = linkValue.stringValue, !link.isEmpty else {
            throw ShortLinkProblems.badBody("\"link\" must be a non-empty string such as \"fuelmoney://settings/account\".")
        }
        guard link.utf8.count <= ShortLinkEndpoints.maximumLinkBytes else {
            throw ShortLinkProblems.badBody("\"link\" is \(link.utf8.count) bytes long; a short link may stand for at most \(ShortLinkEndpoints.maximumLinkBytes).")
        }
        self.link = link
        switch document["expiresAt"] {
        case nil, .null?:
            expiresAt = nil
        case .string(let text)?:
            guard let date = RFC3339.date(text) else {
                throw ShortLinkProblems.badBody("\"expiresAt\" must be an RFC 3339 instant such as \"2026-12-21T18:20:43Z\", not \"\(text.prefix(64))\".")
            }
            expiresAt = date
        case _?:
            throw ShortLinkProblems.badBody("\"expiresAt\" must be an RFC 3339 instant as a string, or null for never.")
        }
        switch document["alias"] {
        case nil, .null?:
            alias = nil
        case .string(let text)?:
            do { alias = try ShortCode(text) } catch { throw ShortLinkProblems.invalidAlias(error) }
        case _?:
            throw ShortLinkProblems.badBody("\"alias\" must be a string of A-Z a-z 0-9 - _, or null for a random code.")
        }
    }
}
