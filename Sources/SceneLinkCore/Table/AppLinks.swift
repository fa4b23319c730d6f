/// The app's links metadata from the route file: the apps that open its https links and
/// the default fallback when none is installed. Every part is optional; a route file
/// without them loads as before.
public struct AppLinks: Sendable, Equatable {
    /// `app.apple`.
    public var apple: AppleApp?
    /// `app.android`: one app, or several (each gets its own statement in `assetlinks.json`).
    public var android: [AndroidApp]
    /// `app.fallback`.
    public var fallback: LinkFallback

    public init(apple: AppleApp? = nil, android: [AndroidApp] = [], fallback: LinkFallback = LinkFallback()) {
        self.apple = apple
        self.android = android
        self.fallback = fallback
    }
}
