/// Reads comma-separated values as RFC 4180 defines them, one record at a time.
///
/// - Fields are separated by `,` and records by CRLF (RFC 4180 §2.1); a bare LF ends a record
///   too, since files saved on Unix use it. A CR not followed by LF outside quotes is refused.
/// - A field in double quotes may hold commas, CR, LF and quotes written twice (`""`)
///   (§2.5–2.7); a quote inside a field that does not start with one is refused, as is
///   anything but a separator or a line end after a closing quote, and a quote never closed.
/// - A UTF-8 byte-order mark before the first field is skipped (spreadsheets write one); the
///   text must be UTF-8. A line end after the last record is optional (§2.2); an empty line
///   at the very end is not a record.
/// - Cells are data: nothing is trimmed, evaluated or interpreted (`=SUM(A1)` is 9 characters).
///
/// Rows are counted from 1, the header included, and count records, not lines: a quoted field
/// with line breaks is one row.
///
/// ```swift
/// var reader = CSVReader(Array("link,alias\r\nfuelmoney://settings,spring\r\n".utf8))
/// while let record = try reader.nextRecord() { print(reader.row, record) }   // 1 ["link","alias"], 2 […]
/// ```
public struct CSVReader: Sendable {
    private let bytes: [UInt8]
    private var index: Int
    /// The row of the record `nextRecord()` answered last (0 before the first).
    public private(set) var row = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Every record, refusing a text of more than `maximumRecords` as soon as the one after the
    /// limit starts.
    /// - Throws: `CSVReaderError` with the row and column of the first fault.
    public static func records(_ bytes: [UInt8], maximumRecords: Int) throws(CSVReaderError) -> [[String]] {
        var reader = CSVReader(bytes)
        var records: [[String]] = []
        while reader.hasMore {
            guard records.count < maximumRecords else {
                throw CSVReaderError(row: records.count + 1, column: 1, reason: .tooManyRecords(maximum: maximumRecords))
            }
            guard let record = try reader.nextRecord() else { break }
            records.append(record)
        }
        return records
    }

    /// Whether another record follows (a line end alone at the very end is none).
    public var hasMore: Bool {
        let rest = bytes.count - index
        if rest == 1, bytes[index] == UInt8(ascii: "\n") { return false }
        if rest == 2, bytes[index] == UInt8(ascii: "\r"), bytes[index + 1] == UInt8(ascii: "\n") { return false }
        return rest > 0
    }

    /// The next record's fields, nil at the end.
    /// - Throws: `CSVReaderError` for a malformed field or text that is not UTF-8.
    public mutating func nextRecord() throws(CSVReaderError) -> [String]? {
        guard hasMore else { return nil }
        row += 1
        var fields: [String] = []
        while true {
            let (field, ended) = try nextField(column: fields.count + 1)
            fields.append(field)
            if ended { return fields }
        }
    }

    /// One field, and whether it ended its record (a line end or the end of the text).
    private mutating func nextField(column: Int) throws(CSVReaderError) -> (String, Bool) {
        var value: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            while true {
                guard index < bytes.count else { throw CSVReaderError(row: row, column: column, reason: .unclosedQuote) }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        value.append(byte)
                        index += 1
                        continue
                    }
                    break
                }
                value.append(byte)
            }
            guard let ended = try separator(column: column) else {
                throw CSVReaderError(row: row, column: column, reason: .textAfterClosingQuote)
            }
            return (try text(value, column: column), ended)
        }
        while true {
            if let ended = try separator(column: column) { return (try text(value, column: column), ended) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { throw CSVReaderError(row: row, column: column, reason: .quoteInUnquotedField) }
            value.append(byte)
            index += 1
        }
    }

    /// Consumes what ends a field: nil when none is here, false for `,`, true for a line end
    /// or the end of the text.
    private mutating func separator(column: Int) throws(CSVReaderError) -> Bool? {
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case UInt8(ascii: "\n"):
            index += 1
            return true
        case UInt8(ascii: "\r"):
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else {
                throw CSVReaderError(row: row, column: column, reason: .bareCarriageReturn)
            }
            index += 2
            return true
        default:
            return nil
        }
    }

    private func text(_ value: [UInt8], column: Int) throws(CSVReaderError) -> String {
        guard let text = String(validating: value, as: UTF8.self) else {
            throw CSVReaderError(row: row, column: column, reason: .notUTF8)
        }
        return text
    }
}
