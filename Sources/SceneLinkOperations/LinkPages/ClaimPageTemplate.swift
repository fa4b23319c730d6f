import SceneLinkCore
import SceneLinkHTTP

/// A phone's link page with a claim (`LinkPage.render(_:platform:language:claim:)`), kept with
/// holes where the claim's token and code go, so that a page view fills in 36 bytes instead
/// of rendering and escaping the whole page.
///
/// A template is made by rendering the page twice, with two random claims, and cutting each
/// rendering at its claim's token and code: it is kept only when both cut into the same
/// constant parts (so no byte of the page but the claim's own was read as one). Tokens and
/// codes are base64url and Crockford base32, which HTML text, attributes and URLs carry as
/// they are, so filling the holes is what rendering them would write.
///
/// ```swift
/// let template = ClaimPageTemplate(host: table.hosts.first) { claim in   // one per language and phone
///     page.render(link, platform: .ios, language: .ja, claim: claim)
/// }
/// let response = template?.response(token: ticket.token, code: ticket.code)
/// ```
package struct ClaimPageTemplate: Sendable {
    /// What goes into a hole.
    package enum Hole: Sendable, Equatable {
        case token, code
    }

    /// The constant bytes around the holes: one more part than holes.
    private let parts: [[UInt8]]
    private let holes: [Hole]
    /// The bytes of a filled page: the parts', a token's for each token hole, a code's for each code hole.
    private let filledLength: Int
    /// The rendered response, whose body `response(token:code:)` replaces.
    private let response: HTTPResponse

    /// The template of the page `render` makes for a claim (token and code; `host` is the
    /// host of its claim URL), or nil when two renderings do not cut into the same parts.
    package init?(host: String?, render: (LinkPageClaim) -> HTTPResponse) {
        let codes = ClaimCodeCipher.random
        func claim(id: Int64) -> LinkPageClaim {
            LinkPageClaim(token: ClaimToken.random(id: id), code: codes.code(forClaim: id), host: host)
        }
        let first = claim(id: 1), second = claim(id: 2)
        let firstResponse = render(first)
        guard let (parts, holes) = Self.cut(firstResponse.body, at: first),
              let (otherParts, otherHoles) = Self.cut(render(second).body, at: second),
              parts == otherParts, holes == otherHoles, !holes.isEmpty else { return nil }
        self.parts = parts
        self.holes = holes
        filledLength = firstResponse.body.count
        response = firstResponse
    }

    /// The bytes the template keeps: its constant parts and the rendered page it was cut from.
    package var byteCount: Int { parts.reduce(0) { $0 + $1.count } + response.body.count }

    /// The page for a claim with this token and code.
    package func response(token: ClaimToken, code: ClaimCode) -> HTTPResponse {
        let tokenBytes = Array(token.rawValue.utf8), codeBytes = Array(code.displayed.utf8)
        var body: [UInt8] = []
        body.reserveCapacity(filledLength)
        for (index, hole) in holes.enumerated() {
            body.append(contentsOf: parts[index])
            body.append(contentsOf: hole == .token ? tokenBytes : codeBytes)
        }
        body.append(contentsOf: parts[holes.count])
        var answer = response
        answer.body = body
        return answer
    }

    /// `body` cut at every occurrence of the claim's token and displayed code, in order.
    private static func cut(_ body: [UInt8], at claim: LinkPageClaim) -> ([[UInt8]], [Hole])? {
        let token = Array(claim.token.rawValue.utf8)
        guard let code = claim.code.map({ Array($0.displayed.utf8) }) else { return nil }
        var parts: [[UInt8]] = [], holes: [Hole] = []
        var start = 0, index = 0
        while index < body.count {
            if body[index...].starts(with: token) {
                parts.append(Array(body[start ..< index]))
                holes.append(.token)
                index += token.count
                start = index
            } else if body[index...].starts(with: code) {
                parts.append(Array(body[start ..< index]))
                holes.append(.code)
                index += code.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(body[start...]))
        return (parts, holes)
    }
}
