import Foundation
import SceneLinkText

/// The CSV a short-link import sends (`POST /v1/short-links/import`), read into rows.
///
/// The first record is the header: it names the columns, in any order, from `columns`
/// (`link` required; names compared ignoring ASCII case and surrounding spaces). Every other
/// record is one link. A record that is one empty field (a blank line) is skipped; a record
/// with another number of cells than the header is a row with a `fault`, left for the caller
/// to refuse alone.
///
/// ```swift
/// let rows = try ShortLinkImportTable.rows(Array("link,alias\nfuelmoney://settings,spring\n".utf8))
/// // [ShortLinkImportRow(row: 2, link: "fuelmoney://settings", alias: "spring")]
/// ```
public enum ShortLinkImportTable {
    /// The column names a header may use.
    public static let columns = ["link", "alias", "expiresAt", "tags", "title"]
    /// The most data rows one import may have.
    public static let maximumRows = 10_000

    /// The data rows of `csv`.
    /// - Throws: `ShortLinkImportError` when the text is not CSV (with its row and column),
    ///   has no header, a header without `link` or with an unknown or repeated name, or more
    ///   than `maximumRows` data rows.
    public static func rows(_ csv: [UInt8], maximumRows: Int = ShortLinkImportTable.maximumRows) throws(ShortLinkImportError)
        -> [ShortLinkImportRow] {
        var reader = CSVReader(csv)
        let first: [String]?
        do throws(CSVReaderError) { first = try reader.nextRecord() } catch { throw .csv(error) }
        guard let header = first else { throw .noHeader }
        var positions: [String: Int] = [:]
        for (position, cell) in header.enumerated() {
            let name = cell.trimmingCharacters(in: .whitespaces)
            guard let known = columns.first(where: { $0.equalsIgnoringASCIICase(name) }) else {
                throw .unknownColumn(String(name.prefix(64)))
            }
            guard positions[known] == nil else { throw .repeatedColumn(known) }
            positions[known] = position
        }
        guard positions["link"] != nil else { throw .noLinkColumn }

        var rows: [ShortLinkImportRow] = []
        while reader.hasMore {
            let next: [String]?
            do throws(CSVReaderError) { next = try reader.nextRecord() } catch { throw .csv(error) }
            guard let record = next else { break }
            if record == [""] { continue }
            guard rows.count < maximumRows else { throw .tooManyRows(maximum: maximumRows) }
            var row = ShortLinkImportRow(row: reader.row)
            guard record.count == header.count else {
                row.fault = "The row has \(record.count) cells and the header \(header.count); give every row one cell per column "
                    + "(an empty cell for a value left out)."
                rows.append(row)
                continue
            }
            func cell(_ name: String) -> String? { positions[name].map { record[$0] } }
            row.link = cell("link")
            row.alias = cell("alias")
            row.expiresAt = cell("expiresAt")
            row.tags = cell("tags")
            row.title = cell("title")
            rows.append(row)
        }
        return rows
    }
}
