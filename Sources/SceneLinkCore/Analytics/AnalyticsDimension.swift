/// One property of a visit that breakdowns count human visits by (`preview` counts previews
/// by the previewer's name). Each is kept as its own marginal: there are no cross-tabs.
public enum AnalyticsDimension: String, Sendable, CaseIterable, Hashable {
    case platform
    case browser
    case referrer
    case country
    case trigger
    case outcome
    case preview
}
