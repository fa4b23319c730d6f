import SceneLinkCore

/// The visitor's platform, for the link page's fallback: where to send someone who does not
/// have the app (the App Store, Google Play, or the web page).
public enum LinkPlatform: String, Sendable, CaseIterable {
    case ios
    case android
    case web

    /// The platform a `User-Agent` names.
    ///
    /// `iPhone`, `iPad` or `iPod` → `ios`; else `Android` → `android`; anything else, and no
    /// `User-Agent`, → `web`. (iPadOS Safari in its default desktop mode says `Macintosh` and
    /// gets `web`, the same page a Mac gets.) Matching is case-sensitive, as the tokens are sent.
    public init(userAgent: String?) {
        guard let userAgent else {
            self = .web
            return
        }
        var text = userAgent
        self = text.withUTF8 { bytes in
            if Self.contains(bytes, "iPhone") || Self.contains(bytes, "iPad") || Self.contains(bytes, "iPod") {
                return .ios
            }
            return Self.contains(bytes, "Android") ? .android : .web
        }
    }

    /// Whether `bytes` hold `token`: a plain scan, as a User-Agent is a few hundred bytes.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ token: StaticString) -> Bool {
        token.withUTF8Buffer { needle in
            guard let first = needle.first, bytes.count >= needle.count else { return false }
            var start = 0
            while start + needle.count <= bytes.count {
                if bytes[start] == first {
                    var offset = 1
                    while offset < needle.count, bytes[start + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// The index of the platform in `LinkPlatform.allCases`.
    var index: Int {
        switch self {
        case .ios: 0
        case .android: 1
        case .web: 2
        }
    }

    /// The fallback page for this platform.
    func fallback(in fallback: LinkFallback) -> String? {
        switch self {
        case .ios: fallback.ios
        case .android: fallback.android
        case .web: fallback.web
        }
    }
}
