import Foundation

/// One stored claim: the link a visitor's tap was for, its times, and its redemption.
///
/// Nothing else is kept: not the visitor's address, User-Agent or any device trait (the claims
/// tables have no column for them). The token and the code are kept as their SHA-256 hashes.
public struct Claim: Sendable, Equatable {
    /// SHA-256 of the token (`ClaimToken.hash`).
    public var tokenHash: [UInt8]
    /// SHA-256 of the short code (`ClaimCode.hash`).
    public var codeHash: [UInt8]
    /// The link the page was for (a link the route table resolved when the claim was made).
    public var link: String
    /// The name of the route the link resolved to when the claim was made (for the
    /// `claim.redeemed` event); nil for claims made before routes were kept.
    public var route: String?
    public var createdAt: Date
    /// After this the claim is gone for every key (410 until it is swept, then 404).
    public var expiresAt: Date
    /// After this the short code no longer redeems the claim (the token still does).
    public var codeExpiresAt: Date
    /// Nil until an install redeems it.
    public var redemption: ClaimRedemption?

    public init(tokenHash: [UInt8], codeHash: [UInt8], link: String, route: String? = nil, createdAt: Date, expiresAt: Date,
                codeExpiresAt: Date, redemption: ClaimRedemption? = nil) {
        self.tokenHash = tokenHash
        self.codeHash = codeHash
        self.link = link
        self.route = route
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.codeExpiresAt = codeExpiresAt
        self.redemption = redemption
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
