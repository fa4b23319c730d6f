/// One data row of a short-link import (`ShortLinkImportTable`): its row number and its cells
/// by column, before any check of what they hold. A column the file does not have is nil; an
/// empty cell is "".
public struct ShortLinkImportRow: Sendable, Equatable {
    /// The row in the file, counting the header as 1 (records, not lines: see `CSVReader`).
    public var row: Int
    public var link: String?
    public var alias: String?
    public var expiresAt: String?
    /// The tags cell as written: tags separated by spaces or `;`.
    public var tags: String?
    public var title: String?
    /// Why the row cannot be read as the header says (a different number of cells), or nil.
    public var fault: String?

    public init(row: Int, link: String? = nil, alias: String? = nil, expiresAt: String? = nil, tags: String? = nil,
                title: String? = nil, fault: String? = nil) {
        self.row = row
        self.link = link
        self.alias = alias
        self.expiresAt = expiresAt
        self.tags = tags
        self.title = title
        self.fault = fault
    }

    /// The words of the tags cell, split at spaces and `;`, empty words left out.
    public var tagWords: [String] {
        (tags ?? "").split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init)
    }
}
