import SceneLinkCore

/// How one import reads its file and what it may write.
package struct ShortLinkImportOptions: Sendable {
    /// Whose export the file is.
    package var format: LinkImportFormat
    /// All or nothing: nothing is written unless every row can be (archived rows aside).
    package var atomic: Bool
    /// Checks every row and reports what would happen, writing nothing.
    package var dryRun: Bool
    /// The short links' domain: a row whose short link is on another host is refused (a
    /// Firebase export has one file per domain); nil takes any.
    package var host: String?
    /// The path before each code in the export's short links (`/s/`, `/promo/`, `/` for codes at
    /// the root), taken off to leave the code.
    package var prefix: String
    /// The most data rows taken (the API's limit); nil for any number (the command line).
    package var maximumRows: Int?

    /// The prefix taken off a short link's path unless one is named: none, the code is the path.
    package static let standardPrefix = "/"

    package init(format: LinkImportFormat = .csv, atomic: Bool = false, dryRun: Bool = false, host: String? = nil,
                 prefix: String = ShortLinkImportOptions.standardPrefix, maximumRows: Int? = ShortLinkImportTable.maximumRows) {
        self.format = format
        self.atomic = atomic
        self.dryRun = dryRun
        self.host = host
        self.prefix = prefix
        self.maximumRows = maximumRows
    }
}
