import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// The days the overview covers, today (UTC) included.
    package static let overviewDays: Int64 = 30

    /// `GET /console/overview`: visits of every link today, over 7 and 30 UTC days by class,
    /// QR scans, claims and installs (analytics scope `all`), a chart of human visits per day
    /// with its table, the top links of the last 7 UTC days, whether the store can write, and
    /// the webhook endpoints that are disabled.
    ///
    /// Each part is shown only to a session allowed its operation: the counts and top links need
    /// `analytics:read`, the failing endpoints `webhooks:admin`; the store's health every session sees.
    package func overview(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let today = AnalyticsBucket.day(of: clock.now())
        let firstDay = today - Self.overviewDays + 1
        let readsAnalytics = session.may(.analyticsTimeseries)
        let readsWebhooks = session.may(.listWebhooks)
        readIf(readsAnalytics, { reports.visits(days: firstDay...today, by: caller, completion: $0) }) { [self] result in
            readIf(readsWebhooks, { webhooks.list(by: caller, completion: $0) }) { [self] endpoints in
            readIf(readsAnalytics, { reports.topLinks(days: (today - Self.topLinkDays + 1)...today, limit: Self.topLinksShown,
                                                      by: caller, completion: $0) }) { [self] top in
            storeHealth { problem in
                var page = ConsolePage(title: ConsoleSection.overview.title, section: .overview, session: session)
                switch result {
                case .success(let rows)?:
                    var perDay = [AnalyticsCounts](repeating: AnalyticsCounts(), count: Int(Self.overviewDays))
                    for row in rows {
                        let index = AnalyticsBucket.day(ofBucket: row.bucket) - firstDay
                        if index >= 0, index < Self.overviewDays { perDay[Int(index)] += row.counts }
                    }
                    Self.writeCounts(perDay, firstDay: firstDay, into: &page.html)
                case .failure(let error)?:
                    page.html.element("p", text: "The analytics could not be read: \(error.problem.detail)",
                                      attributes: ["class": "error"])
                case nil:
                    break
                }
                page.html.element("h2", text: "Store")
                page.html.element("p", text: problem.map { "The store cannot write: \($0)" } ?? "The store is writable (\(storeDescription)).",
                                  attributes: problem == nil ? [:] : ["class": "error"])
                if let top { Self.writeTopLinks(top.mapError { ConsoleReadFailure(message: $0.problem.detail) }, into: &page.html) }
                if let endpoints { Self.writeDisabledWebhooks(endpoints, into: &page.html) }
                responder.respond(page.response())
            }
            }
            }
        }
    }

    /// Runs `read` when `allowed`, else answers nil at once: a page reads only what its session may see.
    package func readIf<Value>(_ allowed: Bool, _ read: (@escaping @Sendable (Value) -> Void) -> Void,
                               then: @escaping @Sendable (Value?) -> Void) {
        guard allowed else { return then(nil) }
        read { then($0) }
    }

    /// The top links' span in UTC days, today included, and how many are ranked.
    package static let topLinkDays: Int64 = 7
    package static let topLinksShown = 10

    /// The links with the most human visits over the last `topLinkDays` UTC days, each linked to its page.
    package static func writeTopLinks(_ result: Result<[AnalyticsTopLink], ConsoleReadFailure>, into html: inout HTMLDocument) {
        html.element("h2", text: "Top links")
        switch result {
        case .success(let top) where top.isEmpty:
            html.element("p", text: "No short link had a human visit in the last \(topLinkDays) UTC days.")
        case .success(let top):
            html.table(caption: "The \(topLinksShown) short links with the most human visits over the last \(topLinkDays) UTC days",
                       headings: ["Rank", "Link", "Human visits"]) { html in
                for (index, link) in top.enumerated() {
                    html.element("tr") { html in
                        html.element("td", text: String(index + 1), attributes: ["class": "number"])
                        html.element("th", attributes: ["scope": "row"]) { html in
                            html.element("a", text: link.code, attributes: ["href": linkPath(link.code)])
                        }
                        html.element("td", text: String(link.human), attributes: ["class": "number"])
                    }
                }
            }
        case .failure(let failure):
            html.element("p", text: "The top links could not be read: \(failure.message)", attributes: ["class": "error"])
        }
    }

    /// The webhook endpoints that are failing: those the worker disabled after their retries ran
    /// out, and those that lost events to a full outbox, each linked to its deliveries.
    package static func writeDisabledWebhooks(_ result: Result<[WebhookEndpoint], OperationError>, into html: inout HTMLDocument) {
        html.element("h2", text: "Webhook endpoints failing")
        switch result {
        case .success(let endpoints):
            let failing = endpoints.filter { $0.disabledAt != nil || $0.droppedEvents > 0 }
            guard !failing.isEmpty else {
                return html.element("p", text: "None: \(endpoints.count) endpoint\(endpoints.count == 1 ? "" : "s"), all enabled, no event dropped.")
            }
            html.element("ul") { html in
                for endpoint in failing {
                    html.element("li") { html in
                        html.element("a", text: endpoint.url, attributes: ["href": "/console/webhooks/\(endpoint.id)"])
                        if let disabledAt = endpoint.disabledAt {
                            html.text(": disabled \(RFC3339.string(disabledAt))"
                                      + "\(endpoint.disabledReason.map { " (\($0))" } ?? "")")
                        }
                        if endpoint.droppedEvents > 0 {
                            html.text("; \(endpoint.droppedEvents) events dropped because its outbox was full")
                        }
                    }
                }
            }
        case .failure(let error):
            html.element("p", text: "The endpoints could not be read: \(error.problem.detail)", attributes: ["class": "error"])
        }
    }

    /// The table of counts by class for today, 7 and 30 days, and the chart of human visits.
    package static func writeCounts(_ perDay: [AnalyticsCounts], firstDay: Int64, into html: inout HTMLDocument) {
        func sum(_ days: Int) -> AnalyticsCounts {
            var total = AnalyticsCounts()
            for counts in perDay.suffix(days) { total += counts }
            return total
        }
        let spans = [("Today", sum(1)), ("7 days", sum(7)), ("30 days", sum(perDay.count))]
        html.element("h2", text: "Visits of every link (UTC days)")
        html.table(caption: "Visits by class, QR scans, claims and installs", headings: ["Count"] + spans.map(\.0)) { html in
            let labels = ["Human visits", "of which QR scans", "Previews", "Bots", "Claims", "Installs"]
            for (index, label) in labels.enumerated() {
                html.element("tr") { html in
                    html.element("th", text: label, attributes: ["scope": "row"])
                    for span in spans {
                        html.element("td", text: String(span.1.values[index]), attributes: ["class": "number"])
                    }
                }
            }
        }
        let bars = perDay.enumerated().map { index, counts in (label: AnalyticsBucket.dayText(firstDay + Int64(index)), value: counts.human) }
        ConsoleBarChart(caption: "Human visits per UTC day, last \(perDay.count) days", labelHeading: "Day",
                        valueHeading: "Human visits", bars: bars).write(into: &html, id: "visits")
    }
}
