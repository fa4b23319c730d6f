import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The analytics API: counts of visits, claims and installs kept as aggregates only
/// (`AnalyticsStore`), read by the operator.
///
/// | method and path | answers |
/// |---|---|
/// | `GET /v1/analytics/timeseries?scope&from&to&tz&interval` | every bucket of the range, zeros included, and totals |
/// | `GET /v1/analytics/breakdown?dimension&scope&from&to&tz&limit` | human visits (previews for `preview`) per value, the `limit` largest (100; at most 1,000) |
/// | `GET /v1/analytics/uniques?scope&from&to` | distinct visitors per UTC day |
/// | `GET /v1/analytics/export?from&to&tz&interval` | CSV, streamed: every short link's counts per bucket that has any (`AnalyticsExport`) |
/// | `GET /v1/analytics/privacy` | every analytics table and column, with its row count |
/// | `DELETE /v1/analytics?scope=link:CODE` | purges one short link's analytics |
///
/// The JSON and CSV adapter over `AnalyticsOperations`. All are admin routes on the admin port when
/// there is one: the reports for the admin token or a key with `analytics:read`, the purge for
/// `links:write`. `scope`
/// is `all` (the default), `link:CODE` or `route:NAME`; `from` and `to` are dates (`YYYY-MM-DD`)
/// in `tz` (an IANA zone, default UTC), both included, by default the last 30 days. The three
/// reports answer CSV for `Accept: text/csv` (`AnalyticsCSV`).
public struct AnalyticsEndpoints: Sendable {
    /// The reports and the purge (their checks and audit entry).
    let operations: AnalyticsOperations

    public init(store: any AnalyticsStore, recorder: AnalyticsRecorder, clock: SceneStateClock = .system, audit: AuditTrail? = nil) {
        operations = AnalyticsOperations(store: store, recorder: recorder, clock: clock, audit: audit)
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
        let caller = try OperatorCaller.of(request)
        let query = try operations.query(request.queryItem)
        let csv = Self.wantsCSV(request)
        operations.timeseries(query, by: caller) { result in
            responder.respond(Self.answer(result) { csv ? AnalyticsCSV.response(AnalyticsCSV.text($0), name: "timeseries") : Self.jsonResponse(Self.json($0)) })
        }
    }

    /// `GET /v1/analytics/breakdown`: `{"scope","dimension","tz","from","to","rows":[{"value","count"}],"total","omitted"}`:
    /// the `limit` largest values (100 unless asked, at most 1,000), the total of every value, and
    /// how many values were not listed.
    func breakdown(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        // The breakdown has no interval: an `interval` item is ignored, as it always was.
        let query = try operations.query { $0 == "interval" ? nil : request.queryItem($0) }
        let dimension = try AnalyticsOperations.Query.dimension(request.queryItem)
        let limit = try PageLimit.parse(request.queryItem("limit"), standard: AnalyticsOperations.breakdownLimit.standard,
                                        maximum: AnalyticsOperations.breakdownLimit.maximum)
        let csv = Self.wantsCSV(request)
        operations.breakdown(query, dimension: dimension, limit: limit, by: caller) { result in
            responder.respond(Self.answer(result) {
                csv ? AnalyticsCSV.response(AnalyticsCSV.text($0), name: "breakdown-" + dimension.rawValue) : Self.jsonResponse(Self.json($0))
            })
        }
    }

    /// `GET /v1/analytics/uniques`: `{"scope","from","to","days":[{"day","visitors"}]}`, every UTC day of the range.
    func uniques(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let scope = try AnalyticsScope(parsing: request.queryItem("scope") ?? "all")
        let csv = Self.wantsCSV(request)
        operations.uniques(scope: scope, from: request.queryItem("from"), to: request.queryItem("to"), by: caller) { result in
            responder.respond(Self.answer(result) { uniques in
                if csv {
                    var body = AnalyticsCSV.row(["day", "visitors"])
                    for day in uniques.days { body += AnalyticsCSV.row([day.day, String(day.visitors)]) }
                    return AnalyticsCSV.response(body, name: "uniques")
                }
                return Self.jsonResponse(.object([
                    ("scope", .string(uniques.scope.key)), ("from", .string(uniques.range.from)), ("to", .string(uniques.range.to)),
                    ("days", .array(uniques.days.map { .object([("day", .string($0.day)), ("visitors", .number(String($0.visitors)))]) })),
                ]))
            })
        }
    }

