/// `app.pages.theme`: the team's colours and logo on its link pages.
///
/// The page's text is `text` on `background`; the "Open in the app" button is `background`
/// on `accent`, and the other buttons `accent` on `background`. The loader refuses a theme
/// where either pair has a contrast below WCAG 2 AA's 4.5 (`minimumContrast`), so every
/// word on a themed page stays readable.
public struct PageTheme: Sendable, Equatable {
    /// WCAG 2 level AA's contrast for body text (success criterion 1.4.3).
    public static let minimumContrast = 4.5

    public var accent: PageColor
    public var background: PageColor
    public var text: PageColor
    /// An https image URL shown above the app's name, its alt text the app's name.
    public var logo: String?

    public init(accent: PageColor, background: PageColor, text: PageColor, logo: String? = nil) {
        self.accent = accent
        self.background = background
        self.text = text
        self.logo = logo
    }

    /// The origin the page's Content-Security-Policy allows images from: the logo's, or nil.
    public var logoOrigin: String? { logo.flatMap(Self.origin(ofLogo:)) }

    /// `https://host[:port]` of a logo URL, for the page's `img-src`; nil unless the URL is https
    /// with a host name and holds nothing a header or an attribute would read otherwise.
    public static func origin(ofLogo url: String) -> String? {
        guard url.utf8.count <= 2048, url.lowercased().hasPrefix("https://") else { return nil }
        let forbidden = "\"'<>\\`{}|^;,".utf8
        guard url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f && !forbidden.contains($0) }) else { return nil }
        let authority = url.utf8.dropFirst(8).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let text = String(decoding: authority, as: UTF8.self)
        guard !text.contains("@") else { return nil }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard RouteFileLoader.isHostSyntax(parts[0].lowercased()) else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].count <= 5, parts[1].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        }
        return "https://" + text.lowercased()
    }
}
