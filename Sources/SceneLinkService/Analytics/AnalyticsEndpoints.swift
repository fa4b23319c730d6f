import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

/// The analytics API: counts of visits, claims and installs kept as aggregates only
/// (`AnalyticsStore`), read by the operator.
///
/// | method and path | answers |
/// |---|---|
/// | `GET /v1/analytics/timeseries?scope&from&to&tz&interval` | every bucket of the range, zeros included, and totals |
/// | `GET /v1/analytics/breakdown?dimension&scope&from&to&tz` | human visits (previews for `preview`) per value, largest first |
/// | `GET /v1/analytics/uniques?scope&from&to` | distinct visitors per UTC day |
/// | `GET /v1/analytics/export?from&to&tz&interval` | CSV, streamed: every short link's counts per bucket that has any (`AnalyticsExport`) |
/// | `GET /v1/analytics/privacy` | every analytics table and column, with its row count |
/// | `DELETE /v1/analytics?scope=link:CODE` | purges one short link's analytics |
///
/// All are admin routes on the admin port when there is one: the reports for the admin token or a
/// key with `analytics:read`, the purge for `links:write`. `scope`
/// is `all` (the default), `link:CODE` or `route:NAME`; `from` and `to` are dates (`YYYY-MM-DD`)
/// in `tz` (an IANA zone, default UTC), both included, by default the last 30 days. The three
/// reports answer CSV for `Accept: text/csv` (`AnalyticsCSV`).
public struct AnalyticsEndpoints: Sendable {
    let store: any AnalyticsStore
    let recorder: AnalyticsRecorder
    let clock: SceneStateClock
    /// Where purges are recorded (`AuditTrail`); nil records nothing.
    let audit: AuditTrail?

    public init(store: any AnalyticsStore, recorder: AnalyticsRecorder, clock: SceneStateClock = .system, audit: AuditTrail? = nil) {
        self.audit = audit
        self.store = store
        self.recorder = recorder
        self.clock = clock
    }

    public static let timeseriesPattern = "/v1/analytics/timeseries"
    public static let breakdownPattern = "/v1/analytics/breakdown"
    public static let uniquesPattern = "/v1/analytics/uniques"
    public static let privacyPattern = "/v1/analytics/privacy"
    public static let exportPattern = "/v1/analytics/export"
    public static let purgePattern = "/v1/analytics"

    /// Declares the six routes: the reports and the export for `analytics:read`, the purge (which deletes one
    /// link's data) for `links:write`.
    public func register(on endpoints: inout EndpointTable) {
        endpoints.on(.get, Self.timeseriesPattern, .admin(.analyticsTimeseries)) { try self.timeseries($0, $1) }
        endpoints.on(.get, Self.breakdownPattern, .admin(.analyticsBreakdown)) { try self.breakdown($0, $1) }
        endpoints.on(.get, Self.uniquesPattern, .admin(.analyticsUniques)) { try self.uniques($0, $1) }
        endpoints.on(.get, Self.privacyPattern, .admin(.analyticsPrivacy)) { try self.privacy($0, $1) }
        endpoints.on(.get, Self.exportPattern, .admin(.analyticsExport)) { try self.export($0, $1) }
        endpoints.on(.delete, Self.purgePattern, .admin(.analyticsPurge)) { try self.purge($0, $1) }
    }

    // MARK: Reports

    /// `GET /v1/analytics/timeseries`: `{"scope","tz","interval","from","to","buckets":[{"start",
    /// "human","qr","preview","bot","claims","installs"}],"totals":{…}}`.
    func timeseries(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        try requireOn()
        let scope = try AnalyticsScope(parsing: request.queryItem("scope") ?? "all")
        let interval = try Self.interval(of: request)
        let range = try range(of: request)
        let csv = Self.wantsCSV(request)
        store.analyticsVisits(scope: scope.key, from: range.startBucket, to: range.endBucket) { result in
            let rows: [AnalyticsBatch.Visits]
            switch result {
            case .success(let stored): rows = stored
            case .failure(let error): return responder.respond(error.response)
            }
            let spans = range.spans(interval)
            var sums = Array(repeating: AnalyticsCounts(), count: spans.count)
            var totals = AnalyticsCounts()
            var walk = AnalyticsSpanWalk(spans: spans)
            for row in rows {
                guard let index = walk.index(of: row.bucket) else { continue }
                sums[index] += row.counts
                totals += row.counts
            }
            if csv {
                var body = AnalyticsCSV.row(["start"] + AnalyticsCounts.names)
                for (span, counts) in zip(spans, sums) { body += AnalyticsCSV.row([span.start] + counts.values.map(String.init)) }
                return responder.respond(Self.csvResponse(body, name: "timeseries"))
            }
            var body = "{\"scope\":" + JSONEscaping.quote(scope.key) + ",\"tz\":" + JSONEscaping.quote(range.zone)
            body += ",\"interval\":\"" + interval.rawValue + "\",\"from\":\"" + range.from + "\",\"to\":\"" + range.to + "\",\"buckets\":["
            for (position, (span, counts)) in zip(spans, sums).enumerated() {
                if position > 0 { body += "," }
                body += "{\"start\":\"" + span.start + "\"," + Self.countFields(counts) + "}"
            }
            body += "],\"totals\":{" + Self.countFields(totals) + "}}"
            responder.respond(Self.jsonResponse(body))
        }
    }

