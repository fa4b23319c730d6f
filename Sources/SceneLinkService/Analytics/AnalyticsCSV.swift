/// CSV for analytics answers (`Accept: text/csv`): RFC 4180 (CRLF line ends; a field with a
/// comma, a quote, CR or LF quoted, its quotes doubled), and safe to open in a spreadsheet: a
/// cell that starts with `=`, `+`, `-`, `@`, a tab or CR gets a leading `'`, so it is never read as
/// a formula (OWASP, CSV injection).
enum AnalyticsCSV {
    /// The media type answered.
    static let contentType = "text/csv; charset=utf-8; header=present"

    /// One record, with its line end.
    static func row(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: ",") + "\r\n"
    }

    /// One field, neutralised and quoted as needed.
    static func cell(_ text: String) -> String {
        var text = text
        if let first = text.utf8.first, [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
                                        UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(first) {
            text = "'" + text
        }
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\r")
            || $0 == UInt8(ascii: "\n") }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
