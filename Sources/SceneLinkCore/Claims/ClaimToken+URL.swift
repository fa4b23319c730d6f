extension ClaimToken {
    /// The path prefix of claim URLs on the app's hosts: `https://HOST/c/TOKEN`.
    public static let pathPrefix = "/c/"

    /// The claim URL that carries this token on `host`.
    public func claimURL(host: String) -> String { "https://\(host)\(ClaimToken.pathPrefix)\(rawValue)" }

    /// The token text of a claim URL, `https://HOST/c/TOKEN`, where HOST is one of `hosts`; nil
    /// for any other link. Read by `LinkScanner` as short links are (see
    /// `ShortCode.codeText(inShortLink:hosts:)`); the token is returned as written, not validated.
    public static func tokenText(inClaimURL link: String, hosts: [String]) -> String? {
        LinkScanner.segment(after: "c", inLink: link, hosts: hosts)
    }

    /// The Play Store referrer value that carries this token: `scenelink_claim=TOKEN`.
    public var playReferrer: String { ClaimReference.referrerItemName + "=" + rawValue }
}
