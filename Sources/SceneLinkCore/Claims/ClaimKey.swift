/// What identifies a claim when it is redeemed: its token (from a URL or a referrer) or its
/// short code (typed). Either one carries the id stores find the claim by.
public enum ClaimKey: Hashable, Sendable {
    case token(ClaimToken)
    /// A code, with the id of the claim it reads as (`ClaimCodeCipher.claimID(of:at:)`).
    case code(ClaimCode, claimID: Int64)

    /// The id of the claim this key finds, if there is one (`Claim.isFound(by:)` decides).
    public var claimID: Int64 {
        switch self {
        case .token(let token): return token.id
        case .code(_, let claimID): return claimID
        }
    }
}
