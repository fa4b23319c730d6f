import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The privacy receipt (`GET /console/system/privacy`): every analytics table with every column
/// kept and its row count, as `AnalyticsOperations.privacy` reads them.
package struct ConsolePrivacyView: ConsolePageView {
    package var title: String { "Privacy receipt" }
    package var section: ConsoleSection { .system }
    /// Rows of table, its columns (joined) and its row count; or why they could not be read.
    package let tables: Result<[[String]], ConsoleReadFailure>

    package init(_ receipt: Result<AnalyticsOperations.Receipt, OperationError>) {
        tables = receipt.map { receipt in
            receipt.tables.map { [$0.table, $0.columns.joined(separator: ", "), String($0.rows)] }
        }.mapError { ConsoleReadFailure(message: $0.problem.detail) }
    }

    package func write(into html: inout HTMLDocument) {
        switch tables {
        case .success(let rows):
            ConsoleEndpoints.table(caption: "Every analytics table with every column kept and its row count; no address, User-Agent or visitor id",
                                   headings: ["Table", "Columns", "Rows"], numeric: [2], rows: rows, into: &html)
        case .failure(let failure):
            html.element("p", text: "The receipt could not be read: \(failure.message)", attributes: ["class": "error"])
        }
    }
}
