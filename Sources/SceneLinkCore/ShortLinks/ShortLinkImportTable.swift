import Foundation
import SceneLinkText

/// The CSV of a short-link import, read a row at a time (`next()`), in one of the formats
/// `LinkImportFormat` knows.
///
/// The first record is the header: it names the columns, in any order (`LinkImportFormat
/// .column(forHeader:)`); a `link` column (the target, whatever the format calls it) is
/// required. Every other record is one link. A record that is one empty field (a blank line) is
/// skipped; a record with another number of cells than the header is a row with a `fault`,
/// left for the caller to refuse alone. The file is held as bytes; rows are made one at a time,
/// so a caller that handles them in batches holds one batch.
///
/// ```swift
/// let rows = try ShortLinkImportTable.rows(Array("link,alias\nfuelmoney://settings,spring\n".utf8))
/// // [ShortLinkImportRow(row: 2, link: "fuelmoney://settings", alias: "spring")]
/// ```
public struct ShortLinkImportTable: Sendable {
    /// The column names SceneLink's own import started with (its messages name them).
    public static let columns = ["link", "alias", "expiresAt", "tags", "title"]
    /// The most data rows one import through the API may have.
    public static let maximumRows = 10_000

    public let format: LinkImportFormat
    private var reader: CSVReader
    private let header: [String]
    private let positions: [(position: Int, column: LinkImportColumn)]
    /// The header's columns this format reads past (another service's own), as written.
    public let ignoredColumns: [String]

    /// Reads the header of `csv`.
    /// - Throws: `ShortLinkImportError` when the text is not CSV (with its row and column), has no
    ///   header, a header without the target's column, or (SceneLink's own `csv`) an unknown or
    ///   repeated name.
    public init(_ csv: [UInt8], format: LinkImportFormat = .csv) throws(ShortLinkImportError) {
        self.format = format
        reader = CSVReader(csv)
        let first: [String]?
        do throws(CSVReaderError) { first = try reader.nextRecord() } catch { throw .csv(error) }
        guard let header = first, header != [""] else { throw .noHeader(format) }
        var positions: [(Int, LinkImportColumn)] = []
        var seen = Set<LinkImportColumn>()
        var ignored: [String] = []
        for (position, cell) in header.enumerated() {
            let name = cell.trimmingCharacters(in: .whitespaces)
            guard let column = format.column(forHeader: name) else {
                if format.refusesUnknownColumns { throw .unknownColumn(String(name.prefix(64)), format) }
                ignored.append(String(name.prefix(64)))
                continue
            }
            if column == .ignored {
                ignored.append(String(name.prefix(64)))
                continue
            }
            guard seen.insert(column).inserted else { throw .repeatedColumn(String(name.prefix(64))) }
            positions.append((position, column))
        }
        guard seen.contains(.link) else { throw .noLinkColumn(format) }
        self.header = header
        self.positions = positions
        ignoredColumns = ignored
    }

    /// The next data row, nil at the end.
    /// - Throws: `ShortLinkImportError.csv` when the text stops being CSV.
    public mutating func next() throws(ShortLinkImportError) -> ShortLinkImportRow? {
        while reader.hasMore {
            let next: [String]?
            do throws(CSVReaderError) { next = try reader.nextRecord() } catch { throw .csv(error) }
            guard let record = next else { return nil }
            if record == [""] { continue }
            var row = ShortLinkImportRow(row: reader.row)
            guard record.count == header.count else {
                row.fault = "The row has \(record.count) cells and the header \(header.count); give every row one cell per column "
                    + "(an empty cell for a value left out)."
                return row
            }
            for (position, column) in positions {
                let cell = format == .csv ? Self.unguarded(record[position]) : record[position]
                switch column {
                case .link: row.link = cell
                case .code: row.alias = cell
                case .shortLink: row.shortLink = cell
                case .expiresAt: row.expiresAt = cell
                case .tags: row.tags = cell
                case .title: row.title = cell
                case .createdAt: row.createdAt = cell
                case .archived: row.archived = cell
                case .setting(let path): if !cell.isEmpty { row.settings[path] = cell }
                case .ignored: break
                }
            }
            return row
        }
        return nil
    }

    /// A cell as written before the export guarded it against spreadsheets: `'=x` is `=x` (an
    /// export writes a `'` before a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return); any other cell as it is.
    static func unguarded(_ cell: String) -> String {
        let bytes = cell.utf8
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "'"),
              let second = bytes.dropFirst().first, "=+-@\t\r".utf8.contains(second) else { return cell }
        return String(cell.dropFirst())
    }

    /// Every data row of `csv` in SceneLink's own format (or `format`).
    /// - Throws: `ShortLinkImportError` as `init` does, and when there are more than
    ///   `maximumRows` data rows.
    public static func rows(_ csv: [UInt8], format: LinkImportFormat = .csv,
                            maximumRows: Int = ShortLinkImportTable.maximumRows) throws(ShortLinkImportError) -> [ShortLinkImportRow] {
        var table = try ShortLinkImportTable(csv, format: format)
        var rows: [ShortLinkImportRow] = []
        while let row = try table.next() {
            guard rows.count < maximumRows else { throw .tooManyRows(maximum: maximumRows) }
            rows.append(row)
        }
        return rows
    }
}
