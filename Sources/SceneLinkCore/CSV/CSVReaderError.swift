/// Where and why `CSVReader` refused its text: the row (records counted from 1, the header
/// included) and column (fields counted from 1) of the fault, and one sentence saying the fix.
public struct CSVReaderError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// A field opened with `"` and never closed.
        case unclosedQuote
        /// A closing `"` followed by something other than `,` or a line end.
        case textAfterClosingQuote
        /// A `"` inside a field that does not start with one.
        case quoteInUnquotedField
        /// A CR outside quotes that is not followed by LF.
        case bareCarriageReturn
        /// Bytes that are not UTF-8.
        case notUTF8
        /// More records than the reader was allowed.
        case tooManyRecords(maximum: Int)
    }

    public let row: Int
    public let column: Int
    public let reason: Reason

    public init(row: Int, column: Int, reason: Reason) {
        self.row = row
        self.column = column
        self.reason = reason
    }

    public var description: String {
        let place = "Row \(row), column \(column)"
        switch reason {
        case .unclosedQuote:
            return "\(place): a quoted field is never closed; end it with \" and write a quote inside it as \"\"."
        case .textAfterClosingQuote:
            return "\(place): text follows a closing quote; put the whole field in quotes and write a quote inside it as \"\"."
        case .quoteInUnquotedField:
            return "\(place): a quote inside a field that is not quoted; put the field in quotes and write the quote as \"\"."
        case .bareCarriageReturn:
            return "\(place): a carriage return that does not end a line (CRLF); quote the field or remove the CR."
        case .notUTF8:
            return "\(place): the field is not UTF-8; save the file as UTF-8."
        case .tooManyRecords(let maximum):
            return "The text has more than \(maximum) rows (the header included); split it into files of at most \(maximum) rows."
        }
    }
}
