import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ShortLinkEndpoints {
    /// The largest import body: as large as the server takes by default (`--max-body-bytes`),
    /// room for 10,000 rows of about 100 bytes; a larger file is split into several imports.
    static let maximumImportBodyBytes = ShortLinkOperations.maximumImportBytes

    /// `POST /v1/short-links/import[?format=csv|firebase|bitly|shlink|yourls][&atomic=true][&dryRun=true][&host=H][&prefix=/promo/]`
    /// with a `text/csv` body: `ShortLinkOperations.importLinks`, the pipeline the console and
    /// `scenelink import` share. Each row queues `short_link.created` when stored.
    ///
    /// Answers the report (`ShortLinkImportReport.json`), one item per data row in order with
    /// its status (`created`, `unchanged`, `conflict`, `archived`, `no-route`, `not-allowed`,
    /// `invalid`; `valid` when all or nothing stored nothing), then a count per status. 200,
    /// or 422 when `atomic=true` refused a row and nothing was stored.
    ///
    /// Order of checks: admin token → an https host (409) → the media type (415) → `format`,
    /// `atomic`, `dryRun` (400) → the CSV as a whole: syntax with row and column, header (400),
    /// rows (413) → rows.
    func importLinks(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        guard !routes.value.hosts.isEmpty else { return responder.respond(ShortLinkProblems.noHTTPSHost.response()) }
        let type = request.headers["Content-Type"] ?? ""
        let essence = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard essence == "text/csv" else {
            throw ShortLinkProblems.unsupportedMediaType(
                type.isEmpty ? "(none)" : type, accepted: "text/csv with the header row \(ShortLinkImportTable.columns.joined(separator: ","))")
        }
        let atomic = try Self.flag(request, "atomic", meaning: "true (all rows or none) or false (every row that can be)")
        let dryRun = try Self.flag(request, "dryRun", meaning: "true (check every row, store nothing) or false")
        let formatText = request.queryItem("format") ?? LinkImportFormat.csv.rawValue
        guard let format = LinkImportFormat(rawValue: formatText) else {
            throw HTTPProblem.invalidQuery("format takes \(LinkImportFormat.names), not '\(formatText.prefix(32))'.")
        }
        let prefix = request.queryItem("prefix") ?? ShortLinkImportOptions.standardPrefix
        guard prefix.hasPrefix("/"), prefix.utf8.count <= 64 else {
            throw HTTPProblem.invalidQuery("prefix is the path before each code in the export's short links, starting with /, such as /promo/.")
        }
        let options = ShortLinkImportOptions(format: format, atomic: atomic, dryRun: dryRun,
                                             host: request.queryItem("host").flatMap { $0.isEmpty ? nil : $0 }, prefix: prefix)
        operations.importLinks(csv: request.body, options: options, by: caller) { [routes] result in
            switch result {
            case .success(let report):
                responder.respond(Self.noStore(.json(report.json(table: routes.value), status: report.nothingStored ? .unprocessableContent : .ok)))
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// `GET /v1/short-links/export[?format=csv|json][&tag=T][&q=TEXT]`: every link the filter
    /// keeps, oldest first, streamed (`ShortLinkExport`): CSV by default (the columns the import
    /// reads back, with `clicks` and human `visits`), or JSON. `limit` and `cursor` are the
    /// listing's, not the export's: 400.
    func export(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        for item in ["limit", "cursor"] where request.queryItem(item) != nil {
            throw HTTPProblem.invalidQuery("\(item) pages the listing (GET /v1/short-links); the export is every link the filter keeps.")
        }
        let (_, _, filter) = try ShortLinkOperations.listing(request.queryItem)
        let format: ShortLinkExport.Format
        switch request.queryItem("format") ?? "csv" {
        case "csv": format = .csv
        case "json": format = .json(item: { counted, table, now in Self.json(counted.link, table: table, now: now, visits: counted.visits) })
        case let other: throw HTTPProblem.invalidQuery("format takes csv or json, not '\(other.prefix(32))'.")
        }
        ShortLinkExport.start(operations: operations, filter: filter, format: format, by: caller) { result in
            switch result {
            case .success(let export):
                var response = HTTPResponse(contentType: format.isCSV ? AnalyticsCSV.contentType : "application/json", stream: export.stream)
                response.headers.set("Cache-Control", "no-store")
                if format.isCSV { response.headers.set("Content-Disposition", "attachment; filename=\"scenelink-short-links.csv\"") }
                responder.respond(response)
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// A query item that is `true` or `false` (absent: false).
    private static func flag(_ request: HTTPRequest, _ name: String, meaning: String) throws(HTTPProblem) -> Bool {
        let text = request.queryItem(name) ?? "false"
        guard text == "true" || text == "false" else {
            throw HTTPProblem.invalidQuery("\(name) takes \(meaning), not '\(text.prefix(32))'.")
        }
        return text == "true"
    }
}
