/// What identifies a claim when it is redeemed: its token (from a URL or a referrer) or its
/// short code (typed).
public enum ClaimKey: Hashable, Sendable {
    case token(ClaimToken)
    case code(ClaimCode)
}
