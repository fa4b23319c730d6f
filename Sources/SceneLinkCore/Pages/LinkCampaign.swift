import Foundation

/// The campaign a visit came from: Google Analytics' UTM parameters and the App Store's
/// campaign tokens, as Firebase Dynamic Links carried them.
///
/// A link page hands them on to every link it offers a visitor without the app
/// (`LinkCampaign+Destinations`): `utm_…` to website fallbacks, the five UTM values as Google
/// Play's install `referrer`, and `pt`, `ct`, `mt` and `at` to App Store pages. A destination's
/// own parameter of the same name is kept, never replaced.
public struct LinkCampaign: Sendable, Equatable {
    /// The parameter names, in the order they are written: the five UTM parameters, then the
    /// App Store's provider token, campaign token, media type and affiliate token.
    public static let names = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "pt", "ct", "mt", "at"]
    /// The UTM parameters among `names`.
    public static let utmNames = Array(names.prefix(5))
    /// The App Store's campaign tokens among `names`.
    public static let appStoreNames = Array(names.suffix(4))

    /// The values by name (each name one of `names`), in `names`' order.
    public private(set) var values: [(name: String, value: String)]

    /// No campaign.
    public static let none = LinkCampaign()

    public init() {
        values = []
    }

    public static func == (a: LinkCampaign, b: LinkCampaign) -> Bool {
        a.values.elementsEqual(b.values) { $0.name == $1.name && $0.value == $1.value }
    }

    /// True when no parameter is set.
    public var isEmpty: Bool { values.isEmpty }

    /// The value of parameter `name`, nil when unset.
    public subscript(name: String) -> String? {
        get { values.first { $0.name == name }?.value }
        set {
            values.removeAll { $0.name == name }
            guard let newValue, let rank = Self.names.firstIndex(of: name) else { return }
            let at = values.firstIndex { (Self.names.firstIndex(of: $0.name) ?? 0) > rank } ?? values.endIndex
            values.insert((name, newValue), at: at)
        }
    }

    /// This campaign with `other`'s values where this one has none.
    public func filling(from other: LinkCampaign) -> LinkCampaign {
        var merged = self
        for (name, value) in other.values where merged[name] == nil { merged[name] = value }
        return merged
    }

    /// The campaign parameters of a URL query (`utm_source=news&x=1`, without `?`): each name of
    /// `names` with a non-empty value, percent-decoded (`+` as a space), the first of repeats;
    /// other parameters are not a campaign's. Values longer than `LinkCampaignRules.maximumLength`
    /// are not taken.
    public init(query: Substring) {
        self.init()
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = Self.names.first(where: { $0.utf8.elementsEqual(parts[0].utf8) }),
                  self[name] == nil else { continue }
            let raw = String(parts[1]).replacingOccurrences(of: "+", with: " ")
            guard let value = raw.removingPercentEncoding, !value.isEmpty,
                  LinkCampaignRules.problem(name: name, value: value) == nil else { continue }
            self[name] = value
        }
    }

    /// The campaign parameters of `link`'s query (after `?`, before `#`); none without a query.
    public init(link: String) {
        guard let mark = link.firstIndex(of: "?") else {
            self.init()
            return
        }
        let rest = link[link.index(after: mark)...]
        self.init(query: rest[..<(rest.firstIndex(of: "#") ?? rest.endIndex)])
    }
}
