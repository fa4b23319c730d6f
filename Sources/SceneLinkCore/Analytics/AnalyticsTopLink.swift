/// One short link among the most visited (`AnalyticsStore.analyticsTopLinks`): its scope
/// (`link:CODE`) and its human visits over the days asked for.
public struct AnalyticsTopLink: Equatable, Sendable {
    public var scope: String
    public var human: Int64

    public init(scope: String, human: Int64) {
        self.scope = scope
        self.human = human
    }

    /// The link's code (the scope without `link:`).
    public var code: String { String(scope.dropFirst(AnalyticsTopLink.scopePrefix.count)) }

    /// The prefix of every short link's scope.
    public static let scopePrefix = "link:"
}
