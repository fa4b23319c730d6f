/// What a visit is counted by: its class and the derived properties of the request, each
/// already reduced to what is kept (a referrer's host, a country's two letters).
public struct AnalyticsVisit: Sendable, Equatable {
    public var reading: UserAgentReading
    public var trigger: VisitTrigger
    /// The `Referer` host as `VisitReferrer` keeps it, or `(direct)`.
    public var referrer: String
    /// Two letters upper case, or `unknown`.
    public var country: String
    public var outcome: VisitOutcome
    /// The keyed hash of the client address and browser family under the day's salt, for
    /// distinct visitors; nil when uniques are not counted for it (previews and bots).
    public var visitor: UInt64?

    public init(reading: UserAgentReading, trigger: VisitTrigger, referrer: String, country: String, outcome: VisitOutcome,
                visitor: UInt64?) {
        self.reading = reading
        self.trigger = trigger
        self.referrer = referrer
        self.country = country
        self.outcome = outcome
        self.visitor = visitor
    }

    /// The value of `dimension` this visit is counted under in breakdowns; nil for a dimension
    /// that does not count it (`preview` counts previews only, the others people only).
    public func value(of dimension: AnalyticsDimension) -> String? {
        if dimension == .preview {
            guard reading.visitClass == .preview else { return nil }
            return (reading.previewer?.rawValue) ?? "other"
        }
        guard reading.visitClass == .human else { return nil }
        switch dimension {
        case .platform: return reading.platform.rawValue
        case .browser: return reading.browser.rawValue
        case .referrer: return referrer
        case .country: return country
        case .trigger: return trigger.rawValue
        case .outcome: return outcome.rawValue
        case .preview: return nil
        }
    }
}
