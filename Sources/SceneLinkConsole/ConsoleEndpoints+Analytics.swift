import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    package static let timeseriesCSVPath = "/console/analytics/timeseries.csv"
    package static let breakdownCSVPath = "/console/analytics/breakdown.csv"
    /// The query items the Analytics page passes on to the analytics API, as the API names them.
    package static let analyticsItems = ["from", "to", "tz", "interval"]
    /// The most buckets a page draws (each is a bar and a row): past it the page says to pick a
    /// shorter range or a longer interval, and offers the CSV, so a page stays within 60 KB.
    package static let maximumBucketsShown = 200

    /// `GET /console/analytics?scope&from&to&tz&interval&dimension`: one scope (`all`, every
    /// link together, by default; `link:CODE` or `route:NAME`) as the analytics API answers it:
    /// people's visits per bucket as a chart with its table, the totals, the breakdown by the
    /// chosen dimension (platform by default: one report, so the page stays fast), and CSV
    /// downloads. A wrong scope, range or zone is the page with the API's sentence.
    package func analyticsPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let query = Self.analyticsQuery(request, extra: [])
        let dimension = Self.analyticsDimension(request)
        analyticsReports(query: query, dimension: dimension, by: caller) { timeseries, breakdown in
            let view = ConsoleAnalyticsView(item: { request.queryItem($0) }, query: query, dimension: dimension,
                                            timeseries: timeseries, breakdown: breakdown)
            responder.respond(view.response(session: session))
        }
    }

    /// The breakdown a page asks for (`dimension`), platform by default.
    package static func analyticsDimension(_ request: HTTPRequest) -> AnalyticsDimension {
        request.queryItem("dimension").flatMap { AnalyticsDimension(rawValue: $0) } ?? .platform
    }

    /// The time series and the breakdown by `dimension` for `query`, through `AnalyticsOperations`.
    package func analyticsReports(query: [(String, String)], dimension: AnalyticsDimension, by caller: OperatorCaller,
                                  completion: @escaping @Sendable (Result<AnalyticsOperations.Timeseries, OperationError>,
                                                           Result<AnalyticsOperations.Breakdown, OperationError>) -> Void) {
        let reports = reports
        let series: AnalyticsOperations.Query, noInterval: AnalyticsOperations.Query
        do {
            series = try reports.query(Self.item(in: query))
            // The breakdown has no interval, as on the API.
            noInterval = try reports.query { $0 == "interval" ? nil : Self.item(in: query)($0) }
        } catch {
            return completion(.failure(error), .failure(error))
        }
        reports.timeseries(series, by: caller) { timeseries in
            reports.breakdown(noInterval, dimension: dimension, by: caller) { breakdown in
                completion(timeseries, breakdown)
            }
        }
    }

    /// The item `name` of `query`, as the analytics operations read items.
    package static func item(in query: [(String, String)]) -> @Sendable (String) -> String? {
        { name in query.first { $0.0 == name }?.1 }
    }

    /// `GET /console/analytics/timeseries.csv` and `…/breakdown.csv`: the report as the analytics
    /// API writes its CSV.
    package func analyticsCSV(_ request: HTTPRequest, _ responder: HTTPResponder, breakdown: Bool) {
        guard let caller = OperatorCaller(request) else { return }
        let query = Self.analyticsQuery(request, extra: ["dimension"])
        let reports = reports
        let refuse: @Sendable (OperationError) -> Void = { error in
            responder.respond(ConsolePage.notice(status: error.problem.status, title: "No CSV", detail: error.problem.detail))
        }
        do throws(OperationError) {
            let item = Self.item(in: query)
            if breakdown {
                let parsed = try reports.query { $0 == "interval" ? nil : item($0) }
                let dimension: AnalyticsDimension
                do { dimension = try AnalyticsOperations.Query.dimension(item) } catch { throw OperationError(error.problem) }
                reports.breakdown(parsed, dimension: dimension, by: caller) { result in
                    switch result {
                    case .success(let report):
                        responder.respond(AnalyticsCSV.response(AnalyticsCSV.text(report), name: "breakdown-" + dimension.rawValue))
                    case .failure(let error): refuse(error)
                    }
                }
            } else {
                reports.timeseries(try reports.query(item), by: caller) { result in
                    switch result {
                    case .success(let report): responder.respond(AnalyticsCSV.response(AnalyticsCSV.text(report), name: "timeseries"))
                    case .failure(let error): refuse(error)
                    }
                }
            }
        } catch {
            refuse(error)
        }
    }

    /// The analytics items of `request` (and `extra` ones), for `scope` when given, else the
    /// request's own `scope` (`all` when it names none).
    package static func analyticsQuery(_ request: HTTPRequest, extra: [String], scope: String? = nil) -> [(String, String)] {
        let chosen = scope ?? request.queryItem("scope").flatMap { $0.isEmpty ? nil : String($0.prefix(256)) } ?? AnalyticsScope.all.key
        return [("scope", chosen)] + (analyticsItems + extra).compactMap { name in
            request.queryItem(name).flatMap { $0.isEmpty ? nil : (name, String($0.prefix(64))) }
        }
    }

    /// `name=value&…`, percent-encoded.
    package static func encode(_ items: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }

    /// The sentence of an API's problem answer.
    package static func problemText(_ response: HTTPResponse) -> String {
        (try? JSONParser.parse(response.body))?["detail"]?.stringValue ?? "The report failed (\(response.status.code))."
    }
}
