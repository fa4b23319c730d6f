/// Why a claim as presented for redemption (or in a claim URL) cannot be read.
public enum ClaimInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a token: 27 characters of `A-Z a-z 0-9 - _` (see `ClaimToken`).
    case malformedToken(String)
    /// Not a code: 8 characters of Crockford base32, `ABCD-EFGH`.
    case malformedCode(String)
    /// An https URL that is not `https://HOST/c/TOKEN` on one of the app's hosts.
    case notAClaimURL(String)
    /// A Play referrer string without a `scenelink_claim` item.
    case noClaimInReferrer(String)
    /// Nothing that reads as a token, a code, a claim URL or a referrer string.
    case unrecognised(String)

    public var description: String {
        switch self {
        case .malformedToken(let text):
            return "'\(Self.clipped(text))' is not a claim token: a token is 27 characters of A-Z, a-z, 0-9, '-' and '_' as the link page gave it."
        case .malformedCode(let text):
            return "'\(Self.clipped(text))' is not a claim code: a code is 8 characters of 0-9 and A-Z without U, like ABCD-EFGH."
        case .notAClaimURL(let text):
            return "'\(Self.clipped(text))' is not a claim URL of this server: send https://HOST/c/TOKEN as the link page gave it."
        case .noClaimInReferrer(let text):
            return "The referrer string '\(Self.clipped(text))' has no scenelink_claim item: send the referrer as Play reported it."
        case .unrecognised(let text):
            return "'\(Self.clipped(text))' is not a claim: send a claim token, a code like ABCD-EFGH, a claim URL or a Play referrer string."
        }
    }

    /// Input echoed in a sentence is cut at 80 characters.
    private static func clipped(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
