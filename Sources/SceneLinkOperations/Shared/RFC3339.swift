import Foundation

/// RFC 3339 instants (§5.6) as every answer and request body of the service writes and reads
/// them: `2026-12-21T18:20:43Z`.
package enum RFC3339 {
    /// `date` in whole seconds, UTC.
    package static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt))
    }

    /// The instant `text` names (`date-time` of RFC 3339 §5.6: `T` or `t`, `Z`, `z` or an offset
    /// `±hh:mm`, fractional seconds of any length), read from its bytes: an import reads one per
    /// row, where a formatter made per call cost most of the import. Nil when malformed, when a
    /// field is out of range (month 13, February 30, hour 24, offset hour 24), and for a leap
    /// second (`:60`), which `Date` cannot hold.
    package static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = digits(0, 4), bytes[4] == UInt8(ascii: "-"), let month = digits(5, 2), bytes[7] == UInt8(ascii: "-"),
              let day = digits(8, 2), bytes[10] | 0x20 == UInt8(ascii: "t"), let hour = digits(11, 2), bytes[13] == UInt8(ascii: ":"),
              let minute = digits(14, 2), bytes[16] == UInt8(ascii: ":"), let second = digits(17, 2) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60 else {
            return nil
        }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] | 0x20 {
        case UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        default:
            guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), index + 6 == bytes.count,
                  let hours = digits(index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"), let minutes = digits(index + 4, 2),
                  hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