    /// `GET /v1/analytics/breakdown`: `{"scope","dimension","tz","from","to","rows":[{"value","count"}],"total"}`.
    func breakdown(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        try requireOn()
        let scope = try AnalyticsScope(parsing: request.queryItem("scope") ?? "all")
        guard let dimensionText = request.queryItem("dimension") else { throw AnalyticsQueryError.invalidDimension("") }
        guard let dimension = AnalyticsDimension(rawValue: dimensionText) else { throw AnalyticsQueryError.invalidDimension(dimensionText) }
        let range = try range(of: request)
        let csv = Self.wantsCSV(request)
        store.analyticsBreakdown(scope: scope.key, dimension: dimension, from: range.startBucket, to: range.endBucket) { result in
            let rows: [AnalyticsBreakdownRow]
            switch result {
            case .success(let stored): rows = stored
            case .failure(let error): return responder.respond(error.response)
            }
            let total = rows.reduce(Int64(0)) { $0 + $1.count }
            if csv {
                var body = AnalyticsCSV.row(["value", "count"])
                for row in rows { body += AnalyticsCSV.row([row.value, String(row.count)]) }
                return responder.respond(Self.csvResponse(body, name: "breakdown-" + dimension.rawValue))
            }
            var body = "{\"scope\":" + JSONEscaping.quote(scope.key) + ",\"dimension\":\"" + dimension.rawValue + "\",\"tz\":"
            body += JSONEscaping.quote(range.zone) + ",\"from\":\"" + range.from + "\",\"to\":\"" + range.to + "\",\"rows\":["
            for (position, row) in rows.enumerated() {
                if position > 0 { body += "," }
                body += "{\"value\":" + JSONEscaping.quote(row.value) + ",\"count\":" + String(row.count) + "}"
            }
            body += "],\"total\":" + String(total) + "}"
            responder.respond(Self.jsonResponse(body))
        }
    }

    /// `GET /v1/analytics/uniques`: `{"scope","from","to","days":[{"day","visitors"}]}`, every UTC day of the range.
    func uniques(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        try requireOn()
        let scope = try AnalyticsScope(parsing: request.queryItem("scope") ?? "all")
        let range = try AnalyticsRange(from: request.queryItem("from"), to: request.queryItem("to"), zone: "UTC", now: clock.now())
        let days = range.utcDays
        let csv = Self.wantsCSV(request)
        store.analyticsVisitors(scope: scope.key, days: days) { result in
            let rows: [AnalyticsBatch.Visitors]
            switch result {
            case .success(let stored): rows = stored
            case .failure(let error): return responder.respond(error.response)
            }
            var byDay: [Int64: Int64] = [:]
            for row in rows { byDay[row.day] = row.count }
            if csv {
                var body = AnalyticsCSV.row(["day", "visitors"])
                for day in days { body += AnalyticsCSV.row([AnalyticsBucket.dayText(day), String(byDay[day] ?? 0)]) }
                return responder.respond(Self.csvResponse(body, name: "uniques"))
            }
            var body = "{\"scope\":" + JSONEscaping.quote(scope.key) + ",\"from\":\"" + range.from + "\",\"to\":\"" + range.to
            body += "\",\"days\":["
            for day in days {
                if day != days.lowerBound { body += "," }
                body += "{\"day\":\"" + AnalyticsBucket.dayText(day) + "\",\"visitors\":" + String(byDay[day] ?? 0) + "}"
            }
            responder.respond(Self.jsonResponse(body + "]}"))
        }
    }

