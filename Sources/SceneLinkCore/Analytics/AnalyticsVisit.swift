/// What a visit is counted by: its class and the derived properties of the request, each
/// already reduced to what is kept (a referrer's host, a country's two letters).
public struct AnalyticsVisit: Sendable, Hashable {
    public var reading: UserAgentReading
    public var trigger: VisitTrigger
    /// The `Referer` host as `VisitReferrer` keeps it, or `(direct)`.
    public var referrer: String
    /// Two letters upper case, or `unknown`.
    public var country: String
    public var outcome: VisitOutcome

    public init(reading: UserAgentReading, trigger: VisitTrigger, referrer: String, country: String, outcome: VisitOutcome) {
        self.reading = reading
        self.trigger = trigger
        self.referrer = referrer
        self.country = country
        self.outcome = outcome
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
