import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// One scope's analytics as the Analytics page and a link's page show them: the GET form that
/// picks the range, zone, interval and breakdown (and on the Analytics page the scope), then
/// the time series (a chart with its table, the totals, the CSV) and the breakdown by the chosen
/// dimension; or the operation's sentence when the query was refused.
///
/// A part of two views (`ConsoleAnalyticsView`, `ConsoleLinkView`), built the same pure way.
package struct ConsoleAnalyticsReport: Sendable {
    /// The form as the request filled it.
    package struct Form: Sendable, Equatable {
        /// Where the form sends its GET.
        package let action: String
        /// The scope field's value; nil when the page has no scope field (a link's page).
        package let scope: String?
        /// The from, to and zone fields' values (the zone "UTC" when none was given).
        package let from: String
        package let to: String
        package let zone: String
        /// The interval and dimension selected.
        package let interval: String
        package let dimension: AnalyticsDimension
    }

    /// The time series part.
    package struct Series: Sendable {
        /// "Every link" or the scope, and the range with its zone.
        package let heading: String
        /// The CSV download of the same query.
        package let csvPath: String
        /// The chart, or nil when the range holds more buckets than a page draws.
        package let chart: ConsoleBarChart?
        /// How many buckets the range holds.
        package let bucketCount: Int
        /// The totals in the order of `AnalyticsCounts.names`.
        package let totals: [Int64]
    }

    /// The breakdown part: its table's caption and rows (value, count) and its CSV.
    package struct Breakdown: Sendable {
        package let dimension: AnalyticsDimension
        package let caption: String
        /// At most 20 rows, largest first; one "(none)" row when there is no value.
        package let rows: [[String]]
        package let csvPath: String
    }

    package let form: Form
    /// The series and the breakdown (or why the breakdown failed); or the refusal's sentence.
    package let content: Result<(series: Series, breakdown: Result<Breakdown, ConsoleReadFailure>), ConsoleReadFailure>
    /// 200, or the refused query's status.
    package let status: HTTPStatus

    /// The breakdowns' most rows shown.
    package static let breakdownRowsShown = 20

    /// - Parameters:
    ///   - form: the form's action, whether it has a scope field, and the request's query items.
    ///   - query: the analytics items the reports were asked with (`scope` first), for the CSV links.
    ///   - dimension: the breakdown asked for.
    package init(action: String, choosesScope: Bool, item: (String) -> String?, query: [(String, String)], dimension: AnalyticsDimension,
                 timeseries: Result<AnalyticsOperations.Timeseries, OperationError>,
                 breakdown: Result<AnalyticsOperations.Breakdown, OperationError>) {
        form = Form(action: action, scope: choosesScope ? item("scope") ?? AnalyticsScope.all.key : nil, from: item("from") ?? "",
                    to: item("to") ?? "", zone: item("tz") ?? "UTC", interval: item("interval") ?? AnalyticsInterval.day.rawValue,
                    dimension: dimension)
        switch timeseries {
        case .failure(let error):
            content = .failure(ConsoleReadFailure(message: error.problem.detail))
            status = error.problem.status
        case .success(let report):
            let series = Self.series(report, query: query)
            let parts = breakdown.map { Self.breakdown($0, dimension: dimension, query: query) }
                .mapError { ConsoleReadFailure(message: "\(dimension.rawValue): \($0.problem.detail)") }
            content = .success((series, parts))
            status = .ok
        }
    }

    private static func series(_ report: AnalyticsOperations.Timeseries, query: [(String, String)]) -> Series {
        let range = "\(report.query.range.from) to \(report.query.range.to) (\(report.query.range.zone))"
        let scope = query.first { $0.0 == "scope" }?.1 ?? AnalyticsScope.all.key
        let fits = report.buckets.count <= ConsoleEndpoints.maximumBucketsShown
        return Series(heading: "\(scope == AnalyticsScope.all.key ? "Every link" : scope), \(range)",
                      csvPath: ConsoleEndpoints.timeseriesCSVPath + "?" + ConsoleEndpoints.encode(query),
                      chart: fits ? ConsoleBarChart(caption: "Human visits per \(report.query.interval.rawValue), \(range)", labelHeading: "Start",
                                                    valueHeading: "Human visits",
                                                    bars: report.buckets.map { (label: $0.start, value: $0.counts.human) }) : nil,
                      bucketCount: report.buckets.count, totals: report.totals.values)
    }

    private static func breakdown(_ report: AnalyticsOperations.Breakdown, dimension: AnalyticsDimension,
                                  query: [(String, String)]) -> Breakdown {
        let rows = report.rows.prefix(breakdownRowsShown).map { [$0.value, String($0.count)] }
        let noun = dimension == .preview ? "previews" : "human visits"
        return Breakdown(dimension: dimension, caption: "By \(dimension.rawValue): \(noun), largest first (the first \(breakdownRowsShown))",
                         rows: rows.isEmpty ? [["(none)", "0"]] : rows,
                         csvPath: ConsoleEndpoints.breakdownCSVPath + "?" + ConsoleEndpoints.encode(query + [("dimension", dimension.rawValue)]))
    }

    /// The form, then the time series and the breakdown, or the refusal's sentence.
    package func write(into html: inout HTMLDocument) {
        writeForm(into: &html)
        let parts: (series: Series, breakdown: Result<Breakdown, ConsoleReadFailure>)
        switch content {
        case .success(let found): parts = found
        case .failure(let failure):
            html.element("p", text: failure.message, attributes: ["class": "error", "role": "alert"])
            return
        }
        Self.write(parts.series, into: &html)
        html.element("h2", text: "Breakdown")
        switch parts.breakdown {
        case .success(let breakdown):
            ConsoleEndpoints.table(caption: breakdown.caption, headings: [breakdown.dimension.rawValue, "Count"], numeric: [1], rows: breakdown.rows,
                                   into: &html)
            html.element("p") { html in
                html.element("a", text: "Download by \(breakdown.dimension.rawValue) as CSV",
                             attributes: ["href": breakdown.csvPath, "download": "scenelink-\(breakdown.dimension.rawValue).csv"])
            }
        case .failure(let failure):
            html.element("p", text: failure.message, attributes: ["class": "error"])
        }
    }

    private static func write(_ series: Series, into html: inout HTMLDocument) {
        html.element("h2", text: series.heading)
        html.element("p") { html in
            html.element("a", text: "Download the time series as CSV", attributes: ["href": series.csvPath, "download": "scenelink-timeseries.csv"])
        }
        guard let chart = series.chart else {
            html.element("p", text: "The range holds \(series.bucketCount) buckets, more than a page draws (\(ConsoleEndpoints.maximumBucketsShown)); "
                + "choose a shorter range or a longer interval, or download the CSV.", attributes: ["class": "error"])
            return
        }
        chart.write(into: &html, id: "timeseries")
        ConsoleEndpoints.table(caption: "Totals", headings: ["Count"] + AnalyticsCounts.names,
                               numeric: Set(AnalyticsCounts.names.indices.map { $0 + 1 }), rows: [["All"] + series.totals.map(String.init)],
                               into: &html)
    }

    /// The GET form that picks the range, zone, interval and breakdown (and the scope, when the page chooses it).
    private func writeForm(into html: inout HTMLDocument) {
        html.element("form", attributes: ["method": "get", "action": form.action]) { html in
            if let scope = form.scope {
                html.element("label", text: "Scope: all, link:CODE or route:NAME", attributes: ["for": "analytics-scope"])
                html.void(.input, attributes: ["type": "text", "id": "analytics-scope", "name": "scope", "value": scope])
            }
            html.element("fieldset") { html in
                html.element("legend", text: "Range (dates in the zone, both included; the last 30 days by default)")
                for (name, label, type, value) in [("from", "From", "date", form.from), ("to", "To", "date", form.to),
                                                   ("tz", "Time zone (IANA, such as Europe/Paris)", "text", form.zone)] {
                    html.element("label", text: label, attributes: ["for": "analytics-\(name)"])
                    html.void(.input, attributes: ["type": type, "id": "analytics-\(name)", "name": name, "value": value])
                }
                html.element("label", text: "Interval", attributes: ["for": "analytics-interval"])
                html.element("select", attributes: ["id": "analytics-interval", "name": "interval"]) { html in
                    for interval in AnalyticsInterval.allCases {
                        var attributes: HTMLAttributes = ["value": interval.rawValue]
                        if interval.rawValue == form.interval { attributes.append("selected", "selected") }
                        html.element("option", text: interval.rawValue, attributes: attributes)
                    }
                }
                html.element("label", text: "Breakdown by", attributes: ["for": "analytics-dimension"])
                html.element("select", attributes: ["id": "analytics-dimension", "name": "dimension"]) { html in
                    for dimension in AnalyticsDimension.allCases {
                        var attributes: HTMLAttributes = ["value": dimension.rawValue]
                        if dimension == form.dimension { attributes.append("selected", "selected") }
                        html.element("option", text: dimension.rawValue, attributes: attributes)
                    }
                }
            }
            html.element("button", text: "Show", attributes: ["type": "submit"])
        }
    }
}
