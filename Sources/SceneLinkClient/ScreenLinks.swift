import Foundation

/// The canonical links of one screen: what `links(for:)` answers (share this screen) and what
/// a `LinkResolution` carries.
public struct ScreenLinks: Sendable, Hashable {
    /// The route that yields the stack; nil for the empty stack of an app without a `/` route.
    public var route: String?
    /// The custom-scheme link, such as `fuelmoney://settings/account`; nil when the app has no scheme.
    public var scheme: String?
    /// The https (universal) link; nil when the app lists no host.
    public var https: String?

    /// Creates the links.
    public init(route: String?, scheme: String?, https: String?) {
        self.route = route
        self.scheme = scheme
        self.https = https
    }

    /// The https link as a URL, for `ShareLink`; nil when there is none.
    public var httpsURL: URL? { https.flatMap { URL(string: $0) } }

    /// The custom-scheme link as a URL; nil when there is none.
    public var schemeURL: URL? { scheme.flatMap { URL(string: $0) } }
}
