/// What one short link sets for itself over its route's link page, each part optional
/// (Firebase Dynamic Links' per-link parameters):
///
/// | member | FDL | what it does |
/// |---|---|---|
/// | `preview` | `st`, `sd`, `si` | the social card's title, description and https image |
/// | `fallbacks` | `ifl`, `ipfl`, `afl`, `ofl` | where a visitor without the app goes, by device |
/// | `skipPage` | `efr=1` | a browser is sent on at once (a redirect), with no page in between |
/// | `campaign` | `utm_…`, `pt`, `ct`, `mt`, `at` | handed on to every fallback and store link |
///
/// A part left unset is the route's (its `preview` and `fallback` in the route file).
public struct ShortLinkSettings: Sendable, Equatable {
    /// The card's title, description and image; each nil keeps the route's.
    public var preview: LinkPreview
    public var fallbacks: ShortLinkFallbacks
    /// True: a browser is redirected to its fallback at once (a link-preview scraper still gets
    /// the card, and a JSON client the resolve document).
    public var skipPage: Bool
    public var campaign: LinkCampaign

    /// The longest preview title, in characters (as a link's own title).
    public static let maximumPreviewTitleLength = 200
    /// The longest preview description, in characters.
    public static let maximumPreviewDescriptionLength = 1000
    /// The longest URL (an image or a fallback), in bytes, as the longest target link.
    public static let maximumURLBytes = 2048

    /// Nothing set: the route's page as it is.
    public static let none = ShortLinkSettings()

    public init(preview: LinkPreview = LinkPreview(), fallbacks: ShortLinkFallbacks = ShortLinkFallbacks(),
                skipPage: Bool = false, campaign: LinkCampaign = .none) {
        self.preview = preview
        self.fallbacks = fallbacks
        self.skipPage = skipPage
        self.campaign = campaign
    }

    /// True when nothing is set.
    public var isEmpty: Bool {
        preview == LinkPreview() && fallbacks.isEmpty && !skipPage && campaign.isEmpty
    }

    /// These settings for a visit of `target` (the link's own target): the campaign parameters of
    /// the target's query (`?utm_source=…`) fill what `campaign` leaves unset, so a campaign
    /// written into the target reaches the visitor's fallback and store links too.
    public func visiting(_ target: String) -> ShortLinkSettings {
        var settings = self
        settings.campaign = campaign.filling(from: LinkCampaign(link: target))
        return settings
    }

    /// The fallback this link sets for a visitor on `device`, nil to keep the route's: an iPad
    /// takes `ipad`, else `ios`.
    public func fallback(for device: LinkDevice) -> String? {
        switch device {
        case .iPhone: fallbacks.ios
        case .iPad: fallbacks.ipad ?? fallbacks.ios
        case .android: fallbacks.android
        case .desktop: fallbacks.desktop
        }
    }
}
