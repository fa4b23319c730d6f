/// Where a link goes when the app is not installed: a web page for every visitor, and
/// optionally other pages for iOS and Android visitors (`app.fallback`, or a route's `fallback`).
public struct LinkFallback: Sendable, Equatable {
    /// The page for browsers on other platforms (and for iOS and Android when they have none).
    public var web: String?
    /// The page for iPhone and iPad visitors.
    public var ios: String?
    /// The page for Android visitors.
    public var android: String?

    public init(web: String? = nil, ios: String? = nil, android: String? = nil) {
        self.web = web
        self.ios = ios
        self.android = android
    }
}
