import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The page of an import (`POST /console/import-links`): a summary and each row's result (the
/// link made, linked to its page, or why not); or, for a CSV refused whole, the import form again
/// with what was sent and the operation's sentence.
package struct ConsoleLinkImportView: ConsolePageView {
    /// One data row's result.
    package struct Row: Sendable, Equatable {
        /// The row's number in the CSV, after its header.
        package let row: Int
        /// The status (`ShortLinkImportStatus`), in words: "created", "unchanged", "conflict", …
        package let result: String
        /// The link made (its short link's URL, else its code) and its page; or why not ("" for a valid row).
        package let detail: String
        /// The page of the link made; nil when none was.
        package let path: String?
    }

    /// The import's report as the page shows it.
    package struct Report: Sendable {
        /// "Made: 2 · Unchanged: 1 · Refused: 1." or why nothing was stored.
        package let summary: String
        /// Whether the summary is shown as an error (nothing stored, or a row refused).
        package let summaryIsError: Bool
        package let rows: [Row]
    }

    package var title: String { "Import links" }
    package var section: ConsoleSection { .links }
    package let status: HTTPStatus
    /// A CSV refused whole: its sentence, linked to the CSV field.
    package var errorSummary: ConsoleErrorSummary? {
        guard case .refused(let form) = content else { return nil }
        return ConsoleErrorSummary(form.fieldError.map { [$0] } ?? [])
    }
    /// The report, or the form again when the CSV was refused whole.
    package let content: Content

    /// What the page shows.
    package enum Content: Sendable {
        /// Each row's result.
        case report(Report)
        /// A CSV refused whole: the form as sent, with the sentence.
        case refused(ConsoleLinkImportForm)
    }

    /// The page of `report`: 422 when nothing was stored, else 200.
    package init(_ report: ShortLinkImportReport, table: RouteTable) {
        let refused = report.refused
        let rows = report.rows.map { item in
            let code = item.code?.rawValue
            switch item.status {
            case .created where !report.dryRun, .unchanged:
                return Row(row: item.row, result: item.status == .created ? "created" : "unchanged (already there)",
                           detail: item.code.flatMap(table.shortLinkURL(of:)) ?? code ?? "", path: code.map(ConsoleEndpoints.linkPath))
            case .created:
                return Row(row: item.row, result: "would be created", detail: item.code.flatMap(table.shortLinkURL(of:)) ?? "", path: nil)
            case .valid:
                return Row(row: item.row, result: "valid, not stored", detail: "", path: nil)
            case .archived:
                return Row(row: item.row, result: "archived, skipped", detail: code ?? "", path: nil)
            case .conflict:
                return Row(row: item.row, result: "conflict", detail: "\(code ?? "") already stands for \(item.existing ?? "another link"); it was kept.",
                           path: code.map(ConsoleEndpoints.linkPath))
            case .noRoute, .notAllowed, .invalid:
                let column = item.column.map { " (\($0))" } ?? ""
                return Row(row: item.row, result: item.status.rawValue + column, detail: item.problem?.detail ?? "", path: nil)
            }
        }
        let counts = ShortLinkImportStatus.allCases.compactMap { status -> String? in
            let count = report.count(status)
            return count == 0 ? nil : "\(Self.label(status)): \(count)"
        }
        content = .report(Report(
            summary: report.nothingStored
                ? "Nothing was stored: \(refused) \(refused == 1 ? "row was" : "rows were") refused, and the import was all or nothing."
                : (report.dryRun ? "Dry run, nothing stored. " : "") + (counts.isEmpty ? "No rows." : counts.joined(separator: " · ") + "."),
            summaryIsError: report.nothingStored || refused > 0, rows: rows))
        status = report.nothingStored ? .unprocessableContent : .ok
    }

    private static func label(_ status: ShortLinkImportStatus) -> String {
        switch status {
        case .created: "Made"
        case .valid: "Valid"
        case .unchanged: "Unchanged"
        case .conflict: "Conflicts"
        case .archived: "Archived"
        case .noRoute: "No screen"
        case .notAllowed: "Site not allowed"
        case .invalid: "Invalid"
        }
    }

    /// The page of a CSV refused whole: the form as sent, holding `sentence`, with `status`.
    package init(refusing csv: String, format: LinkImportFormat = .csv, atomic: Bool, dryRun: Bool = false, sentence: String,
                 status: HTTPStatus, formToken: String) {
        content = .refused(ConsoleLinkImportForm(csv: csv, format: format, atomic: atomic, dryRun: dryRun, error: sentence, formToken: formToken))
        self.status = status
    }

    package func write(into html: inout HTMLDocument) {
        switch content {
        case .report(let report):
            Self.write(report, into: &html)
        case .refused(let form):
            form.write(into: &html)
        }
    }

    private static func write(_ report: Report, into html: inout HTMLDocument) {
        html.element("p", text: report.summary, attributes: report.summaryIsError ? ["class": "error"] : [:])
        html.consoleTable(caption: "Each row of the CSV, after its header", headings: ["Row", "Result", "Short link, or why not"], numeric: [0]) { html in
            for row in report.rows {
                html.element("tr") { html in
                    html.element("th", text: String(row.row), attributes: ["scope": "row"])
                    html.element("td", text: row.result)
                    if let path = row.path {
                        html.element("td") { html in
                            html.element("a", text: row.detail, attributes: ["href": path])
                        }
                    } else {
                        html.element("td", text: row.detail)
                    }
                }
            }
        }
        html.element("p") { html in
            html.element("a", text: "Back to the links", attributes: ["href": ConsoleSection.links.path])
        }
    }
}