    /// `GET /v1/analytics/export`: CSV, `scope,start,human,qr,preview,bot,claims,installs`, one
    /// row per short link per bucket of the range with any count, by scope then start; streamed
    /// (`AnalyticsExport`). A store failure before the first page is a problem response; after
    /// it, the connection is closed without the last chunk.
    func export(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        try requireOn()
        let interval = try Self.interval(of: request)
        let range = try range(of: request)
        AnalyticsExport.start(store: store, range: range, interval: interval) { result in
            switch result {
            case .success(let export):
                var response = HTTPResponse(contentType: AnalyticsCSV.contentType, stream: export.stream)
                response.headers.set("Cache-Control", "no-store")
                response.headers.set("Content-Disposition", "attachment; filename=\"scenelink-export.csv\"")
                response.headers.set("X-Content-Type-Options", "nosniff")
                responder.respond(response)
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// `GET /v1/analytics/privacy`: what analytics keeps, in the operator's own database.
    func privacy(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        store.analyticsReceipt { result in
            let tables: [AnalyticsTableReceipt]
            switch result {
            case .success(let receipt): tables = receipt
            case .failure(let error): return responder.respond(error.response)
            }
            var body = "{\"analytics\":" + (recorder.configuration.isOn ? "\"on\"" : "\"off\"") + ",\"tables\":["
            for (position, table) in tables.enumerated() {
                if position > 0 { body += "," }
                body += "{\"table\":" + JSONEscaping.quote(table.table) + ",\"columns\":["
                body += table.columns.map(JSONEscaping.quote).joined(separator: ",") + "],\"rows\":" + String(table.rows) + "}"
            }
            body += "],\"neverStored\":[" + Self.neverStored.map(JSONEscaping.quote).joined(separator: ",") + "]}"
            responder.respond(Self.jsonResponse(body))
        }
    }

    /// What analytics never writes anywhere, as the privacy receipt lists it.
    static let neverStored = [
        "the client address, even truncated", "the User-Agent", "the full referrer (only its host is kept)",
        "a row per visit", "any visitor hash", "the daily salt (memory only, replaced every UTC day)",
    ]

    /// `DELETE /v1/analytics?scope=link:CODE`: `{"scope","deleted"}` (rows deleted).
    func purge(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let text = request.queryItem("scope") ?? ""
        let scope = try AnalyticsScope(parsing: text)
        guard case .link(let code) = scope else { throw AnalyticsQueryError.purgeNeedsLinkScope(text) }
        recorder.forget(link: code)
        store.deleteAnalytics(scope: scope.key) { [audit] result in
            switch result {
            case .success(let deleted):
                audit.record(request, action: "analytics.purged", subject: "link:\(code.rawValue)", detail: ["rows": String(deleted)]) {
                    responder.respond(Self.jsonResponse("{\"scope\":" + JSONEscaping.quote(scope.key) + ",\"deleted\":" + String(deleted) + "}"))
                }
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    // MARK: Helpers

    private func requireOn() throws {
        guard recorder.configuration.isOn else { throw AnalyticsProblems.off }
    }

    private func range(of request: HTTPRequest) throws(AnalyticsQueryError) -> AnalyticsRange {
        try AnalyticsRange(from: request.queryItem("from"), to: request.queryItem("to"), zone: request.queryItem("tz"),
                           now: clock.now())
    }

    /// The query's `interval`, by default `day`.
    private static func interval(of request: HTTPRequest) throws(AnalyticsQueryError) -> AnalyticsInterval {
        let text = request.queryItem("interval") ?? AnalyticsInterval.day.rawValue
        guard let interval = AnalyticsInterval(rawValue: text) else { throw .invalidInterval(text) }
        return interval
    }

    static func countFields(_ counts: AnalyticsCounts) -> String {
        zip(AnalyticsCounts.names, counts.values).map { "\"\($0)\":\($1)" }.joined(separator: ",")
    }

    /// Whether the request asks for CSV: `text/csv` in `Accept` (any parameters, any case).
    static func wantsCSV(_ request: HTTPRequest) -> Bool {
        guard let accept = request.headers["Accept"]?.lowercased() else { return false }
        return accept.split(separator: ",").contains { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == "text/csv" }
    }

    static func jsonResponse(_ body: String) -> HTTPResponse {
        var response = HTTPResponse.json(body)
        response.headers.set("Cache-Control", "no-store")
        response.headers.set("Vary", "Accept")
        return response
    }

    static func csvResponse(_ body: String, name: String) -> HTTPResponse {
        var response = HTTPResponse(contentType: AnalyticsCSV.contentType, body: Array(body.utf8))
        response.headers.set("Cache-Control", "no-store")
        response.headers.set("Vary", "Accept")
        response.headers.set("Content-Disposition", "attachment; filename=\"scenelink-\(name).csv\"")
        response.headers.set("X-Content-Type-Options", "nosniff")
        return response
    }
}
