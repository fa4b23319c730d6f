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

    /// `POST /console/import-links` (`csv`, `format` one of `LinkImportFormat`, `atomic=yes` and
    /// `dryRun=yes` or absent): `ShortLinkOperations.importLinks` with the CSV pasted, so every row
    /// is checked and audited as through the API; a page with each row's result (the link made,
    /// or why not), or the Links page's form again with the operation's sentence for a CSV it
    /// refuses whole.
    package func importLinks(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let csv = form["csv"] ?? ""
        let atomic = form["atomic"] == "yes", dryRun = form["dryRun"] == "yes"
        let format = LinkImportFormat(rawValue: form["format"] ?? "csv")
        let refuse: @Sendable (String, HTTPStatus) -> Void = { sentence, status in
            let view = ConsoleLinkImportView(refusing: csv, format: format ?? .csv, atomic: atomic, dryRun: dryRun, sentence: sentence,
                                             status: status, formToken: session.formToken)
            responder.respond(view.response(session: session))
        }
        guard let format else {
            return refuse("Choose the export's format: one of \(LinkImportFormat.allCases.map(\.rawValue).joined(separator: ", ")).", .badRequest)
        }
        guard !csv.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return refuse("Paste a CSV whose first line names its columns, such as link,alias,tags.", .badRequest)
        }
        let options = ShortLinkImportOptions(format: format, atomic: atomic, dryRun: dryRun)
        links.importLinks(csv: Array(csv.utf8), options: options, by: caller) { [routes] result in
            switch result {
            case .success(let report):
                responder.respond(ConsoleLinkImportView(report, table: routes.value).response(session: session, banner: ConsoleBanner(.linksImported)))
            case .failure(let error):
                refuse(error.problem.detail, error.problem.status)
            }
        }
    }
}
