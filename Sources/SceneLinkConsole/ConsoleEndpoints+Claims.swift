import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// `GET /console/claims`: claims (deferred deep links) made by link pages, redeemed by the app
    /// and expired unredeemed, per UTC day over the last 30 days: made and redeemed from the
    /// analytics counts of every link, expired from the sweep's count as it deletes them (counts
    /// only: no claim, code or install id is shown).
    package func claimsPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let today = AnalyticsBucket.day(of: clock.now())
        let firstDay = today - Self.overviewDays + 1
        claims.daily(days: firstDay...today, by: caller) { result in
            var page = ConsolePage(title: ConsoleSection.claims.title, section: .claims, session: session)
            switch result {
            case .success(let daily):
                Self.writeClaims(rows: daily.visits, expired: daily.expired, firstDay: firstDay, into: &page)
            case .failure(let error):
                page.html.element("p", text: "The counts could not be read: \(error.problem.detail)", attributes: ["class": "error"])
            }
            responder.respond(page.response())
        }
    }

    /// The Claims page's summary, chart and table of made, redeemed and expired claims per day.
    private static func writeClaims(rows: [AnalyticsBatch.Visits], expired expiredPerDay: [Int64: Int64], firstDay: Int64,
                                    into page: inout ConsolePage) {
        var made = [Int64](repeating: 0, count: Int(Self.overviewDays))
        var redeemed = made
        for row in rows {
            let index = Int(AnalyticsBucket.day(ofBucket: row.bucket) - firstDay)
            guard made.indices.contains(index) else { continue }
            made[index] += row.counts.claims
            redeemed[index] += row.counts.installs
        }
        let expired = made.indices.map { expiredPerDay[firstDay + Int64($0)] ?? 0 }
        let days = made.indices.map { AnalyticsBucket.dayText(firstDay + Int64($0)) }
        page.html.element("p", text: "Made: \(made.reduce(0, +)) · Redeemed: \(redeemed.reduce(0, +)) · Expired unredeemed: "
                                + "\(expired.reduce(0, +)) in the last \(Self.overviewDays) UTC days.")
        ConsoleBarChart(caption: "Claims made per UTC day, last \(Self.overviewDays) days", labelHeading: "Day",
                        valueHeading: "Claims made", bars: Array(zip(days, made)).map { (label: $0.0, value: $0.1) })
            .write(into: &page.html, id: "claims")
        Self.table(caption: "Claims per UTC day", headings: ["Day", "Made", "Redeemed", "Expired"],
                   rows: days.indices.reversed().map { [days[$0], String(made[$0]), String(redeemed[$0]), String(expired[$0])] },
                   into: &page.html)
        page.html.element("p", text: "A claim counts as expired on the UTC day it expired unredeemed; the sweep counts it as it deletes it, "
                                + "so a claim shows here once the sweep after its expiry has run.",
                          attributes: ["class": "muted"])
    }
}
