import Foundation
import Testing
import SceneLinkCore

@Suite struct AnalyticsTallyTests {
    static let bucket = AnalyticsBucket.index(of: Date(timeIntervalSince1970: 1_800_000_000))
    static let day = AnalyticsBucket.day(ofBucket: bucket)
    static let iPhone = UserAgentReading(visitClass: .human, platform: .ios, browser: .safari)

    static func visit(_ reading: UserAgentReading = iPhone, trigger: VisitTrigger = .click, link: String? = "spring",
                      route: String? = "settings.premium") throws -> AnalyticsEvent {
        let visit = AnalyticsVisit(reading: reading, trigger: trigger, referrer: "t.co", country: "JP", outcome: .appStore)
        return AnalyticsEvent(.visit(visit), bucket: bucket, link: try link.map { try ShortCode($0) }, route: route)
    }

    static func mark(_ visitor: UInt64, day: Int64 = day, link: String? = "spring") throws -> AnalyticsVisitorMark {
        AnalyticsVisitorMark(visitor: visitor, day: day, link: try link.map { try ShortCode($0) }, route: "settings.premium")
    }

    @Test func equalVisitsCountTogetherUnderAllTheirLinkAndTheirRoute() throws {
        var tally = AnalyticsTally()
        tally.add(try Self.visit(trigger: .qr), count: 3)
        let batch = tally.batch
        #expect(Set(batch.visits.map(\.scope)) == ["all", "link:spring", "route:settings.premium"])
        #expect(batch.visits.allSatisfy { $0.counts == AnalyticsCounts(human: 3, qr: 3) && $0.bucket == Self.bucket })
        // Six human dimensions per scope; `preview` counts previews only.
        #expect(batch.marginals.count == 3 * 6)
        #expect(batch.marginals.contains { $0.scope == "all" && $0.dimension == .trigger && $0.value == "qr" && $0.count == 3 })
        #expect(batch.marginals.contains { $0.scope == "all" && $0.dimension == .outcome && $0.value == "app-store" })
        #expect(batch.marginals.allSatisfy { $0.hour == Self.bucket / 4 })
    }

    @Test func aVisitorCountsOncePerScopeAndDayAcrossWindows() throws {
        var seen = AnalyticsVisitorSketches()
        var first = AnalyticsTally()
        first.add(try Self.mark(7), seen: &seen)
        first.add(try Self.mark(7), seen: &seen)
        first.add(try Self.mark(8, link: nil), seen: &seen)
        #expect(first.batch.visitors.first { $0.scope == "all" }?.count == 2)
        #expect(first.batch.visitors.first { $0.scope == "link:spring" }?.count == 1)
        var second = AnalyticsTally()
        second.add(try Self.mark(7), seen: &seen)
        second.add(try Self.mark(7, day: Self.day + 1), seen: &seen)
        // Already counted today; new tomorrow.
        #expect(second.batch.visitors.map(\.count) == [1, 1, 1])
        #expect(Set(second.batch.visitors.map(\.day)) == [Self.day + 1])
        seen.forget(before: Self.day + 1)
        #expect(seen.count == 3)
    }

    @Test func previewsAndBotsAreCountedByClassAndPreviewsByTheirName() throws {
        var tally = AnalyticsTally()
        let slack = UserAgentReading(visitClass: .preview, platform: .other, browser: .other, previewer: .slack)
        let curl = UserAgentReading(visitClass: .bot, platform: .other, browser: .other)
        tally.add(try Self.visit(slack, link: nil, route: nil), count: 1)
        tally.add(try Self.visit(curl, link: nil, route: nil), count: 2)
        let batch = tally.batch
        #expect(batch.visits == [AnalyticsBatch.Visits(scope: "all", bucket: Self.bucket, counts: AnalyticsCounts(preview: 1, bot: 2))])
        #expect(batch.marginals == [AnalyticsBatch.Marginal(scope: "all", hour: Self.bucket / 4, dimension: .preview, value: "slack",
                                                            count: 1)])
        #expect(batch.visitors.isEmpty)
    }

    @Test func claimsAndInstallsCountWithoutDimensions() throws {
        var tally = AnalyticsTally()
        tally.add(AnalyticsEvent(.claim, bucket: Self.bucket, link: nil, route: "/"), count: 1)
        tally.add(AnalyticsEvent(.install, bucket: Self.bucket, link: try ShortCode("spring"), route: "/"), count: 1)
        let byScope = Dictionary(uniqueKeysWithValues: tally.batch.visits.map { ($0.scope, $0.counts) })
        #expect(byScope == ["all": AnalyticsCounts(claims: 1, installs: 1), "route:/": AnalyticsCounts(claims: 1, installs: 1),
                            "link:spring": AnalyticsCounts(installs: 1)])
        #expect(tally.batch.marginals.isEmpty)
    }

    @Test func aFailedWindowIsMergedIntoTheNextAndAPurgedLinkLeavesIt() throws {
        var failed = AnalyticsTally()
        failed.add(try Self.visit(), count: 1)
        var next = AnalyticsTally()
        next.add(try Self.visit(), count: 1)
        next.merge(failed)
        #expect(next.batch.visits.map(\.counts.human) == [2, 2, 2])
        let purged = next.without(link: try ShortCode("spring")).batch
        #expect(Set(purged.visits.map(\.scope)) == ["all", "route:settings.premium"])
        #expect(!purged.marginals.contains { $0.scope == "link:spring" })
    }

    @Test func aVisitorHashIsKeyedByTheDaysSaltAndTheBrowser() {
        let today = AnalyticsSalt(day: Self.day), again = AnalyticsSalt(day: Self.day)
        let address: (UInt64, UInt64) = (0, 0x0000_FFFF_CB00_7101)
        #expect(today.visitor(address: address, browser: .safari) == today.visitor(address: address, browser: .safari))
        #expect(today.visitor(address: address, browser: .safari) != today.visitor(address: address, browser: .chrome))
        // A new salt (a restart, the next day) makes an unrelated hash.
        #expect(today.visitor(address: address, browser: .safari) != again.visitor(address: address, browser: .safari))
    }
}
