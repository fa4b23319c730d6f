import Foundation

/// RFC 3339 instants (§5.6) as every answer and request body of the service writes and reads
/// them: `2026-12-21T18:20:43Z`.
package enum RFC3339 {
    /// `date` in whole seconds, UTC.
    package static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt))
    }

    /// The instant `text` names, with or without fractional seconds and in any offset; nil when
    /// malformed.
    package static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
