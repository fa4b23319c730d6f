import Foundation

/// Whose export a short-link import reads: SceneLink's own CSV (what `GET
/// /v1/short-links/export` writes, and the import's original columns) or another service's,
/// each read by its own column names into the same rows (`ShortLinkImportRow`).
///
/// | format | the code | the target | also read |
/// |---|---|---|---|
/// | `csv` | `code` or `alias` (or `url`'s path) | `link` | `title`, `tags`, `expiresAt`, `createdAt`, `preview.*`, `fallbacks.*`, `skipPage`, `campaign.*` |
/// | `firebase` | `short link`'s path | `link` (`Deep link (link)`) | `st` `sd` `si`, `ifl` `ipfl` `afl` `ofl`, `efr`, `utm_…`, `at` `ct` `mt` `pt`, `name`, `archived`, `creation timestamp` |
/// | `bitly` | `link` (`bitlink`)'s path | `long_url` | `title`, `tags`, `created_at` |
/// | `shlink` | `short code` (or `short url`'s path) | `long url` | `title`, `tags` (`|`-separated), `created at` |
/// | `yourls` | `keyword` | `url` | `title`, `timestamp` |
///
/// Header names are compared ignoring case, spaces, `_` and `-`; a Firebase header may name its
/// parameter in parentheses (`Deep link (link)`). SceneLink's own `csv` refuses a column it does
/// not know (a typo must not drop a value silently); another service's export has columns of its
/// own (`apn`, `ibi`, `clicks`, …), which are read past.
public enum LinkImportFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case csv
    case firebase
    case bitly
    case shlink
    case yourls

    public var description: String { rawValue }

    /// The names `--help` and errors list, as `csv|firebase|bitly|shlink|yourls`.
    public static let names = allCases.map(\.rawValue).joined(separator: "|")

    /// Whether a column this format does not know refuses the file (SceneLink's own CSV) or is
    /// read past (another service's export).
    public var refusesUnknownColumns: Bool { self == .csv }

    /// What `header` (a header cell as written) holds in this format's files; nil when this
    /// format does not know it.
    public func column(forHeader header: String) -> LinkImportColumn? {
        var name = header.trimmingCharacters(in: .whitespaces)
        // Firebase's console names each column with its parameter: "Deep link (link)".
        if self == .firebase, name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            name = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        }
        return Self.columns[self]?[Self.normalized(name)]
    }

    /// The column names this format knows, as written in its files (for messages).
    public var knownHeaders: [String] {
        switch self {
        case .csv: ShortLinkImportTable.columns + LinkImportColumn.exportHeaders.filter { !ShortLinkImportTable.columns.contains($0) }
        case .firebase: ["short link", "link", "name", "archived", "creation timestamp", "st", "sd", "si", "ifl", "ipfl", "afl", "ofl", "efr"]
            + LinkCampaign.names
        case .bitly: ["link", "long_url", "title", "tags", "created_at"]
        case .shlink: ["short code", "short url", "long url", "title", "tags", "created at"]
        case .yourls: ["keyword", "url", "title", "timestamp"]
        }
    }

    /// `text` lower-cased without spaces, `_` and `-`: "Long URL", "long_url" and "longUrl" alike.
    static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" })
    }

    private static let columns: [LinkImportFormat: [String: LinkImportColumn]] = {
        var table: [LinkImportFormat: [String: LinkImportColumn]] = [:]
        func add(_ format: LinkImportFormat, _ names: [String], _ column: LinkImportColumn) {
            for name in names { table[format, default: [:]][normalized(name)] = column }
        }
        let settingColumns = LinkImportColumn.settingPaths.map { ($0, LinkImportColumn.setting($0)) }
        // SceneLink's own: the import's first columns, and every column the export writes.
        add(.csv, ["link"], .link)
        add(.csv, ["alias", "code"], .code)
        add(.csv, ["url"], .shortLink)
        add(.csv, ["expiresAt"], .expiresAt)
        add(.csv, ["tags"], .tags)
        add(.csv, ["title"], .title)
        add(.csv, ["createdAt"], .createdAt)
        add(.csv, ["clicks", "visits"], .ignored)
        for (path, column) in settingColumns { add(.csv, [path], column) }
        // Firebase Dynamic Links' export: one column per link parameter.
        add(.firebase, ["short link", "short dynamic link", "shortlink"], .shortLink)
        add(.firebase, ["link", "deep link"], .link)
        add(.firebase, ["name", "link name"], .title)
        add(.firebase, ["archived"], .archived)
        add(.firebase, ["creation timestamp", "created", "creation time"], .createdAt)
        add(.firebase, ["st"], .setting("preview.title"))
        add(.firebase, ["sd"], .setting("preview.description"))
        add(.firebase, ["si"], .setting("preview.image"))
        add(.firebase, ["ifl"], .setting("fallbacks.ios"))
        add(.firebase, ["ipfl"], .setting("fallbacks.ipad"))
        add(.firebase, ["afl"], .setting("fallbacks.android"))
        add(.firebase, ["ofl"], .setting("fallbacks.desktop"))
        add(.firebase, ["efr"], .setting("skipPage"))
        for name in LinkCampaign.names { add(.firebase, [name], .setting("campaign." + name)) }
        // The app's identity comes from the route file, not from each link.
        add(.firebase, ["apn", "amv", "ibi", "ius", "ipbi", "isi", "imv", "domain", "link id"], .ignored)
        // Bitly's link export.
        add(.bitly, ["link", "bitlink", "short url", "short link", "bitly link"], .shortLink)
        add(.bitly, ["long_url", "long url", "destination"], .link)
        add(.bitly, ["title"], .title)
        add(.bitly, ["tags"], .tags)
        add(.bitly, ["created_at", "created", "date created"], .createdAt)
        add(.bitly, ["archived"], .archived)
        // Shlink's short-URL export.
        add(.shlink, ["short code", "shortcode"], .code)
        add(.shlink, ["short url", "shorturl"], .shortLink)
        add(.shlink, ["long url", "longurl"], .link)
        add(.shlink, ["title"], .title)
        add(.shlink, ["tags"], .tags)
        add(.shlink, ["created at", "date created", "createdat"], .createdAt)
        // YOURLS' export.
        add(.yourls, ["keyword"], .code)
        add(.yourls, ["url"], .link)
        add(.yourls, ["title"], .title)
        add(.yourls, ["timestamp"], .createdAt)
        return table
    }()
}
