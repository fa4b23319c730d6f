/// How the app found the claim it redeemed, as the server recorded it.
public enum ClaimSource: String, Sendable, Hashable, Codable {
    /// The Play Install Referrer (`scenelink_claim=TOKEN`).
    case referrer
    /// A claim URL (`https://HOST/c/TOKEN`) pasted or opened, or its bare token.
    case url
    /// The short code the person typed.
    case code
}
