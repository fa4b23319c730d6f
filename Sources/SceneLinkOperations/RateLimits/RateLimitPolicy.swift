/// One class's budget: a token bucket holding at most `count` tokens (the burst), refilled at
/// `count` per `periodSeconds`. Each request takes one token; with none left it is refused.
public struct RateLimitPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The bucket's capacity and the tokens added per period.
    public var count: Int
    /// The period in seconds (1, 60, 3,600 or 86,400 as written with `s`, `min`, `h`, `d`).
    public var periodSeconds: Int

    public init(count: Int, periodSeconds: Int) {
        self.count = count
        self.periodSeconds = periodSeconds
    }

    /// Parses `COUNT/PERIOD` with PERIOD in a duration unit but `ms` (`600/min`, `600/m`), optionally with a
    /// number before the unit (`100/10s`).
    /// - Throws: a sentence naming the class and what to write instead.
    public init(parsing text: Substring, class name: String, flag: String = "rate-limit") throws(ConfigurationError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let example = "such as \(name)=600/min (PERIOD in s, min, h or d)"
        guard parts.count == 2, let count = Int(parts[0]), (1 ... 1_000_000_000).contains(count) else {
            throw ConfigurationError("--\(flag): \(name) takes COUNT/PERIOD with COUNT from 1 to 1000000000, \(example), not '\(text)'.")
        }
        let period = parts[1]
        let digits = period.prefix { $0.isASCII && $0.isNumber }
        let unit = period.dropFirst(digits.count)
        let multiple = digits.isEmpty ? 1 : (Int(digits) ?? 0)
        // The units of every duration flag (`DurationUnit`), in whole seconds.
        let unitSeconds = DurationUnit.allCases.first { $0 != .milliseconds && $0.spellings.contains(String(unit)) }
            .map { Int($0.milliseconds / 1_000) }
        guard let unitSeconds, (1 ... 1_000_000).contains(multiple) else {
            throw ConfigurationError("--\(flag): \(name) takes COUNT/PERIOD, \(example), not '\(text)'.")
        }
        self.init(count: count, periodSeconds: multiple * unitSeconds)
    }

    /// `600/min`, `20/s`, `100/h`, or `100/10s` for other periods.
    public var description: String {
        switch periodSeconds {
        case 1: "\(count)/s"
        case 60: "\(count)/min"
        case 3_600: "\(count)/h"
        default: periodSeconds % 3_600 == 0 ? "\(count)/\(periodSeconds / 3_600)h"
            : periodSeconds % 60 == 0 ? "\(count)/\(periodSeconds / 60)min" : "\(count)/\(periodSeconds)s"
        }
    }

    /// Tokens added per microsecond.
    package var tokensPerMicrosecond: Double { Double(count) / (Double(periodSeconds) * 1_000_000) }
}
