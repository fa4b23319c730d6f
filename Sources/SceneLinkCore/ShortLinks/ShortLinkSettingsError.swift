/// A short link's `preview`, `fallbacks`, `skipPage` or `campaign` that cannot be kept: the
/// member (`preview.image`) and what to give instead, in one sentence.
public struct ShortLinkSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where, such as `fallbacks.ios` or `campaign.utm_source`.
    public var member: String
    /// What is wrong and what to give instead.
    public var reason: String

    public init(member: String, reason: String) {
        self.member = member
        self.reason = reason
    }

    public var description: String { "\"\(member)\": \(reason)." }
}
