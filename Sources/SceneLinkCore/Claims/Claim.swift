import Foundation

/// One stored claim: the link a visitor's tap was for, its times, and its redemption.
///
/// Nothing else is kept: not the visitor's address, User-Agent or any device trait (the claims
/// tables have no column for them). The token's secret is kept only as a hash, and the code not at all: it is the id encrypted
/// with the store's key (`ClaimCodeCipher`).
public struct Claim: Sendable, Equatable {
    /// Where stores find the claim, and the id its token carries (`ClaimToken.nextID(at:)`).
    public var id: Int64
    /// The token's `ClaimToken.secretHash`.
    public var secretHash: [UInt8]
    /// The link the page was for (a link the route table resolved when the claim was made).
    public var link: String
    /// The name of the route the link resolved to when the claim was made (for the
    /// `claim.redeemed` event); nil for claims made before routes were kept.
    public var route: String?
    /// The short link whose page made the claim, nil when it was a link page of its own: its
    /// install counts under the code too, and the redeem answer names it (`claim.shortLink`).
    public var shortLink: ShortCode?
    public var createdAt: Date
    /// After this the claim is gone for every key (410 until it is swept, then 404).
    public var expiresAt: Date
    /// After this the short code no longer redeems the claim (the token still does).
    public var codeExpiresAt: Date
    /// Nil until an install redeems it.
    public var redemption: ClaimRedemption?

    public init(id: Int64, secretHash: [UInt8], link: String, route: String? = nil, shortLink: ShortCode? = nil, createdAt: Date,
                expiresAt: Date, codeExpiresAt: Date, redemption: ClaimRedemption? = nil) {
        self.id = id
        self.secretHash = secretHash
        self.link = link
        self.route = route
        self.shortLink = shortLink
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.codeExpiresAt = codeExpiresAt
        self.redemption = redemption
    }

    /// Whether `key` is this claim's: the token's id and secret (compared in constant time), or
    /// the id the code reads as. Stores find a candidate by `key.claimID` and answer it only
    /// when this holds.
    public func isFound(by key: ClaimKey) -> Bool {
        switch key {
        case .token(let token): return token.id == id && SessionToken.constantTimeEqual(token.secretHash, secretHash)
        case .code(_, let claimID): return claimID == id
        }
    }

    /// What redeeming this claim by `key` for `install` at `now` does. Every store applies this
    /// one rule, inside the transaction that reads the claim:
    /// 1. A claim already redeemed by `install` answers its redemption again (the app may retry),
    ///    even after it expired, until it is swept.
    /// 2. A claim redeemed by another install is refused (409).
    /// 3. An expired claim, or a code past its lifetime, is refused (410).
    /// 4. Otherwise the claim is redeemed now.
    public func redemptionDecision(by key: ClaimKey, install: UUID, source: ClaimSource, at now: Date) -> ClaimRedemptionDecision {
        if let redemption {
            return redemption.install == install ? .answerAgain(self) : .refuse(.redeemedByAnotherInstall)
        }
        if now >= expiresAt { return .refuse(.expired) }
        if case .code = key, now >= codeExpiresAt { return .refuse(.expired) }
        var redeemed = self
        redeemed.redemption = ClaimRedemption(install: install, source: source, redeemedAt: now)
        return .redeem(redeemed)
    }
}
