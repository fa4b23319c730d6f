import SceneLinkCore
import SceneLinkHTTP
import Synchronization

/// The body of `GET /v1/analytics/export`: every short link's counts per bucket of a range, as
/// CSV (`scope,start,human,qr,preview,bot,claims,installs`), read from the store a page at a
/// time and written as the connection asks for it (`HTTPBodyStream`), so memory holds one page
/// whatever the number of links.
///
/// Rows come in (scope, bucket) order, UTC day rows when every span is a UTC day (a day export
/// in UTC: 96 times fewer rows), else 15-minute rows, and are summed into the range's spans by
/// `AnalyticsSpanWalk`, as the timeseries sums them; a span's sums are written when a row of a
/// later span or another scope arrives, or at the end. Spans with all counts zero are left out.
/// The scope and each span's start are escaped once (`AnalyticsCSV.cell`), not once per row.
///
/// ```swift
/// AnalyticsExport.start(store: store, range: range, interval: .day) { result in
///     if case .success(let export) = result { responder.respond(HTTPResponse(contentType: AnalyticsCSV.contentType, stream: export.stream)) }
/// }
/// ```
package final class AnalyticsExport: Sendable {
    /// The rows read per page: a few hundred kilobytes of rows, a few dozen of CSV.
    package static let pageSize = 5_000

    private struct State {
        var walk: AnalyticsSpanWalk
        var cursor = AnalyticsVisitsCursor.start
        /// The scope of the sums being added up, and its CSV cell with the comma after it.
        var scope = ""
        var scopeCell: [UInt8] = []
        var span: Int?
        var sums = AnalyticsCounts()
        /// CSV made but not yet asked for (the header and the first page).
        var ready: [UInt8] = []
        /// Every row has been read and written.
        var exhausted = false
        var cancelled = false
    }

    private let store: any AnalyticsStore
    private let startBucket: Int64
    private let endBucket: Int64
    /// UTC day rows when every span is a UTC day (a day export in UTC), else 15-minute rows.
    private let resolution: AnalyticsRowResolution
    private let pageSize: Int
    /// Each span's start as a CSV cell between commas.
    private let startCells: [[UInt8]]
    private let state: Mutex<State>

    private init(store: any AnalyticsStore, range: AnalyticsRange, interval: AnalyticsInterval, pageSize: Int) {
        self.store = store
        startBucket = range.startBucket
        endBucket = range.endBucket
        self.pageSize = pageSize
        let spans = range.spans(interval)
        resolution = AnalyticsRowResolution.coarsest(for: spans)
        startCells = spans.map { Array((AnalyticsCSV.cell($0.start) + ",").utf8) }
        state = Mutex(State(walk: AnalyticsSpanWalk(spans: spans),
                            ready: Array(AnalyticsCSV.row(["scope", "start"] + AnalyticsCounts.names).utf8)))
    }

    /// Reads the first page, so that a store that cannot answer is a problem response and not a
    /// body cut short, then answers the export ready to stream.
    package static func start(store: any AnalyticsStore, range: AnalyticsRange, interval: AnalyticsInterval, pageSize: Int = pageSize,
                              completion: @escaping @Sendable (Result<AnalyticsExport, AnalyticsStoreError>) -> Void) {
        let export = AnalyticsExport(store: store, range: range, interval: interval, pageSize: pageSize)
        export.readPage { result in completion(result.map { export }) }
    }

    /// The body: each pull answers the CSV of the next page (possibly empty, which the
    /// connection skips), then the end.
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

    /// Reads the page after the cursor and adds its CSV to `ready`.
    private func readPage(_ completion: @escaping @Sendable (Result<Void, AnalyticsStoreError>) -> Void) {
        let cursor = state.withLock { $0.cursor }
        store.analyticsLinkVisits(from: startBucket, to: endBucket, resolution: resolution, after: cursor, limit: pageSize) { result in
            switch result {
            case .success(let rows):
                self.state.withLock { state in
                    self.fold(rows, into: &state)
                    if rows.count < self.pageSize {
                        self.writeOpenRow(&state)
                        state.exhausted = true
                    }
                }
                completion(.success(()))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    private func fold(_ rows: [AnalyticsBatch.Visits], into state: inout State) {
        state.ready.reserveCapacity(state.ready.count + rows.count * 16)
        for row in rows {
            if row.scope != state.scope {
                writeOpenRow(&state)
                state.scope = row.scope
                state.scopeCell = Array((AnalyticsCSV.cell(row.scope) + ",").utf8)
                state.walk.restart()
            }
            guard let span = state.walk.index(of: row.bucket) else { continue }
            if span != state.span {
                writeOpenRow(&state)
                state.span = span
            }
            state.sums += row.counts
        }
        if let last = rows.last { state.cursor = AnalyticsVisitsCursor(after: last) }
    }

    /// Writes the open span's row unless its counts are all zero, and closes it.
    private func writeOpenRow(_ state: inout State) {
        guard let span = state.span else { return }
        let sums = state.sums
        state.span = nil
        state.sums = AnalyticsCounts()
        guard !sums.isZero else { return }
        state.ready.append(contentsOf: state.scopeCell)
        state.ready.append(contentsOf: startCells[span])
        Self.writeCount(sums.human, to: &state.ready)
        for value in [sums.qr, sums.preview, sums.bot, sums.claims, sums.installs] {
            state.ready.append(UInt8(ascii: ","))
            Self.writeCount(value, to: &state.ready)
        }
        state.ready.append(13)
        state.ready.append(10)
    }

    /// A count in decimal: digits only, so never a cell to quote or neutralise (a negative one,
    /// which a count never is, would go through `AnalyticsCSV.cell`).
    private static func writeCount(_ value: Int64, to bytes: inout [UInt8]) {
        guard value >= 0 else { return bytes.append(contentsOf: Array(AnalyticsCSV.cell(String(value)).utf8)) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
