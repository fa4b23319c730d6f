/// Why an analytics query was refused: each case prints what to send instead. → 400
public enum AnalyticsQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidScope(String)
    case invalidDimension(String)
    case invalidInterval(String)
    case unknownTimeZone(String)
    case invalidDate(name: String, value: String)
    case reversedRange(from: String, to: String)
    case rangeTooLong(days: Int, maximum: Int)
    case purgeNeedsLinkScope(String)

    public var description: String {
        switch self {
        case .invalidScope(let text):
            return "The scope '\(text)' is not one of all, link:CODE (a short link's code) or route:NAME (a route's name)."
        case .invalidDimension(let text):
            return "The dimension '\(text)' is not one of \(AnalyticsDimension.allCases.map(\.rawValue).joined(separator: ", "))."
        case .invalidInterval(let text):
            return "The interval '\(text)' is not one of \(AnalyticsInterval.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownTimeZone(let text):
            return "The time zone '\(text)' is not an IANA zone; send a name such as UTC, Europe/Berlin or Asia/Kolkata."
        case .invalidDate(let name, let value):
            return "The \(name) date '\(value)' is not a calendar date; send YYYY-MM-DD."
        case .reversedRange(let from, let to):
            return "The range ends (\(to)) before it starts (\(from)); send to on or after from."
        case .rangeTooLong(let days, let maximum):
            return "The range spans \(days) days, more than the \(maximum) days analytics keeps; send a shorter range."
        case .purgeNeedsLinkScope(let text):
            return "Only one short link's analytics can be purged: send scope=link:CODE, not '\(text)'."
        }
    }
}
