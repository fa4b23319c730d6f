import Foundation

/// One data row of a short-link import (`ShortLinkImportTable`): its row number and its cells
/// by what they hold, before any check of their values. A column the file does not have is nil;
/// an empty cell is "".
public struct ShortLinkImportRow: Sendable, Equatable {
    /// The row in the file, counting the header as 1 (records, not lines: see `CSVReader`).
    public var row: Int
    public var link: String?
    /// The code as a column names it (`alias`, `code`, `keyword`, `short code`).
    public var alias: String?
    public var expiresAt: String?
    /// The tags cell as written: tags separated by spaces, `;`, `|` or `,`.
    public var tags: String?
    public var title: String?
    /// The whole short link (`https://links.example.com/Ab3x`), whose path is the code when no
    /// column names the code itself.
    public var shortLink: String?
    public var createdAt: String?
    public var archived: String?
    /// The link's own settings by their API paths (`preview.title`, `campaign.utm_source`).
    public var settings: [String: String]
    /// Why the row cannot be read as the header says (a different number of cells), or nil.
    public var fault: String?

    public init(row: Int, link: String? = nil, alias: String? = nil, expiresAt: String? = nil, tags: String? = nil,
                title: String? = nil, shortLink: String? = nil, createdAt: String? = nil, archived: String? = nil,
                settings: [String: String] = [:], fault: String? = nil) {
        self.row = row
        self.link = link
        self.alias = alias
        self.expiresAt = expiresAt
        self.tags = tags
        self.title = title
        self.shortLink = shortLink
        self.createdAt = createdAt
        self.archived = archived
        self.settings = settings
        self.fault = fault
    }

    /// The words of the tags cell, split at spaces, `;`, `|` and `,`, empty words left out.
    public var tagWords: [String] {
        (tags ?? "").split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "|" || $0 == "," }).map(String.init)
    }

    /// Whether the row is of a link archived where it came from (`archived` true, 1 or yes).
    public var isArchived: Bool {
        guard let archived else { return false }
        return ["true", "1", "yes", "archived"].contains(archived.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
