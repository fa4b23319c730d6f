import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// Where the Links page's import form posts.
    package static let linkImportPath = "/console/import-links"
    /// The largest import form: as large as the import API's largest CSV (and the server's
    /// default body limit). The form's percent-encoding makes a comma or a line break three
    /// bytes, so the CSV itself is somewhat smaller; a larger one is answered 413 before it is read.
    package static let maximumImportFormBytes = ShortLinkOperations.maximumImportBytes

    /// `POST /console/import-links` (`csv`, `atomic=yes` or absent): `ShortLinkOperations.importLinks`
    /// with the CSV pasted, so every row is checked and audited as through the API; a page with
    /// each row's result (the link made, or why not), or the Links page's form again with the
    /// operation's sentence for a CSV it refuses whole.
    package func importLinks(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let csv = form["csv"] ?? ""
        let atomic = form["atomic"] == "yes"
        let refuse: @Sendable (String, HTTPStatus) -> Void = { sentence, status in
            var page = ConsolePage(title: "Import links", section: .links, session: session)
            page.html.element("p", text: "Nothing was imported: see the form below.", attributes: ["class": "error"])
            Self.writeImportForm(csv: csv, atomic: atomic, error: sentence, formToken: session.formToken, into: &page.html)
            responder.respond(page.response(status: status))
        }
        guard !csv.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return refuse("Paste a CSV whose first line names its columns, such as link,alias,tags.", .badRequest)
        }
        links.importLinks(csv: Array(csv.utf8), atomic: atomic, by: caller) { [routes] result in
            switch result {
            case .success(let report):
                var page = ConsolePage(title: "Import links", section: .links, session: session)
                Self.writeImportReport(report, table: routes.value, into: &page.html)
                responder.respond(page.response(status: report.nothingStored ? .unprocessableContent : .ok))
            case .failure(let error):
                refuse(error.problem.detail, error.problem.status)
            }
        }
    }

    /// The import's report as a summary and a table of rows: each made link linked to its page,
    /// each refused row with the operation's sentence.
    private static func writeImportReport(_ report: ShortLinkOperations.ImportReport, table: RouteTable, into html: inout HTMLDocument) {
        let created = report.created, refused = report.refused
        html.element("p", text: report.nothingStored
                     ? "Nothing was stored: \(refused) \(refused == 1 ? "row was" : "rows were") refused, and the import was all or nothing."
                     : "Made: \(created) · Refused: \(refused).",
                     attributes: report.nothingStored || refused > 0 ? ["class": "error"] : [:])
        html.table(caption: "Each row of the CSV, after its header", headings: ["Row", "Result", "Short link, or why not"]) { html in
            for item in report.rows {
                html.element("tr") { html in
                    html.element("th", text: String(item.row), attributes: ["scope": "row"])
                    switch item.outcome {
                    case .created(let link):
                        html.element("td", text: "created")
                        html.element("td") { html in
                            let code = link.code.rawValue
                            html.element("a", text: table.shortLinkURL(of: link.code) ?? code, attributes: ["href": linkPath(code)])
                        }
                    case .valid:
                        html.element("td", text: "valid, not stored")
                        html.element("td", text: "")
                    case .refused(let problem):
                        html.element("td", text: "refused")
                        html.element("td", text: problem.detail)
                    }
                }
            }
        }
        html.element("p") { html in
            html.element("a", text: "Back to the links", attributes: ["href": ConsoleSection.links.path])
        }
    }

    /// The form that imports links from a pasted CSV (`csv` and `atomic` kept after a refusal).
    package static func writeImportForm(csv: String, atomic: Bool, error: String?, formToken: String, into html: inout HTMLDocument) {
        html.element("h2", text: "Import links from CSV", attributes: ["id": "import"])
        if let error { html.element("p", text: error, attributes: ["class": "error", "id": "import-error"]) }
        html.element("form", attributes: ["method": "post", "action": linkImportPath]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "CSV: a header line naming its columns (\(ShortLinkImportTable.columns.joined(separator: ", ")); "
                         + "link is required), then one link a line; at most 1 MiB as the form sends it, so split a larger file",
                         attributes: ["for": "import-csv"])
            var area: HTMLAttributes = ["id": "import-csv", "name": "csv", "rows": "8", "required": "required", "spellcheck": "false"]
            if error != nil { area.append("aria-describedby", "import-error") }
            html.element("textarea", text: csv, attributes: area)
            html.element("p") { html in
                var box: HTMLAttributes = ["type": "checkbox", "id": "import-atomic", "name": "atomic", "value": "yes"]
                if atomic { box.append("checked", "checked") }
                html.void(.input, attributes: box)
                html.element("label", text: "All or nothing: store no row unless every row can be made", attributes: ["for": "import-atomic"])
            }
            html.element("button", text: "Import the links", attributes: ["type": "submit"])
        }
    }
}
