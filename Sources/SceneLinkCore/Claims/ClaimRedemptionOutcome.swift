/// How a store answered a redemption.
public enum ClaimRedemptionOutcome: Sendable, Equatable {
    /// Redeemed by this install now; the claim carries the redemption. → 200 (an install counted)
    case redeemed(Claim)
    /// Redeemed by this same install before (the app retried); the claim carries that first
    /// redemption. → 200, the same answer
    case redeemedBefore(Claim)
    /// No claim has this token or code. → 404
    case unknown
    /// Another install redeemed the claim. → 409
    case redeemedByAnotherInstall
    /// The claim (or, for a code, the code) expired before anyone redeemed it. → 410
    case expired

    /// The redeemed claim of `.redeemed` and `.redeemedBefore`, nil for a refusal.
    public var redeemedClaim: Claim? {
        switch self {
        case .redeemed(let claim), .redeemedBefore(let claim): claim
        case .unknown, .redeemedByAnotherInstall, .expired: nil
        }
    }
}
