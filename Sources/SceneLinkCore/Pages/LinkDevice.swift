/// The device a link page's visitor is on, as finely as a link's own fallbacks tell them apart
/// (`ShortLinkFallbacks`): the route file's fallbacks know iOS, Android and the web only.
public enum LinkDevice: String, Sendable, CaseIterable {
    case iPhone = "iphone"
    case iPad = "ipad"
    case android
    case desktop

    /// The device a `User-Agent` names: `iPad` → `iPad`; otherwise what `platform` (the
    /// analytics reading of the same field) says. iPadOS Safari in its desktop mode says
    /// `Macintosh` and is a `desktop`.
    public init(userAgent: String?, platform: VisitPlatform) {
        switch platform {
        case .ios: self = (userAgent?.contains("iPad") ?? false) ? .iPad : .iPhone
        case .android: self = .android
        default: self = .desktop
        }
    }
}
