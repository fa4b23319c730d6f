import SceneLinkCore

/// The visitor's platform, for the link page's fallback: where to send someone who does not
/// have the app (the App Store, Google Play, or the web page).
public enum LinkPlatform: String, Sendable, CaseIterable {
    case ios
    case android
    case web

    /// The platform a `User-Agent` names (`UserAgentReading`): iOS and iPadOS in its phone
    /// mode → `ios`, Android → `android`, anything else, and no `User-Agent`, → `web`. (iPadOS
    /// Safari in its default desktop mode says `Macintosh` and gets `web`, the same page a Mac gets.)
    public init(userAgent: String?) {
        self.init(UserAgentReading(userAgent: userAgent).platform)
    }

    /// The link page's platform for an analytics platform.
    public init(_ platform: VisitPlatform) {
        switch platform {
        case .ios: self = .ios
        case .android: self = .android
        default: self = .web
        }
    }

    /// The index of the platform in `LinkPlatform.allCases`.
    package var index: Int {
        switch self {
        case .ios: 0
        case .android: 1
        case .web: 2
        }
    }

    /// The fallback page for this platform.
    package func fallback(in fallback: LinkFallback) -> String? {
        switch self {
        case .ios: fallback.ios
        case .android: fallback.android
        case .web: fallback.web
        }
    }
}
