import Foundation

/// A claim as it is made for a link page: the token and code the visitor is handed, and the
/// claim to store (which keeps only their hashes).
///
/// ```swift
/// let ticket = ClaimTicket.issue(link: "fuelmoney://account", route: "account", at: now,
///                                lifetime: 7 * 86_400, codeLifetime: 3_600, codes: store.claimCodes)
/// store.createClaim(ticket.claim) { ... }
/// ```
public struct ClaimTicket: Sendable, Equatable {
    public var token: ClaimToken
    public var code: ClaimCode
    public var claim: Claim

    public init(token: ClaimToken, code: ClaimCode, claim: Claim) {
        self.token = token
        self.code = code
        self.claim = claim
    }

    /// A new claim for `link` with a fresh token and code.
    /// - Parameters:
    ///   - route: the name of the route `link` resolved to, kept for the `claim.redeemed` event.
    ///   - lifetime: seconds until the claim expires.
    ///   - codeLifetime: seconds until the short code stops working (at most `lifetime`, and at
    ///     most `ClaimCodeCipher.maximumCodeLifetime`).
    ///   - codes: the store's cipher, which makes the code from the claim's id.
    public static func issue(link: String, route: String? = nil, shortLink: ShortCode? = nil, at now: Date, lifetime: TimeInterval,
                             codeLifetime: TimeInterval, codes: ClaimCodeCipher) -> ClaimTicket {
        let token = ClaimToken.random(id: ClaimToken.nextID(at: now))
        let code = codes.code(forClaim: token.id)
        let expiresAt = now.addingTimeInterval(lifetime)
        let codeLifetime = min(codeLifetime, ClaimCodeCipher.maximumCodeLifetime)
        let claim = Claim(id: token.id, secretHash: token.secretHash, link: link, route: route, shortLink: shortLink,
                          createdAt: now, expiresAt: expiresAt,
                          codeExpiresAt: min(expiresAt, now.addingTimeInterval(codeLifetime)))
        return ClaimTicket(token: token, code: code, claim: claim)
    }

    /// The key a person typing the ticket's code redeems it by.
    public var codeKey: ClaimKey { .code(code, claimID: claim.id) }
}
