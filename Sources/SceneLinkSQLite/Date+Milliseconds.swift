import Foundation

extension Date {
    /// Instants are stored as whole milliseconds since 1970 (UTC) in INTEGER columns.
    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    var millisecondsSince1970: Int64 {
        let value = (timeIntervalSince1970 * 1000).rounded(.down)
        // Clamp instead of trapping on absurd dates.
        if value >= Double(Int64.max) { return .max }
        if value <= Double(Int64.min) { return .min }
        return Int64(value)
    }
}
