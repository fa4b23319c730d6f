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
            var page = ConsolePage(title: ConsoleSection.analytics.title, section: .analytics, session: session)
            Self.writeAnalyticsForm(request, dimension: dimension, action: ConsoleSection.analytics.path, choosesScope: true, into: &page.html)
            let status = Self.writeAnalytics(timeseries: timeseries, breakdown: breakdown, query: query, dimension: dimension, into: &page.html)
            responder.respond(page.response(status: status))
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

    /// The time series (chart, table, totals) and the breakdown, or the operation's sentence when
    /// the query was refused; answers the page's status.
    package static func writeAnalytics(timeseries: Result<AnalyticsOperations.Timeseries, OperationError>,
                                       breakdown: Result<AnalyticsOperations.Breakdown, OperationError>, query: [(String, String)],
                                       dimension: AnalyticsDimension, into html: inout HTMLDocument) -> HTTPStatus {
        let series: AnalyticsOperations.Timeseries
        switch timeseries {
        case .success(let report): series = report
        case .failure(let error):
            html.element("p", text: error.problem.detail, attributes: ["class": "error", "role": "alert"])
            return error.problem.status
        }
        Self.writeTimeseries(series, query: query, into: &html)
        html.element("h2", text: "Breakdown")
        Self.writeBreakdown(dimension, breakdown, query: query, into: &html)
        return .ok
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

    /// The GET form that picks the range, zone, interval and breakdown (and, with
    /// `choosesScope`, the scope) of the report on the page at `action`.
    package static func writeAnalyticsForm(_ request: HTTPRequest, dimension chosenDimension: AnalyticsDimension, action: String,
                                           choosesScope: Bool, into html: inout HTMLDocument) {
        html.element("form", attributes: ["method": "get", "action": action]) { html in
            if choosesScope {
                html.element("label", text: "Scope: all, link:CODE or route:NAME", attributes: ["for": "analytics-scope"])
                html.void(.input, attributes: ["type": "text", "id": "analytics-scope", "name": "scope",
                                               "value": request.queryItem("scope") ?? AnalyticsScope.all.key])
            }
            html.element("fieldset") { html in
                html.element("legend", text: "Range (dates in the zone, both included; the last 30 days by default)")
                for (name, label, type) in [("from", "From", "date"), ("to", "To", "date"),
                                            ("tz", "Time zone (IANA, such as Europe/Paris)", "text")] {
                    html.element("label", text: label, attributes: ["for": "analytics-\(name)"])
                    html.void(.input, attributes: ["type": type, "id": "analytics-\(name)", "name": name,
                                                   "value": request.queryItem(name) ?? (name == "tz" ? "UTC" : "")])
                }
                html.element("label", text: "Interval", attributes: ["for": "analytics-interval"])
                html.element("select", attributes: ["id": "analytics-interval", "name": "interval"]) { html in
                    let chosen = request.queryItem("interval") ?? AnalyticsInterval.day.rawValue
                    for interval in AnalyticsInterval.allCases {
                        var attributes: HTMLAttributes = ["value": interval.rawValue]
                        if interval.rawValue == chosen { attributes.append("selected", "selected") }
                        html.element("option", text: interval.rawValue, attributes: attributes)
                    }
                }
                html.element("label", text: "Breakdown by", attributes: ["for": "analytics-dimension"])
                html.element("select", attributes: ["id": "analytics-dimension", "name": "dimension"]) { html in
                    for dimension in AnalyticsDimension.allCases {
                        var attributes: HTMLAttributes = ["value": dimension.rawValue]
                        if dimension == chosenDimension { attributes.append("selected", "selected") }
                        html.element("option", text: dimension.rawValue, attributes: attributes)
                    }
                }
            }
            html.element("button", text: "Show", attributes: ["type": "submit"])
        }
    }

    package static func writeTimeseries(_ report: AnalyticsOperations.Timeseries, query: [(String, String)], into html: inout HTMLDocument) {
        let range = "\(report.query.range.from) to \(report.query.range.to) (\(report.query.range.zone))"
        let scope = query.first { $0.0 == "scope" }?.1 ?? AnalyticsScope.all.key
        html.element("h2", text: "\(scope == AnalyticsScope.all.key ? "Every link" : scope), \(range)")
        html.element("p") { html in
            html.element("a", text: "Download the time series as CSV", attributes: ["href": timeseriesCSVPath + "?" + encode(query),
                                                                                    "download": "scenelink-timeseries.csv"])
        }
        guard report.buckets.count <= maximumBucketsShown else {
            html.element("p", text: "The range holds \(report.buckets.count) buckets, more than a page draws (\(maximumBucketsShown)); "
                + "choose a shorter range or a longer interval, or download the CSV.", attributes: ["class": "error"])
            return
        }
        ConsoleBarChart(caption: "Human visits per \(report.query.interval.rawValue), \(range)", labelHeading: "Start",
                        valueHeading: "Human visits",
                        bars: report.buckets.map { (label: $0.start, value: $0.counts.human) }).write(into: &html, id: "timeseries")
        table(caption: "Totals", headings: ["Count"] + AnalyticsCounts.names, rows: [["All"] + report.totals.values.map(String.init)],
              into: &html)
    }

    package static func writeBreakdown(_ dimension: AnalyticsDimension, _ result: Result<AnalyticsOperations.Breakdown, OperationError>,
                                       query: [(String, String)], into html: inout HTMLDocument) {
        let report: AnalyticsOperations.Breakdown
        switch result {
        case .success(let found): report = found
        case .failure(let error):
            html.element("p", text: "\(dimension.rawValue): \(error.problem.detail)", attributes: ["class": "error"])
            return
        }
        let rows = report.rows.prefix(20).map { [$0.value, String($0.count)] }
        let noun = dimension == .preview ? "previews" : "human visits"
        table(caption: "By \(dimension.rawValue): \(noun), largest first (the first 20)", headings: [dimension.rawValue, "Count"],
              rows: rows.isEmpty ? [["(none)", "0"]] : rows, into: &html)
        html.element("p") { html in
            html.element("a", text: "Download by \(dimension.rawValue) as CSV",
                         attributes: ["href": breakdownCSVPath + "?" + encode(query + [("dimension", dimension.rawValue)]),
                                      "download": "scenelink-\(dimension.rawValue).csv"])
        }
    }
}
