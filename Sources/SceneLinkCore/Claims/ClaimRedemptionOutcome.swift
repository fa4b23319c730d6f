/// How a store answered a redemption.
public enum ClaimRedemptionOutcome: Sendable, Equatable {
    /// Redeemed by this install, now or before; the claim carries the redemption. → 200
    case redeemed(Claim)
    /// No claim has this token or code. → 404
    case unknown
    /// Another install redeemed the claim. → 409
    case redeemedByAnotherInstall
    /// The claim (or, for a code, the code) expired before anyone redeemed it. → 410
    case expired
}
