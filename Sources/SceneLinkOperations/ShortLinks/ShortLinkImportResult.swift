import SceneLinkCore
import SceneLinkHTTP

/// One row of an import's report.
package struct ShortLinkImportResult: Sendable {
    /// The row in the file, the header being 1.
    package var row: Int
    package var status: ShortLinkImportStatus
    /// The row's code, when it has one that is valid.
    package var code: ShortCode?
    /// The column at fault (`invalid`), as the API names it (`link`, `fallbacks.ios`).
    package var column: String?
    /// Why, for any status but `created`, `valid`, `unchanged` and `archived`: the problem
    /// creating the link would have answered.
    package var problem: HTTPProblem?
    /// The target the code already stands for (`conflict`).
    package var existing: String?

    package init(row: Int, status: ShortLinkImportStatus, code: ShortCode? = nil, column: String? = nil, problem: HTTPProblem? = nil,
                 existing: String? = nil) {
        self.row = row
        self.status = status
        self.code = code
        self.column = column
        self.problem = problem
        self.existing = existing
    }
}
