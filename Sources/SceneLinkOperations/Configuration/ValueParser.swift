import SceneLinkNetwork

/// Parsers for flag and environment values, each failing with a sentence that names the flag.
package enum ValueParser {
    /// A whole number in `range`.
    package static func integer(_ text: String, flag: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError("--\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return value
    }

    /// A duration with its unit (`DurationUnit`): `30d`, `12h`, `15min` (or `15m`), `10s`,
    /// `250ms`, `2.5s`. A number without a unit is refused: it could mean any of them.
    package static func duration(_ text: String, flag: String) throws(ConfigurationError) -> Duration {
        guard let (number, unit) = DurationUnit.split(Substring(text)), let value = Double(number) else {
            if let number = Double(text), number.isFinite {
                throw ConfigurationError("--\(flag) needs a unit after the number, one of \(DurationUnit.listed) "
                                         + "(such as \(text)s for seconds), not '\(text)'.")
            }
            throw ConfigurationError("--\(flag) takes a positive duration such as 30d, 12h, 15min, 10s or 250ms, not '\(text)'.")
        }
        let milliseconds = value * Double(unit.milliseconds)
        guard milliseconds.isFinite, milliseconds >= 1, milliseconds <= 10 * 365 * 86_400_000 else {
            throw ConfigurationError("--\(flag) takes a positive duration of at most 3650d, such as 30d, 12h, 15min, 10s or 250ms, not '\(text)'.")
        }
        return .milliseconds(Int64(milliseconds.rounded()))
    }

    /// `on`/`off` (also true/false, yes/no, 1/0).
    package static func switchValue(_ text: String, flag: String) throws(ConfigurationError) -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw ConfigurationError("--\(flag) takes on or off, not '\(text)'.")
        }
    }

    /// A non-empty value.
    package static func nonEmpty(_ text: String, flag: String) throws(ConfigurationError) -> String {
        guard !text.isEmpty else { throw ConfigurationError("--\(flag) needs a value.") }
        return text
    }

    /// `duration` as `duration(_:flag:)` reads it: whole days as `30d`, whole seconds as
    /// `60s`, anything else in milliseconds.
    package static func text(of duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        if milliseconds > 0, milliseconds % 86_400_000 == 0 { return "\(milliseconds / 86_400_000)d" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }
}
