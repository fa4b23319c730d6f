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
        let body = try JSONObjectBody(body, members: Self.members, example: #"{"link": "fuelmoney://settings"}"#,
                                      problem: ShortLinkProblems.badBody)
        link = try body.requiredString("link", "the link the short link stands for, such as \"fuelmoney://settings/account\"",
                                       maximumBytes: ShortLinkEndpoints.maximumLinkBytes)
        let expected = "an RFC 3339 instant as a string, or null for never"
        if let text = try body.optionalString("expiresAt", expected) {
            guard let date = RFC3339.date(text) else {
                throw ShortLinkProblems.badBody(
                    "\"expiresAt\" must be an RFC 3339 instant such as \"2026-12-21T18:20:43Z\", not \"\(JSONObjectBody.echo(text))\".")
            }
            expiresAt = date
        } else {
            expiresAt = nil
        }
        if let text = try body.optionalString("alias", "a string of A-Z a-z 0-9 - _, or null for a random code") {
            do { alias = try ShortCode(text) } catch { throw ShortLinkProblems.invalidAlias(error) }
        } else {
            alias = nil
        }
    }
}
