import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkOperations

@Suite struct AnalyticsRecorderTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func flush(_ recorder: AnalyticsRecorder) async {
        await withCheckedContinuation { continuation in recorder.flush { continuation.resume() } }
    }

    @Test func aStoreThatIsDownKeepsABoundedBacklogAndLosesNothingItCounted() async throws {
        let store = InMemoryAnalyticsStore()
        store.failWrites(with: .failure(.storage(message: "disk full")))
        let recorder = AnalyticsRecorder(store: store, configuration: AnalyticsRecorder.Configuration(), logger: nil, backlogLimit: 50)
        // Claims of 40 links, each in its own quarter hour of one day: 2 rows each (all, the link),
        // 80 in all, more than the 50 kept: folded, `all` is one row for the day.
        for index in 0..<40 {
            recorder.recordClaim(link: try ShortCode("link\(index)"), route: nil, at: Self.start.addingTimeInterval(Double(index) * 900))
            await Self.flush(recorder)
        }
        let down = recorder.statistics
        #expect(down.backlogRows <= 50)
        #expect(down.foldedRows > 0 && down.droppedRows == 0)
        #expect(recorder.exposition.contains("scenelink_analytics_backlog_folded_rows_total \(down.foldedRows)\n"))

        store.failWrites(with: nil)
        await Self.flush(recorder)
        #expect(recorder.statistics.backlogRows == 0)
        let day = AnalyticsBucket.day(of: Self.start)
        let rows = try await awaiting { store.analyticsVisits(scope: "all", from: day * AnalyticsBucket.perDay,
                                                              to: (day + 1) * AnalyticsBucket.perDay, completion: $0) }
        #expect(rows.reduce(0) { $0 + $1.counts.claims } == 40)
    }
}
