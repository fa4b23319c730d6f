import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ShortLinkEndpoints {
    /// The largest import body: as large as the server takes by default (`--max-body-bytes`),
    /// room for 10,000 rows of about 100 bytes; a larger file is split into several imports.
    static let maximumImportBodyBytes = ShortLinkOperations.maximumImportBytes

    /// `POST /v1/short-links/import[?atomic=true]` with a `text/csv` body (`ShortLinkImportTable`):
    /// each row is checked as a creation is (`ShortLinkRequest`'s values, `checkTarget`), an
    /// empty alias is a random code, an alias an earlier row used is refused; then the rows that
    /// passed are stored in one transaction, each queueing `short_link.created`.
    ///
    /// Answers `{"rows":[…],"created":N,"refused":M}`, one item per data row in order: `created`
    /// with its `code` and `shortLink`, or `refused` with the `problem` creating it would have
    /// answered. Without `atomic` it is 200 with whatever could be created. With `atomic=true`
    /// it is all or nothing: 200 when every row was created, else 422, nothing stored, the
    /// refused rows as above and the others `valid`.
    ///
    /// Order of checks: admin token → an https host (409) → the media type (415) → `atomic`
    /// (400) → the CSV as a whole: syntax with row and column, header (400), rows (413) → rows.
    func importLinks(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        guard !routes.value.hosts.isEmpty else { return responder.respond(ShortLinkProblems.noHTTPSHost.response()) }
        let type = request.headers["Content-Type"] ?? ""
        let essence = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard essence == "text/csv" else {
            throw ShortLinkProblems.unsupportedMediaType(
                type.isEmpty ? "(none)" : type, accepted: "text/csv with the header row \(ShortLinkImportTable.columns.joined(separator: ","))")
        }
        let atomicText = request.queryItem("atomic") ?? "false"
        guard atomicText == "true" || atomicText == "false" else {
            throw HTTPProblem.invalidQuery("atomic takes true (all rows or none) or false (every row that can be), not '\(atomicText.prefix(32))'.")
        }
        operations.importLinks(csv: request.body, atomic: atomicText == "true", by: caller) { [routes] result in
            switch result {
            case .success(let report): responder.respond(Self.json(report, table: routes.value))
            case .failure(let error): responder.respond(error.response)
            }
        }
    }

    /// The answer of an import: `{"rows":[…],"created":N,"refused":M}`, 422 when all or nothing refused a row.
    static func json(_ report: ShortLinkOperations.ImportReport, table: RouteTable) -> HTTPResponse {
        let rows: [JSONValue] = report.rows.map { item in
            switch item.outcome {
            case .created(let link):
                .object([("row", .number(String(item.row))), ("status", .string("created")), ("code", .string(link.code.rawValue)),
                         ("shortLink", table.shortLinkURL(of: link.code).map { .string($0) } ?? .null)])
            case .valid:
                .object([("row", .number(String(item.row))), ("status", .string("valid"))])
            case .refused(let problem):
                .object([("row", .number(String(item.row))), ("status", .string("refused")), ("problem", problem.jsonValue)])
            }
        }
        let document = JSONValue.object([("rows", .array(rows)), ("created", .number(String(report.created))),
                                         ("refused", .number(String(report.refused)))])
        return noStore(.json(document, status: report.nothingStored ? .unprocessableContent : .ok))
    }
}
