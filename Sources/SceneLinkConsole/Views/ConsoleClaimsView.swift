import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The Claims page (`GET /console/claims`): claims made, redeemed and expired unredeemed per
/// UTC day over the last `ConsoleEndpoints.overviewDays` days, summed from
/// `ClaimOperations.daily` (made and redeemed from the analytics counts of every link, expired
/// from the sweep's count), or the sentence of why they could not be read.
package struct ConsoleClaimsView: ConsolePageView {
    /// One UTC day's counts.
    package struct Day: Sendable, Equatable {
        /// The day as `YYYY-MM-DD`.
        package let day: String
        package let made: Int64
        package let redeemed: Int64
        package let expired: Int64
    }

    /// The days' counts and their totals.
    package struct Counts: Sendable {
        /// Every day of the span, oldest first, days without a claim included (as zero).
        package let days: [Day]
        package let made: Int64
        package let redeemed: Int64
        package let expired: Int64
    }

    package var title: String { ConsoleSection.claims.title }
    package var section: ConsoleSection { .claims }
    /// The counts, or the store's sentence when they could not be read.
    package let counts: Result<Counts, ConsoleReadFailure>
    /// How many UTC days the page covers.
    package let dayCount: Int64

    /// Sums `result`'s rows of 15-minute counts into days from `firstDay` on, `dayCount` of them
    /// (rows outside the span are left out), with the expired count of each day.
    package init(_ result: Result<ClaimOperations.Daily, OperationError>, firstDay: Int64,
                 dayCount: Int64 = ConsoleEndpoints.overviewDays) {
        self.dayCount = dayCount
        counts = result.map { daily in
            var made = [Int64](repeating: 0, count: Int(dayCount))
            var redeemed = made
            for row in daily.visits {
                let index = Int(AnalyticsBucket.day(ofBucket: row.bucket) - firstDay)
                guard made.indices.contains(index) else { continue }
                made[index] += row.counts.claims
                redeemed[index] += row.counts.installs
            }
            let days = made.indices.map { index in
                Day(day: AnalyticsBucket.dayText(firstDay + Int64(index)), made: made[index], redeemed: redeemed[index],
                    expired: daily.expired[firstDay + Int64(index)] ?? 0)
            }
            return Counts(days: days, made: made.reduce(0, +), redeemed: redeemed.reduce(0, +),
                          expired: days.reduce(0) { $0 + $1.expired })
        }.mapError { ConsoleReadFailure(message: $0.problem.detail) }
    }

    /// The chart of claims made per day.
    package var chart: ConsoleBarChart? {
        guard case .success(let counts) = counts else { return nil }
        return ConsoleBarChart(caption: "Claims made per UTC day, last \(dayCount) days", labelHeading: "Day", valueHeading: "Claims made",
                               bars: counts.days.map { (label: $0.day, value: $0.made) })
    }

    /// The summary, the chart and the table of made, redeemed and expired claims per day, newest first.
    package func write(into html: inout HTMLDocument) {
        let counts: Counts
        switch self.counts {
        case .success(let found): counts = found
        case .failure(let failure):
            html.element("p", text: "The counts could not be read: \(failure.message)", attributes: ["class": "error"])
            return
        }
        html.element("p", text: "Made: \(counts.made) · Redeemed: \(counts.redeemed) · Expired unredeemed: "
                                + "\(counts.expired) in the last \(dayCount) UTC days.")
        chart?.write(into: &html, id: "claims")
        ConsoleEndpoints.table(caption: "Claims per UTC day", headings: ["Day", "Made", "Redeemed", "Expired"], numeric: [1, 2, 3],
                               rows: counts.days.reversed().map { [$0.day, String($0.made), String($0.redeemed), String($0.expired)] },
                               into: &html)
        html.element("p", text: "A claim counts as expired on the UTC day it expired unredeemed; the sweep counts it as it deletes it, "
                                + "so a claim shows here once the sweep after its expiry has run.",
                     attributes: ["class": "muted"])
    }
}
