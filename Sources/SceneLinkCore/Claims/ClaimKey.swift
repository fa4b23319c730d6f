/// What identifies a claim when it is redeemed: its token (from a URL or a referrer) or its
/// short code (typed).
public enum ClaimKey: Hashable, Sendable {
    case token(ClaimToken)
    case code(ClaimCode)

    /// The hash stores look the claim up by (`Claim.tokenHash` or `Claim.codeHash`).
    public var hash: [UInt8] {
        switch self {
        case .token(let token): return token.hash
        case .code(let code): return code.hash
        }
    }
}
