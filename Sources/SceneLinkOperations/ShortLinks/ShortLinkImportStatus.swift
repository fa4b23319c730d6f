/// What an import did (or, in a dry run, would do) with one row.
package enum ShortLinkImportStatus: String, Sendable, CaseIterable {
    /// Stored as a new link (in a dry run: would be).
    case created
    /// Would have been stored, but the import was all or nothing and another row was refused.
    case valid
    /// Its code already stands for the same target: nothing to do (importing again is safe).
    case unchanged
    /// Its code already stands for another target: never overwritten.
    case conflict
    /// Archived where it came from: skipped.
    case archived
    /// Its target is no screen of the app: refused with the closest routes.
    case noRoute = "no-route"
    /// Its target is a web page on a site that is not allowed (`--link-domains`).
    case notAllowed = "not-allowed"
    /// A cell cannot be read: the column and why.
    case invalid

    /// Whether the row stops an all-or-nothing import.
    package var refuses: Bool {
        switch self {
        case .conflict, .noRoute, .notAllowed, .invalid: true
        case .created, .valid, .unchanged, .archived: false
        }
    }
}
