import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension ConsoleEndpoints {
    static let timeseriesCSVPath = "/console/analytics/timeseries.csv"
    static let breakdownCSVPath = "/console/analytics/breakdown.csv"
    /// The query items the Analytics page passes on to the analytics API, as the API names them.
    static let analyticsItems = ["from", "to", "tz", "interval"]
    /// The most buckets a page draws (each is a bar and a row): past it the page says to pick a
    /// shorter range or a longer interval, and offers the CSV, so a page stays within 60 KB.
    static let maximumBucketsShown = 200

    /// `GET /console/analytics?scope&from&to&tz&interval&dimension`: one scope (`all`, every
    /// link together, by default; `link:CODE` or `route:NAME`) as the analytics API answers it:
    /// people's visits per bucket as a chart with its table, the totals, the breakdown by the
    /// chosen dimension (platform by default: one report, so the page stays fast), and CSV
    /// downloads. A wrong scope, range or zone is the page with the API's sentence.
    func analyticsPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let query = Self.analyticsQuery(request, extra: [])
        let dimension = Self.analyticsDimension(request)
        analyticsReports(query: query, dimension: dimension) { timeseries, breakdown in
            var page = ConsolePage(title: ConsoleSection.analytics.title, section: .analytics, session: session)
            Self.writeAnalyticsForm(request, dimension: dimension, action: ConsoleSection.analytics.path, choosesScope: true, into: &page.html)
            let status = Self.writeAnalytics(timeseries: timeseries, breakdown: breakdown, query: query, dimension: dimension, into: &page.html)
            responder.respond(page.response(status: status))
        }
    }

    /// The breakdown a page asks for (`dimension`), platform by default.
    static func analyticsDimension(_ request: HTTPRequest) -> AnalyticsDimension {
        request.queryItem("dimension").flatMap { AnalyticsDimension(rawValue: $0) } ?? .platform
    }

    /// The analytics API's time series and breakdown by `dimension` for `query`.
    func analyticsReports(query: [(String, String)], dimension: AnalyticsDimension,
                          completion: @escaping @Sendable (_ timeseries: HTTPResponse, _ breakdown: HTTPResponse) -> Void) {
        callAnalyticsAPI({ $0.timeseries }, path: AnalyticsEndpoints.timeseriesPattern, query: query) { [self] timeseries in
            callAnalyticsAPI({ $0.breakdown }, path: AnalyticsEndpoints.breakdownPattern,
                             query: query + [("dimension", dimension.rawValue)]) { breakdown in
                completion(timeseries, breakdown)
            }
        }
    }

    /// The time series (chart, table, totals) and the breakdown, or the API's sentence when the
    /// query was refused; answers the page's status.
    static func writeAnalytics(timeseries: HTTPResponse, breakdown: HTTPResponse, query: [(String, String)],
                               dimension: AnalyticsDimension, into html: inout HTMLDocument) -> HTTPStatus {
        guard timeseries.status.code == 200, let document = try? JSONParser.parse(timeseries.body) else {
            html.element("p", text: Self.problemText(timeseries), attributes: [(name: "class", value: "error"), (name: "role", value: "alert")])
            return timeseries.status
        }
        Self.writeTimeseries(document, query: query, into: &html)
        html.element("h2", text: "Breakdown")
        Self.writeBreakdown(dimension, breakdown, query: query, into: &html)
        return .ok
    }

    /// `GET /console/analytics/timeseries.csv` and `…/breakdown.csv`: the analytics API's CSV.
    func analyticsCSV(_ request: HTTPRequest, _ responder: HTTPResponder,
                      report: @escaping (AnalyticsEndpoints) -> (HTTPRequest, HTTPResponder) throws -> Void) {
        let query = Self.analyticsQuery(request, extra: ["dimension"])
        callAnalyticsAPI(report, path: request.path, query: query, accept: "text/csv") { answer in
            responder.respond(answer.status.code == 200 ? answer
                              : ConsolePage.notice(status: answer.status, title: "No CSV", detail: Self.problemText(answer)))
        }
    }

    /// The analytics items of `request` (and `extra` ones), for `scope` when given, else the
    /// request's own `scope` (`all` when it names none).
    static func analyticsQuery(_ request: HTTPRequest, extra: [String], scope: String? = nil) -> [(String, String)] {
        let chosen = scope ?? request.queryItem("scope").flatMap { $0.isEmpty ? nil : String($0.prefix(256)) } ?? AnalyticsScope.all.key
        return [("scope", chosen)] + (analyticsItems + extra).compactMap { name in
            request.queryItem(name).flatMap { $0.isEmpty ? nil : (name, String($0.prefix(64))) }
        }
    }

    /// Runs an analytics API report for `query` and hands its answer to `completion`.
    private func callAnalyticsAPI(_ report: (AnalyticsEndpoints) -> (HTTPRequest, HTTPResponder) throws -> Void, path: String,
                                  query: [(String, String)], accept: String = "application/json",
                                  completion: @escaping @Sendable (HTTPResponse) -> Void) {
        let call = HTTPRequest(method: .get, target: path + "?" + Self.encode(query), headers: ["Accept": accept])
        do {
            try report(analyticsReports)(call, HTTPResponder(completion))
        } catch let error as any ResponseError {
            completion(error.response)
        } catch {
            completion(HTTPResponse(status: .internalServerError))
        }
    }

    /// `name=value&…`, percent-encoded.
    static func encode(_ items: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }

    /// The sentence of an API's problem answer.
    static func problemText(_ response: HTTPResponse) -> String {
        (try? JSONParser.parse(response.body))?["detail"]?.stringValue ?? "The report failed (\(response.status.code))."
    }

    /// The GET form that picks the range, zone, interval and breakdown (and, with
    /// `choosesScope`, the scope) of the report on the page at `action`.
    static func writeAnalyticsForm(_ request: HTTPRequest, dimension chosenDimension: AnalyticsDimension, action: String,
                                   choosesScope: Bool, into html: inout HTMLDocument) {
        html.open("form", attributes: [(name: "method", value: "get"), (name: "action", value: action)])
        if choosesScope {
            html.element("label", text: "Scope: all, link:CODE or route:NAME", attributes: [(name: "for", value: "analytics-scope")])
            html.open("input", attributes: [(name: "type", value: "text"), (name: "id", value: "analytics-scope"), (name: "name", value: "scope"),
                                            (name: "value", value: request.queryItem("scope") ?? AnalyticsScope.all.key)])
        }
        html.open("fieldset")
        html.element("legend", text: "Range (dates in the zone, both included; the last 30 days by default)")
        for (name, label, type) in [("from", "From", "date"), ("to", "To", "date"), ("tz", "Time zone (IANA, such as Europe/Paris)", "text")] {
            html.element("label", text: label, attributes: [(name: "for", value: "analytics-\(name)")])
            html.open("input", attributes: [(name: "type", value: type), (name: "id", value: "analytics-\(name)"), (name: "name", value: name),
                                            (name: "value", value: request.queryItem(name) ?? (name == "tz" ? "UTC" : ""))])
        }
        html.element("label", text: "Interval", attributes: [(name: "for", value: "analytics-interval")])
        html.open("select", attributes: [(name: "id", value: "analytics-interval"), (name: "name", value: "interval")])
        let chosen = request.queryItem("interval") ?? AnalyticsInterval.day.rawValue
        for interval in AnalyticsInterval.allCases {
            var attributes: [(name: StaticString, value: String)] = [(name: "value", value: interval.rawValue)]
            if interval.rawValue == chosen { attributes.append((name: "selected", value: "selected")) }
            html.element("option", text: interval.rawValue, attributes: attributes)
        }
        html.close("select")
        html.element("label", text: "Breakdown by", attributes: [(name: "for", value: "analytics-dimension")])
        html.open("select", attributes: [(name: "id", value: "analytics-dimension"), (name: "name", value: "dimension")])
        for dimension in AnalyticsDimension.allCases {
            var attributes: [(name: StaticString, value: String)] = [(name: "value", value: dimension.rawValue)]
            if dimension == chosenDimension { attributes.append((name: "selected", value: "selected")) }
            html.element("option", text: dimension.rawValue, attributes: attributes)
        }
        html.close("select")
        html.close("fieldset")
        html.element("button", text: "Show", attributes: [(name: "type", value: "submit")])
        html.close("form")
    }

    static func writeTimeseries(_ document: JSONValue, query: [(String, String)], into html: inout HTMLDocument) {
        let zone = document["tz"]?.stringValue ?? "UTC"
        let range = "\(document["from"]?.stringValue ?? "") to \(document["to"]?.stringValue ?? "") (\(zone))"
        let scope = query.first { $0.0 == "scope" }?.1 ?? AnalyticsScope.all.key
        html.element("h2", text: "\(scope == AnalyticsScope.all.key ? "Every link" : scope), \(range)")
        let buckets = document["buckets"]?.arrayValue ?? []
        html.open("p")
        html.element("a", text: "Download the time series as CSV", attributes: [(name: "href", value: timeseriesCSVPath + "?" + encode(query)),
                                                                                (name: "download", value: "scenelink-timeseries.csv")])
        html.close("p")
        guard buckets.count <= maximumBucketsShown else {
            html.element("p", text: "The range holds \(buckets.count) buckets, more than a page draws (\(maximumBucketsShown)); "
                + "choose a shorter range or a longer interval, or download the CSV.", attributes: [(name: "class", value: "error")])
            return
        }
        func count(_ value: JSONValue?) -> Int64 { Int64(value?.intValue ?? 0) }
        ConsoleBarChart(caption: "Human visits per \(document["interval"]?.stringValue ?? "day"), \(range)", labelHeading: "Start",
                        valueHeading: "Human visits",
                        bars: buckets.map { (label: $0["start"]?.stringValue ?? "", value: count($0["human"])) }).write(into: &html, id: "timeseries")
        table(caption: "Totals", headings: ["Count"] + AnalyticsCounts.names, rows: [["All"] + AnalyticsCounts.names.map { String(count(document["totals"]?[$0])) }],
              into: &html)
    }

    static func writeBreakdown(_ dimension: AnalyticsDimension, _ response: HTTPResponse, query: [(String, String)],
                                       into html: inout HTMLDocument) {
        guard response.status.code == 200, let document = try? JSONParser.parse(response.body) else {
            html.element("p", text: "\(dimension.rawValue): \(problemText(response))", attributes: [(name: "class", value: "error")])
            return
        }
        let rows = (document["rows"]?.arrayValue ?? []).prefix(20).map { row in
            [row["value"]?.stringValue ?? "", row["count"]?.intValue.map(String.init) ?? "0"]
        }
        let noun = dimension == .preview ? "previews" : "human visits"
        table(caption: "By \(dimension.rawValue): \(noun), largest first (the first 20)", headings: [dimension.rawValue, "Count"],
              rows: rows.isEmpty ? [["(none)", "0"]] : rows, into: &html)
        html.open("p")
        html.element("a", text: "Download by \(dimension.rawValue) as CSV",
                     attributes: [(name: "href", value: breakdownCSVPath + "?" + encode(query + [("dimension", dimension.rawValue)])),
                                  (name: "download", value: "scenelink-\(dimension.rawValue).csv")])
        html.close("p")
    }
}
