import Foundation

/// A redeemed claim: the link the person tapped before installing the app, resolved, and how
/// the claim was found.
///
/// ```swift
/// let claimed = try await client.redeemClaim(referrer, install: installID)
/// path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self,
///                                                from: claimed.resolution.navigationPath))
/// ```
public struct ClaimedLink: Sendable, Hashable {
    /// The claimed link, resolved as `resolve(_:)` resolves it.
    public var resolution: LinkResolution
    /// How the claim was found when it was first redeemed.
    public var source: ClaimSource
    /// When it was first redeemed (a retry by the same install answers the same instant).
    public var redeemedAt: Date
    /// The code of the short link whose page made the claim (a campaign's link), nil when the
    /// person came by the link itself: for the app's own attribution.
    public var shortLink: String?

    public init(resolution: LinkResolution, source: ClaimSource, redeemedAt: Date, shortLink: String? = nil) {
        self.resolution = resolution
        self.source = source
        self.redeemedAt = redeemedAt
        self.shortLink = shortLink
    }
}
