import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

/// The Claims page's view: 15-minute counts summed per UTC day, days without claims as zero,
/// rows outside the span left out, the expired counts per day, the totals.
@Suite struct ConsoleClaimsViewTests {
    typealias F = ConsoleViewFixtures
    let firstDay: Int64 = 20_000

    @Test func claimsAndInstallsAreSummedPerDayAndEveryDayOfTheSpanIsListed() throws {
        let rows = [
            F.visits(day: firstDay, quarter: 3, F.counts(human: 9, claims: 2, installs: 1)),
            F.visits(day: firstDay, quarter: 50, F.counts(claims: 3)),
            F.visits(day: firstDay + 2, F.counts(claims: 4, installs: 4)),
            // Outside the span on both sides: left out.
            F.visits(day: firstDay - 1, F.counts(claims: 100)),
            F.visits(day: firstDay + 30, F.counts(claims: 100)),
        ]
        let view = ConsoleClaimsView(.success(ClaimOperations.Daily(visits: rows, expired: [firstDay + 1: 7, firstDay + 40: 9])), firstDay: firstDay)
        let counts = try view.counts.get()
        #expect(counts.days.count == 30)
        #expect(counts.days[0] == .init(day: AnalyticsBucket.dayText(firstDay), made: 5, redeemed: 1, expired: 0))
        #expect(counts.days[1] == .init(day: AnalyticsBucket.dayText(firstDay + 1), made: 0, redeemed: 0, expired: 7))
        #expect(counts.days[2].made == 4 && counts.days[2].redeemed == 4)
        #expect(counts.days[3...].allSatisfy { $0.made == 0 && $0.redeemed == 0 && $0.expired == 0 })
        #expect((counts.made, counts.redeemed, counts.expired) == (9, 5, 7))
        #expect(view.chart?.bars.map(\.value).prefix(3) == [5, 0, 4])
    }

    @Test func thePageListsTheNewestDayFirstAndSaysTheTotals() {
        let rows = [F.visits(day: firstDay, F.counts(claims: 1)), F.visits(day: firstDay + 29, F.counts(claims: 2, installs: 1))]
        let html = F.html(ConsoleClaimsView(.success(ClaimOperations.Daily(visits: rows, expired: [:])), firstDay: firstDay))
        #expect(html.contains("Made: 3 · Redeemed: 1 · Expired unredeemed: 0 in the last 30 UTC days."))
        let newest = html.range(of: "<th scope=\"row\">\(AnalyticsBucket.dayText(firstDay + 29))</th><td class=\"number\">2</td><td class=\"number\">1</td>")
        let oldest = html.range(of: "<th scope=\"row\">\(AnalyticsBucket.dayText(firstDay))</th><td class=\"number\">1</td><td class=\"number\">0</td>")
        #expect(newest != nil && oldest != nil)
        if let newest, let oldest { #expect(newest.lowerBound < oldest.lowerBound) }
    }

    @Test func aFailedReadIsTheStoresSentenceAndNoChart() {
        let view = ConsoleClaimsView(.failure(F.failure("The store is down.")), firstDay: firstDay)
        #expect(view.chart == nil)
        #expect(F.html(view) == #"<p class="error">The counts could not be read: The store is down.</p>"#)
    }
}
