/// Why a short-link import's CSV was refused as a whole (a row's own faults are refused with
/// that row only). One sentence each, saying the fix.
public enum ShortLinkImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not CSV (RFC 4180); the reader's row and column.
    case csv(CSVReaderError)
    /// The text is empty.
    case noHeader(LinkImportFormat)
    /// The header has no column for the target.
    case noLinkColumn(LinkImportFormat)
    /// The header names a column the format does not know (SceneLink's own CSV only).
    case unknownColumn(String, LinkImportFormat)
    /// The header names a column twice.
    case repeatedColumn(String)
    /// More data rows than allowed.
    case tooManyRows(maximum: Int)

    public var description: String {
        switch self {
        case .csv(let error):
            return error.description
        case .noHeader(.csv):
            return "The CSV is empty; start it with the header row \(Self.names) (link required, the others optional, in any order)."
        case .noHeader(let format):
            return "The CSV is empty; give the \(format) export as it was downloaded, with its header row."
        case .noLinkColumn(.csv):
            return "The header row has no link column; name the columns in the first row, such as \(Self.names)."
        case .noLinkColumn(let format):
            return "The header row has no column for the link's target, so this is not a \(format) export; its columns are such as "
                + "\(format.knownHeaders.prefix(6).joined(separator: ", "))."
        case .unknownColumn(let name, let format):
            return "The header row names the column '\(name)', which is not one of \(format.knownHeaders.joined(separator: ",")); rename or remove it."
        case .repeatedColumn(let name):
            return "The header row names the column '\(name)' twice; name each column once."
        case .tooManyRows(let maximum):
            return "The CSV has more than \(maximum) rows after the header; split it into imports of at most \(maximum) rows."
        }
    }

    /// The original columns, as the messages about SceneLink's own CSV name them.
    private static let names = ShortLinkImportTable.columns.joined(separator: ",")
}
