/// Parsers for flag and environment values, each failing with a sentence that names the flag.
enum ValueParser {
    /// A whole number in `range`.
    static func integer(_ text: String, flag: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError("--\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return value
    }

    /// A duration such as `30d`, `12h`, `15m`, `10s`, `250ms`, or plain seconds (`2.5`).
    static func duration(_ text: String, flag: String) throws(ConfigurationError) -> Duration {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
        var number = Substring(text)
        var scale = 1.0
        for unit in units where text.hasSuffix(unit.suffix) {
            let candidate = text.dropLast(unit.suffix.count)
            if Double(candidate) != nil { number = candidate; scale = unit.seconds; break }
        }
        guard let value = Double(number), value.isFinite, value > 0, value * scale <= 10 * 365 * 86400 else {
            throw ConfigurationError("--\(flag) takes a positive duration such as 30d, 12h, 15m, 10s or 250ms, not '\(text)'.")
        }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }

    /// `on`/`off` (also true/false, yes/no, 1/0).
    static func switchValue(_ text: String, flag: String) throws(ConfigurationError) -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw ConfigurationError("--\(flag) takes on or off, not '\(text)'.")
        }
    }

    /// A non-empty value.
    static func nonEmpty(_ text: String, flag: String) throws(ConfigurationError) -> String {
        guard !text.isEmpty else { throw ConfigurationError("--\(flag) needs a value.") }
        return text
    }

    /// `duration` as `duration(_:flag:)` reads it: whole days as `30d`, whole seconds as
    /// `60s`, anything else in milliseconds.
    static func text(of duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds > 0, milliseconds % 86_400_000 == 0 { return "\(milliseconds / 86_400_000)d" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }
}