    /// `GET /v1/analytics/export`: CSV, `scope,start,human,qr,preview,bot,claims,installs`, one
    /// row per short link per bucket of the range with any count, by scope then start; streamed
    /// (`AnalyticsExport`). A store failure before the first page is a problem response; after
    /// it, the connection is closed without the last chunk.
    func export(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let query = try operations.query { $0 == "scope" ? nil : request.queryItem($0) }
        operations.export(query, by: caller) { result in
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
        operations.privacy(by: try OperatorCaller.of(request)) { result in
            responder.respond(Self.answer(result) { receipt in
                Self.jsonResponse(.object([
                    ("analytics", .string(receipt.isOn ? "on" : "off")),
                    ("tables", .array(receipt.tables.map { table in
                        .object([("table", .string(table.table)), ("columns", .array(table.columns.map { .string($0) })),
                                 ("rows", .number(String(table.rows)))])
                    })),
                    ("neverStored", .array(Self.neverStored.map { .string($0) })),
                ]))
            })
        }
    }

    /// What analytics never writes anywhere, as the privacy receipt lists it.
    static let neverStored = [
        "the client address, even truncated", "the User-Agent", "the full referrer (only its host is kept)",
        "a row per visit", "any visitor hash", "the daily salt (memory only, replaced every UTC day)",
    ]

    /// `DELETE /v1/analytics?scope=link:CODE`: `{"scope","deleted"}` (rows deleted).
    func purge(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let text = request.queryItem("scope") ?? ""
        let scope = try AnalyticsScope(parsing: text)
        guard case .link(let code) = scope else { throw AnalyticsQueryError.purgeNeedsLinkScope(text) }
        operations.purge(link: code, by: caller) { result in
            responder.respond(Self.answer(result) { Self.jsonResponse(.object([("scope", .string(scope.key)), ("deleted", .number(String($0)))])) })
        }
    }

    // MARK: Writing

    /// An operation's answer: `success`'s response, or its problem.
    private static func answer<Value>(_ result: Result<Value, OperationError>, _ success: (Value) -> HTTPResponse) -> HTTPResponse {
        switch result {
        case .success(let value): success(value)
        case .failure(let error): error.response
        }
    }

    static func json(_ timeseries: AnalyticsOperations.Timeseries) -> JSONValue {
        let query = timeseries.query
        return .object([
            ("scope", .string(query.scope.key)), ("tz", .string(query.range.zone)), ("interval", .string(query.interval.rawValue)),
            ("from", .string(query.range.from)), ("to", .string(query.range.to)),
            ("buckets", .array(timeseries.buckets.map { .object([("start", .string($0.start))] + countMembers($0.counts)) })),
            ("totals", .object(countMembers(timeseries.totals))),
        ])
    }

    static func json(_ breakdown: AnalyticsOperations.Breakdown) -> JSONValue {
        let query = breakdown.query
        return .object([
            ("scope", .string(query.scope.key)), ("dimension", .string(breakdown.dimension.rawValue)), ("tz", .string(query.range.zone)),
            ("from", .string(query.range.from)), ("to", .string(query.range.to)),
            ("rows", .array(breakdown.rows.map { .object([("value", .string($0.value)), ("count", .number(String($0.count)))]) })),
            ("total", .number(String(breakdown.total))), ("omitted", .number(String(breakdown.omitted))),
        ])
    }

    static func countMembers(_ counts: AnalyticsCounts) -> [(key: String, value: JSONValue)] {
        zip(AnalyticsCounts.names, counts.values).map { (key: $0, value: .number(String($1))) }
    }

    /// Whether the request asks for CSV: `text/csv` in `Accept` (any parameters, any case).
    static func wantsCSV(_ request: HTTPRequest) -> Bool {
        guard let accept = request.headers["Accept"]?.lowercased() else { return false }
        return accept.split(separator: ",").contains { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == "text/csv" }
    }

    static func jsonResponse(_ value: JSONValue) -> HTTPResponse {
        var response = HTTPResponse.json(value)
        response.headers.set("Cache-Control", "no-store")
        response.headers.set("Vary", "Accept")
        return response
    }

}
