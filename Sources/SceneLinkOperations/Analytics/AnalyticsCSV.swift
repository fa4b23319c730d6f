import SceneLinkCore
import SceneLinkHTTP

/// CSV for analytics answers (`Accept: text/csv`): RFC 4180 (CRLF line ends; a field with a
/// comma, a quote, CR or LF quoted, its quotes doubled), and safe to open in a spreadsheet: a
/// cell that starts with `=`, `+`, `-`, `@`, a tab or CR gets a leading `'`, so it is never read as
/// a formula (OWASP, CSV injection).
package enum AnalyticsCSV {
    /// The media type answered.
    package static let contentType = "text/csv; charset=utf-8; header=present"

    /// One record, with its line end.
    package static func row(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: ",") + "\r\n"
    }

    /// One field, neutralised and quoted as needed.
    package static func cell(_ text: String) -> String {
        var text = text
        if let first = text.utf8.first, [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
                                        UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(first) {
            text = "'" + text
        }
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\r")
            || $0 == UInt8(ascii: "\n") }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The time series as CSV: `start` and each count, a row per bucket.
    package static func text(_ timeseries: AnalyticsOperations.Timeseries) -> String {
        var body = AnalyticsCSV.row(["start"] + AnalyticsCounts.names)
        for bucket in timeseries.buckets { body += AnalyticsCSV.row([bucket.start] + bucket.counts.values.map(String.init)) }
        return body
    }

    /// The breakdown as CSV: `value,count`, largest first.
    package static func text(_ breakdown: AnalyticsOperations.Breakdown) -> String {
        var body = AnalyticsCSV.row(["value", "count"])
        for row in breakdown.rows { body += AnalyticsCSV.row([row.value, String(row.count)]) }
        return body
    }

    /// `body` as an analytics CSV attachment named `scenelink-NAME.csv`, never cached.
    package static func response(_ body: String, name: String) -> HTTPResponse {
        var response = HTTPResponse(contentType: contentType, body: Array(body.utf8))
        response.headers.set("Cache-Control", "no-store")
        response.headers.set("Vary", "Accept")
        response.headers.set("Content-Disposition", "attachment; filename=\"scenelink-\(name).csv\"")
        response.headers.set("X-Content-Type-Options", "nosniff")
        return response
    }
}
