/// What `Claim.redemptionDecision` says a store must do.
public enum ClaimRedemptionDecision: Sendable, Equatable {
    /// Store this claim (now with its redemption) and answer it.
    case redeem(Claim)
    /// Answer the stored claim unchanged: its install redeems it again.
    case answerAgain(Claim)
    /// Change nothing and answer this.
    case refuse(ClaimRedemptionOutcome)
}
