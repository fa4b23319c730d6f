import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

/// The Overview's view: counts summed over today, 7 and 30 days, the top links ranked, the
/// failing webhook endpoints and their sentences, parts left out for a session not allowed them.
@Suite struct ConsoleOverviewViewTests {
    typealias F = ConsoleViewFixtures
    let firstDay: Int64 = 20_000
    var today: Int64 { firstDay + 29 }

    func view(visits: Result<[AnalyticsBatch.Visits], OperationError>? = .success([]), problem: String? = nil,
              top: Result<[AnalyticsTopLink], OperationError>? = .success([]),
              endpoints: Result<[WebhookEndpoint], OperationError>? = .success([])) -> ConsoleOverviewView {
        ConsoleOverviewView(visits: visits, firstDay: firstDay, storeProblem: problem, storeDescription: "/var/lib/scenelink.sqlite",
                            topLinks: top, endpoints: endpoints)
    }

    @Test func eachSpanSumsItsOwnDays() throws {
        let rows = [
            F.visits(day: today, F.counts(human: 1, qr: 1)),
            F.visits(day: today, quarter: 95, F.counts(human: 2, bot: 5)),
            F.visits(day: today - 6, F.counts(human: 10, claims: 3)),
            F.visits(day: today - 7, F.counts(human: 100, installs: 2)),
            F.visits(day: firstDay, F.counts(human: 1000, preview: 4)),
            F.visits(day: firstDay - 1, F.counts(human: 99_999)),
        ]
        let counts = try #require(try view(visits: .success(rows)).counts?.get())
        #expect(counts.spans == ["Today", "7 days", "30 days"])
        let byLabel = Dictionary(uniqueKeysWithValues: counts.rows.map { ($0.label, $0.values) })
        #expect(byLabel["Human visits"] == [3, 13, 1113])
        #expect(byLabel["of which QR scans"] == [1, 1, 1])
        #expect(byLabel["Previews"] == [0, 0, 4])
        #expect(byLabel["Bots"] == [5, 5, 5])
        #expect(byLabel["Claims"] == [0, 3, 3])
        #expect(byLabel["Installs"] == [0, 0, 2])
        #expect(counts.chart.bars.count == 30)
        #expect(counts.chart.bars.first?.value == 1000 && counts.chart.bars.last?.value == 3)
    }

    @Test func theTopLinksAreRankedInTheOperationsOrderAndLinkToTheirPages() throws {
        let top = [AnalyticsTopLink(scope: "link:first", human: 9), AnalyticsTopLink(scope: "link:second", human: 4)]
        let links = try #require(try view(top: .success(top)).topLinks?.get())
        #expect(links == [.init(rank: 1, code: "first", path: "/console/links/first", human: 9),
                          .init(rank: 2, code: "second", path: "/console/links/second", human: 4)])
    }

    @Test func onlyDisabledOrDroppingEndpointsAreFailingEachWithWhatWentWrong() throws {
        let secret = try WebhookSecret(bytes: [UInt8](repeating: 7, count: 32))
        let disabledAt = Date(timeIntervalSince1970: 1_800_000_000)
        let endpoints = [
            WebhookEndpoint(id: "ep_fine", url: "https://a.example/hook", events: [.shortLinkCreated], description: nil, createdAt: disabledAt, secret: secret),
            WebhookEndpoint(id: "ep_off", url: "https://b.example/hook", events: [.shortLinkCreated], description: nil, createdAt: disabledAt,
                            secret: secret, disabledAt: disabledAt, disabledReason: "410 Gone"),
            WebhookEndpoint(id: "ep_full", url: "https://c.example/hook", events: [.shortLinkCreated], description: nil, createdAt: disabledAt,
                            secret: secret, droppedEvents: 3),
        ]
        let webhooks = try #require(try view(endpoints: .success(endpoints)).webhooks?.get())
        #expect(webhooks.endpointCount == 3)
        #expect(webhooks.failing == [
            .init(url: "https://b.example/hook", path: "/console/webhooks/ep_off", problem: ": disabled \(RFC3339.string(disabledAt)) (410 Gone)"),
            .init(url: "https://c.example/hook", path: "/console/webhooks/ep_full", problem: "; 3 events dropped because its outbox was full"),
        ])
        let none = try #require(try view(endpoints: .success([endpoints[0]])).webhooks?.get())
        #expect(none.failing.isEmpty)
        #expect(F.html(view(endpoints: .success([endpoints[0]]))).contains("None: 1 endpoint, all enabled, no event dropped."))
    }

    @Test func partsNotReadAreLeftOutAndTheStoresHealthIsAlwaysShown() {
        let html = F.html(view(visits: nil, problem: "disk full", top: nil, endpoints: nil))
        #expect(html == #"<h2>Store</h2><p class="error">The store cannot write: disk full</p>"#)
        let healthy = view(visits: .failure(F.failure("Analytics are off.")))
        #expect(healthy.storeWritable && healthy.storeSentence == "The store is writable (/var/lib/scenelink.sqlite).")
        #expect(F.html(healthy).hasPrefix(#"<p class="error">The analytics could not be read: Analytics are off.</p><h2>Store</h2>"#))
    }
}
