import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization

/// The body of `GET /v1/short-links/export` and of the console's `GET /console/links/export.csv`:
/// every link the filter keeps, oldest first, as CSV (`LinkImportColumn.exportHeaders`: what
/// `POST /v1/short-links/import` reads back) or as one JSON object `{"shortLinks":[…]}` of items
/// the caller writes (the API's listing items), read a page at a time through
/// `ShortLinkOperations.list` (its permission, its visit totals) and written as the connection
/// asks for it (`HTTPBodyStream`), so memory holds one page whatever the number of links.
///
/// A CSV cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
/// return first) is written with a `'` before it (`AnalyticsCSV.cell`); the import takes such a
/// `'` off again, so an export imports back to the same links.
///
/// ```swift
/// ShortLinkExport.start(operations: links, filter: filter, format: .csv, by: caller) { result in
///     if case .success(let export) = result { responder.respond(HTTPResponse(contentType: AnalyticsCSV.contentType, stream: export.stream)) }
/// }
/// ```
package final class ShortLinkExport: Sendable {
    /// Links per page read from the store.
    package static let pageSize = 500

    /// Writes one link of a JSON export (its visit totals, the route table in force, the export's
    /// time): the front end's own item, so this layer names no API type.
    package typealias JSONItem = @Sendable (ShortLinkOperations.Counted, RouteTable, Date) -> JSONValue

    /// The export's formats.
    package enum Format: Sendable {
        /// `LinkImportColumn.exportHeaders`, one row a link.
        case csv
        /// `{"shortLinks":[…]}`, each item written by `item`.
        case json(item: JSONItem)

        /// Whether this is the CSV format.
        package var isCSV: Bool {
            if case .csv = self { return true }
            return false
        }
    }

    private struct State {
        var cursor: Int64?
        var ready: [UInt8] = []
        var exhausted = false
        var cancelled = false
        var first = true
    }

    private let operations: ShortLinkOperations
    private let filter: ShortLinkFilter
    private let format: Format
    private let caller: OperatorCaller
    private let routes: Current<RouteTable>
    private let now: Date
    private let state = Mutex(State())

    private init(operations: ShortLinkOperations, filter: ShortLinkFilter, format: Format, caller: OperatorCaller) {
        self.operations = operations
        self.filter = filter
        self.format = format
        self.caller = caller
        routes = operations.routes
        now = operations.clock.now()
        state.withLock { state in
            state.ready = format.isCSV ? Array(AnalyticsCSV.row(LinkImportColumn.exportHeaders).utf8) : Array(#"{"shortLinks":["#.utf8)
        }
    }

    /// Reads the first page, so that a refusal or a store that cannot answer is a problem
    /// response and not a body cut short, then answers the export ready to stream.
    package static func start(operations: ShortLinkOperations, filter: ShortLinkFilter, format: Format, by caller: OperatorCaller,
                      completion: @escaping @Sendable (Result<ShortLinkExport, OperationError>) -> Void) {
        let export = ShortLinkExport(operations: operations, filter: filter, format: format, caller: caller)
        export.readPage { result in completion(result.map { export }) }
    }

    /// The body.
    package var stream: HTTPBodyStream {
        HTTPBodyStream(next: { answer in self.next(answer) }, cancel: { self.state.withLock { $0.cancelled = true } })
    }

    private func next(_ answer: @escaping HTTPBodyStream.Answer) {
        let (bytes, done) = state.withLock { state -> ([UInt8], Bool) in
            if state.cancelled { return ([], true) }
            if !state.ready.isEmpty {
                defer { state.ready = [] }
                return (state.ready, false)
            }
            return ([], state.exhausted)
        }
        if !bytes.isEmpty { return answer(.bytes(bytes)) }
        if done { return answer(.end) }
        readPage { result in
            switch result {
            case .success:
                answer(.bytes(self.state.withLock { state in
                    defer { state.ready = [] }
                    return state.ready
                }))
            case .failure(let error):
                answer(.failure(error))
            }
        }
    }

    private func readPage(_ completion: @escaping @Sendable (Result<Void, OperationError>) -> Void) {
        let cursor = state.withLock { $0.cursor }
        operations.list(after: cursor, limit: Self.pageSize, filter: filter, by: caller) { result in
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let page):
                let table = self.routes.value
                self.state.withLock { state in
                    for counted in page.links { self.append(counted, table: table, into: &state) }
                    state.cursor = page.nextCursor
                    if page.nextCursor == nil {
                        state.exhausted = true
                        if !self.format.isCSV { state.ready += Array("]}".utf8) }
                    }
                }
                completion(.success(()))
            }
        }
    }

    private func append(_ counted: ShortLinkOperations.Counted, table: RouteTable, into state: inout State) {
        let link = counted.link
        switch format {
        case .json(let item):
            if !state.first { state.ready.append(UInt8(ascii: ",")) }
            state.ready += JSONWriter.encode(item(counted, table, now), sortingKeys: false)
        case .csv:
            var cells = [link.code.rawValue, table.shortLinkURL(of: link.code) ?? "", link.link, link.title ?? "", link.tagText,
                         RFC3339.string(link.createdAt), link.expiresAt.map(RFC3339.string) ?? ""]
            let settings = link.settings
            cells += [settings.preview.title ?? "", settings.preview.description ?? "", settings.preview.image ?? ""]
            cells += ShortLinkFallbacks.members.map { settings.fallbacks[$0] ?? "" }
            cells.append(settings.skipPage ? "true" : "")
            cells += LinkCampaign.names.map { settings.campaign[$0] ?? "" }
            cells += [String(link.clicks), String(counted.visits.human)]
            state.ready += Array(AnalyticsCSV.row(cells).utf8)
        }
        state.first = false
    }
}
