import Foundation
import Testing
import SceneLinkCore

@Suite struct AnalyticsTallyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let iPhone = UserAgentReading(visitClass: .human, platform: .ios, browser: .safari)

    static func visit(_ reading: UserAgentReading = iPhone, trigger: VisitTrigger = .click, visitor: UInt64? = 1,
                      link: String? = "spring", route: String? = "settings.premium", at: Date = now) throws -> AnalyticsEvent {
        let visit = AnalyticsVisit(reading: reading, trigger: trigger, referrer: "t.co", country: "JP", outcome: .appStore,
                                   visitor: visitor)
        return AnalyticsEvent(.visit(visit), at: at, link: try link.map { try ShortCode($0) }, route: route)
    }

    @Test func aVisitCountsUnderAllItsLinkAndItsRoute() throws {
        var tally = AnalyticsTally()
        var seen = AnalyticsVisitorSets()
        tally.add(try Self.visit(trigger: .qr), seen: &seen)
        let batch = tally.batch
        #expect(Set(batch.visits.map(\.scope)) == ["all", "link:spring", "route:settings.premium"])
        #expect(batch.visits.allSatisfy { $0.counts == AnalyticsCounts(human: 1, qr: 1) && $0.bucket == AnalyticsBucket.index(of: Self.now) })
        // Six human dimensions per scope; `preview` counts previews only.
        #expect(batch.marginals.count == 3 * 6)
        #expect(batch.marginals.contains { $0.scope == "all" && $0.dimension == .trigger && $0.value == "qr" && $0.count == 1 })
        #expect(batch.marginals.contains { $0.scope == "all" && $0.dimension == .outcome && $0.value == "app-store" })
        #expect(batch.visitors.count == 3)
    }

    @Test func aVisitorCountsOncePerScopeAndDayAcrossWindows() throws {
        var seen = AnalyticsVisitorSets()
        var first = AnalyticsTally()
        first.add(try Self.visit(visitor: 7), seen: &seen)
        first.add(try Self.visit(visitor: 7), seen: &seen)
        first.add(try Self.visit(visitor: 8, link: nil), seen: &seen)
        #expect(first.batch.visitors.first { $0.scope == "all" }?.count == 2)
        #expect(first.batch.visitors.first { $0.scope == "link:spring" }?.count == 1)
        var second = AnalyticsTally()
        second.add(try Self.visit(visitor: 7), seen: &seen)
        second.add(try Self.visit(visitor: 7, at: Self.now.addingTimeInterval(86_400)), seen: &seen)
        // Already counted today; new tomorrow.
        #expect(second.batch.visitors.map(\.count) == [1, 1, 1])
        #expect(Set(second.batch.visitors.map(\.day)) == [AnalyticsBucket.day(of: Self.now) + 1])
    }

    @Test func previewsAndBotsAreCountedByClassAndPreviewsByTheirName() throws {
        var tally = AnalyticsTally()
        var seen = AnalyticsVisitorSets()
        let slack = UserAgentReading(visitClass: .preview, platform: .other, browser: .other, previewer: .slack)
        let curl = UserAgentReading(visitClass: .bot, platform: .other, browser: .other)
        tally.add(try Self.visit(slack, visitor: nil, link: nil, route: nil), seen: &seen)
        tally.add(try Self.visit(curl, visitor: nil, link: nil, route: nil), seen: &seen)
        let batch = tally.batch
        #expect(batch.visits == [AnalyticsBatch.Visits(scope: "all", bucket: AnalyticsBucket.index(of: Self.now),
                                                       counts: AnalyticsCounts(preview: 1, bot: 1))])
        #expect(batch.marginals == [AnalyticsBatch.Marginal(scope: "all", hour: AnalyticsBucket.index(of: Self.now) / 4,
                                                            dimension: .preview, value: "slack", count: 1)])
        #expect(batch.visitors.isEmpty)
    }

    @Test func claimsAndInstallsCountWithoutDimensions() throws {
        var tally = AnalyticsTally()
        var seen = AnalyticsVisitorSets()
        tally.add(AnalyticsEvent(.claim, at: Self.now, link: nil, route: "/"), seen: &seen)
        tally.add(AnalyticsEvent(.install, at: Self.now, link: try ShortCode("spring"), route: "/"), seen: &seen)
        let byScope = Dictionary(uniqueKeysWithValues: tally.batch.visits.map { ($0.scope, $0.counts) })
        #expect(byScope == ["all": AnalyticsCounts(claims: 1, installs: 1), "route:/": AnalyticsCounts(claims: 1, installs: 1),
                            "link:spring": AnalyticsCounts(installs: 1)])
        #expect(tally.batch.marginals.isEmpty)
    }

    @Test func aFailedWindowIsMergedIntoTheNext() throws {
        var seen = AnalyticsVisitorSets()
        var failed = AnalyticsTally()
        failed.add(try Self.visit(link: nil, route: nil), seen: &seen)
        var next = AnalyticsTally()
        next.add(try Self.visit(visitor: 2, link: nil, route: nil), seen: &seen)
        next.merge(failed)
        #expect(next.batch.visits.map(\.counts.human) == [2])
        #expect(next.batch.visitors.map(\.count) == [2])
    }
}
