import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    package static let linkExportPath = "/console/links/export.csv"

    /// `GET /console/links/export.csv?q&tag`: every link the Links page's filter keeps (every
    /// link without one), oldest first, as the CSV of `GET /v1/short-links/export` (the same
    /// `ShortLinkExport`, so the same columns, bytes and permission: `ShortLinkOperations.list`'s),
    /// streamed as an attachment. A wrong `q` or `tag` is the console's notice page with the
    /// listing's sentence (400). The code `export.csv` cannot be a link's (a code has no `.`), so
    /// the path never hides a link's page.
    package func exportLinks(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        let filter: ShortLinkFilter
        do {
            filter = try Self.linkFilter(request.queryItem)
        } catch {
            return responder.respond(Self.notice(error, title: "No export"))
        }
        ShortLinkExport.start(operations: links, filter: filter, format: .csv, by: caller) { result in
            switch result {
            case .success(let export):
                var response = HTTPResponse(contentType: AnalyticsCSV.contentType, stream: export.stream)
                response.headers.set("Content-Disposition", "attachment; filename=\"scenelink-short-links.csv\"")
                responder.respond(response)
            case .failure(let error):
                responder.respond(Self.notice(error, title: "No export"))
            }
        }
    }

    /// The filter of the Links page's `q` and `tag` (an empty one left out), read as the listing
    /// API reads them (the same sentences for a wrong one); the cursor is the page's, not the filter's.
    ///
    /// - Parameter item: the value of a query item or form field by name.
    package static func linkFilter(_ item: (String) -> String?) throws(OperationError) -> ShortLinkFilter {
        do {
            return try ShortLinkOperations.listing { name in
                guard ["q", "tag"].contains(name), let value = item(name), !value.isEmpty else { return nil }
                return String(value.prefix(256))
            }.filter
        } catch {
            throw OperationError(error)
        }
    }
}
