import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The Overview (`GET /console/overview`): the counts of every link today and over 7 and 30 UTC
/// days by class with the chart of human visits per day, the store's health, the top links of the
/// last `ConsoleEndpoints.topLinkDays` days and the webhook endpoints that are failing.
///
/// A part the session may not see is nil (its operation was not performed), and the page leaves
/// it out; the store's health every session sees.
package struct ConsoleOverviewView: ConsolePageView {
    /// The counts table (one row per class, one column per span) and the chart.
    package struct Counts: Sendable {
        /// The spans' column headings: "Today", "7 days", "30 days".
        package let spans: [String]
        /// One row per class ("Human visits", "of which QR scans", …), a value per span.
        package let rows: [(label: String, values: [Int64])]
        /// Human visits per day, oldest first.
        package let chart: ConsoleBarChart
    }

    /// One link of the top links.
    package struct TopLink: Sendable, Equatable {
        package let rank: Int
        package let code: String
        /// Its page in the console.
        package let path: String
        package let human: Int64
    }

    /// The webhook endpoints and which of them are failing.
    package struct Webhooks: Sendable {
        /// How many endpoints there are, failing or not.
        package let endpointCount: Int
        /// The failing ones, in the listing's order.
        package let failing: [FailingEndpoint]
    }

    /// An endpoint the worker disabled or that lost events to a full outbox.
    package struct FailingEndpoint: Sendable, Equatable {
        package let url: String
        /// Its deliveries' page.
        package let path: String
        /// What went wrong, after the URL (": disabled 2027-01-15T08:00:00Z (reason); 3 events dropped …").
        package let problem: String
    }

    package var title: String { ConsoleSection.overview.title }
    package var section: ConsoleSection { .overview }
    /// nil for a session without `analytics:read`.
    package let counts: Result<Counts, ConsoleReadFailure>?
    /// Whether the store can write, and the sentence that says so (or why not).
    package let storeWritable: Bool
    package let storeSentence: String
    /// nil for a session without `analytics:read`.
    package let topLinks: Result<[TopLink], ConsoleReadFailure>?
    /// nil for a session without `webhooks:admin`.
    package let webhooks: Result<Webhooks, ConsoleReadFailure>?

    /// - Parameters:
    ///   - visits: the rows of 15-minute counts of scope `all` from `firstDay` on (nil: not read).
    ///   - firstDay: the first UTC day of the `days` the counts cover, today the last.
    ///   - storeProblem: nil when the store can write, else why not; `storeDescription` names it.
    ///   - topLinks: the links with the most human visits, largest first (nil: not read).
    ///   - endpoints: every webhook endpoint (nil: not read).
    package init(visits: Result<[AnalyticsBatch.Visits], OperationError>?, firstDay: Int64, days: Int64 = ConsoleEndpoints.overviewDays,
                 storeProblem: String?, storeDescription: String, topLinks: Result<[AnalyticsTopLink], OperationError>?,
                 endpoints: Result<[WebhookEndpoint], OperationError>?) {
        counts = visits.map { result in
            result.map { Self.counts(of: $0, firstDay: firstDay, days: days) }.mapError { ConsoleReadFailure(message: $0.problem.detail) }
        }
        storeWritable = storeProblem == nil
        storeSentence = storeProblem.map { "The store cannot write: \($0)" } ?? "The store is writable (\(storeDescription))."
        self.topLinks = topLinks.map { result in
            result.map { top in
                top.enumerated().map { index, link in
                    TopLink(rank: index + 1, code: link.code, path: ConsoleEndpoints.linkPath(link.code), human: link.human)
                }
            }.mapError { ConsoleReadFailure(message: $0.problem.detail) }
        }
        webhooks = endpoints.map { result in
            result.map { endpoints in
                Webhooks(endpointCount: endpoints.count,
                         failing: endpoints.filter { $0.disabledAt != nil || $0.droppedEvents > 0 }.map(Self.failing))
            }.mapError { ConsoleReadFailure(message: $0.problem.detail) }
        }
    }

    /// Each day's counts summed, then today's, the last 7 days' and the whole span's.
    private static func counts(of rows: [AnalyticsBatch.Visits], firstDay: Int64, days: Int64) -> Counts {
        var perDay = [AnalyticsCounts](repeating: AnalyticsCounts(), count: Int(days))
        for row in rows {
            let index = AnalyticsBucket.day(ofBucket: row.bucket) - firstDay
            if index >= 0, index < days { perDay[Int(index)] += row.counts }
        }
        func sum(_ days: Int) -> AnalyticsCounts {
            var total = AnalyticsCounts()
            for counts in perDay.suffix(days) { total += counts }
            return total
        }
        let spans = [("Today", sum(1)), ("7 days", sum(7)), ("30 days", sum(perDay.count))]
        let labels = ["Human visits", "of which QR scans", "Previews", "Bots", "Claims", "Installs"]
        let bars = perDay.enumerated().map { index, counts in (label: AnalyticsBucket.dayText(firstDay + Int64(index)), value: counts.human) }
        return Counts(spans: spans.map(\.0),
                      rows: labels.enumerated().map { index, label in (label: label, values: spans.map { $0.1.values[index] }) },
                      chart: ConsoleBarChart(caption: "Human visits per UTC day, last \(perDay.count) days", labelHeading: "Day",
                                             valueHeading: "Human visits", bars: bars))
    }

    private static func failing(_ endpoint: WebhookEndpoint) -> FailingEndpoint {
        var problem = ""
        if let disabledAt = endpoint.disabledAt {
            problem += ": disabled \(RFC3339.string(disabledAt))\(endpoint.disabledReason.map { " (\($0))" } ?? "")"
        }
        if endpoint.droppedEvents > 0 {
            problem += "; \(endpoint.droppedEvents) events dropped because its outbox was full"
        }
        return FailingEndpoint(url: endpoint.url, path: "/console/webhooks/\(endpoint.id)", problem: problem)
    }

    package func write(into html: inout HTMLDocument) {
        switch counts {
        case .success(let counts)?: Self.write(counts, into: &html)
        case .failure(let failure)?:
            html.element("p", text: "The analytics could not be read: \(failure.message)", attributes: ["class": "error"])
        case nil:
            break
        }
        html.element("h2", text: "Store")
        html.element("p", text: storeSentence, attributes: storeWritable ? [:] : ["class": "error"])
        if let topLinks { Self.write(topLinks, into: &html) }
        if let webhooks { Self.write(webhooks, into: &html) }
    }

    /// The table of counts by class for today, 7 and 30 days, and the chart of human visits.
    private static func write(_ counts: Counts, into html: inout HTMLDocument) {
        html.element("h2", text: "Visits of every link (UTC days)")
        html.consoleTable(caption: "Visits by class, QR scans, claims and installs", headings: ["Count"] + counts.spans,
                          numeric: Set(counts.spans.indices.map { $0 + 1 })) { html in
            for row in counts.rows {
                html.element("tr") { html in
                    html.element("th", text: row.label, attributes: ["scope": "row"])
                    for value in row.values {
                        html.element("td", text: String(value), attributes: ["class": "number"])
                    }
                }
            }
        }
        counts.chart.write(into: &html, id: "visits")
    }

    /// The links with the most human visits over the last `topLinkDays` UTC days, each linked to its page.
    private static func write(_ result: Result<[TopLink], ConsoleReadFailure>, into html: inout HTMLDocument) {
        let days = ConsoleEndpoints.topLinkDays
        html.element("h2", text: "Top links")
        switch result {
        case .success(let top) where top.isEmpty:
            html.element("p", text: "No short link had a human visit in the last \(days) UTC days.")
        case .success(let top):
            html.consoleTable(caption: "The \(ConsoleEndpoints.topLinksShown) short links with the most human visits over the last \(days) UTC days",
                       headings: ["Rank", "Link", "Human visits"], numeric: [0, 2]) { html in
                for link in top {
                    html.element("tr") { html in
                        html.element("td", text: String(link.rank), attributes: ["class": "number"])
                        html.element("th", attributes: ["scope": "row"]) { html in
                            html.element("a", text: link.code, attributes: ["href": link.path])
                        }
                        html.element("td", text: String(link.human), attributes: ["class": "number"])
                    }
                }
            }
        case .failure(let failure):
            html.element("p", text: "The top links could not be read: \(failure.message)", attributes: ["class": "error"])
        }
    }

    /// The failing endpoints, each linked to its deliveries, or a sentence that none is.
    private static func write(_ result: Result<Webhooks, ConsoleReadFailure>, into html: inout HTMLDocument) {
        html.element("h2", text: "Webhook endpoints failing")
        switch result {
        case .success(let webhooks):
            guard !webhooks.failing.isEmpty else {
                let count = webhooks.endpointCount
                return html.element("p", text: "None: \(count) endpoint\(count == 1 ? "" : "s"), all enabled, no event dropped.")
            }
            html.element("ul") { html in
                for endpoint in webhooks.failing {
                    html.element("li") { html in
                        html.element("a", text: endpoint.url, attributes: ["href": endpoint.path])
                        if !endpoint.problem.isEmpty { html.text(endpoint.problem) }
                    }
                }
            }
        case .failure(let failure):
            html.element("p", text: "The endpoints could not be read: \(failure.message)", attributes: ["class": "error"])
        }
    }
}
