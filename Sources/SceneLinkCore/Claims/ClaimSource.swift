/// How an app found the claim it redeems; kept with the redemption and counted in metrics.
public enum ClaimSource: String, Sendable, Equatable, CaseIterable {
    /// The Play Install Referrer (`scenelink_claim=TOKEN`).
    case referrer
    /// A claim URL (`https://HOST/c/TOKEN`) pasted or opened, or its bare token.
    case url
    /// The short code a person typed.
    case code
}
