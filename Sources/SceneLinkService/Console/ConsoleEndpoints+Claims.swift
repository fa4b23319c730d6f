import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension ConsoleEndpoints {
    /// `GET /console/claims`: claims (deferred deep links) made by link pages and redeemed by the
    /// app, per UTC day over the last 30 days, from the analytics counts of every link (counts
    /// only: no claim, code or install id is shown). Expired claims are not counted anywhere (the
    /// sweep deletes them), so the page does not show them.
    func claimsPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let today = AnalyticsBucket.day(of: clock.now())
        let firstDay = today - Self.overviewDays + 1
        analytics.analyticsVisits(scope: AnalyticsScope.all.key, from: firstDay * AnalyticsBucket.perDay,
                                  to: (today + 1) * AnalyticsBucket.perDay) { result in
            var page = ConsolePage(title: ConsoleSection.claims.title, section: .claims, formToken: session.formToken)
            switch result {
            case .success(let rows):
                var made = [Int64](repeating: 0, count: Int(Self.overviewDays))
                var redeemed = made
                for row in rows {
                    let index = Int(AnalyticsBucket.day(ofBucket: row.bucket) - firstDay)
                    guard made.indices.contains(index) else { continue }
                    made[index] += row.counts.claims
                    redeemed[index] += row.counts.installs
                }
                let days = (0..<Int(Self.overviewDays)).map { Self.dayText(firstDay + Int64($0)) }
                page.html.element("p", text: "Made: \(made.reduce(0, +)) · Redeemed: \(redeemed.reduce(0, +)) in the last \(Self.overviewDays) UTC days.")
                ConsoleBarChart(caption: "Claims made per UTC day, last \(Self.overviewDays) days", labelHeading: "Day",
                                valueHeading: "Claims made", bars: Array(zip(days, made)).map { (label: $0.0, value: $0.1) })
                    .write(into: &page.html, id: "claims")
                Self.table(caption: "Claims per UTC day", headings: ["Day", "Made", "Redeemed"],
                           rows: days.indices.reversed().map { [days[$0], String(made[$0]), String(redeemed[$0])] }, into: &page.html)
            case .failure(let error):
                page.html.element("p", text: "The counts could not be read: \(error.description)", attributes: [(name: "class", value: "error")])
            }
            page.html.element("p", text: "Expired claims are deleted by the sweep and not counted, so they are not shown.",
                              attributes: [(name: "class", value: "muted")])
            responder.respond(page.response())
        }
    }

    /// `YYYY-MM-DD` of a UTC day number.
    static func dayText(_ day: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(day * 86_400)))
    }
}
