/// Why a short-link import's CSV was refused as a whole (a row's own faults are refused with
/// that row only). One sentence each, saying the fix.
public enum ShortLinkImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not CSV (RFC 4180); the reader's row and column.
    case csv(CSVReaderError)
    /// The text is empty.
    case noHeader
    /// The header has no `link` column.
    case noLinkColumn
    /// The header names a column that is not one of `ShortLinkImportTable.columns`.
    case unknownColumn(String)
    /// The header names a column twice.
    case repeatedColumn(String)
    /// More data rows than allowed.
    case tooManyRows(maximum: Int)

    public var description: String {
        let names = ShortLinkImportTable.columns.joined(separator: ",")
        switch self {
        case .csv(let error):
            return error.description
        case .noHeader:
            return "The CSV is empty; start it with the header row \(names) (link required, the others optional, in any order)."
        case .noLinkColumn:
            return "The header row has no link column; name the columns in the first row, such as \(names)."
        case .unknownColumn(let name):
            return "The header row names the column '\(name)', which is not one of \(names); rename or remove it."
        case .repeatedColumn(let name):
            return "The header row names the column '\(name)' twice; name each column once."
        case .tooManyRows(let maximum):
            return "The CSV has more than \(maximum) rows after the header; split it into imports of at most \(maximum) rows."
        }
    }
}
