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

    /// Human visits of one link at 15-minute `buckets`, one of each per referrer of `referrers`.
    static func spread(buckets: [Int64], referrers: Int) throws -> AnalyticsTally {
        var tally = AnalyticsTally()
        for bucket in buckets {
            for referrer in 0..<referrers {
                let visit = AnalyticsVisit(reading: iPhone, trigger: .click, referrer: "site\(referrer).example", country: "JP",
                                           outcome: .appStore)
                tally.add(AnalyticsEvent(.visit(visit), bucket: bucket, link: try ShortCode("spring"), route: nil), count: 2)
            }
        }
        return tally
    }

    static func daily(_ batch: AnalyticsBatch) -> [String: Int64] {
        var days: [String: Int64] = [:]
        for row in batch.visits { days["\(row.scope) \(AnalyticsBucket.day(ofBucket: row.bucket))", default: 0] += row.counts.human }
        for row in batch.marginals where row.dimension == .referrer {
            days["\(row.scope) \(row.value) \(row.hour / 24)", default: 0] += row.count
        }
        return days
    }

    @Test func aBacklogWithinItsLimitIsLeftAsItIs() throws {
        let tally = try Self.spread(buckets: [Self.bucket, Self.bucket + 1], referrers: 2)
        let (bounded, bounding) = tally.bounded(to: tally.entryCount)
        #expect(bounding == AnalyticsTally.Bounding())
        #expect(bounded.entryCount == tally.entryCount)
    }

    @Test func aBacklogOverItsLimitIsFoldedIntoDaysWithEveryDaysCountsKept() throws {
        // Two days of eight quarter hours each, three referrers: folding leaves one row per day.
        let first = AnalyticsBucket.day(ofBucket: Self.bucket) * AnalyticsBucket.perDay
        let buckets = (0..<8).map { first + Int64($0) * 4 } + (0..<8).map { first + AnalyticsBucket.perDay + Int64($0) * 4 }
        let tally = try Self.spread(buckets: buckets, referrers: 3)
        let (bounded, bounding) = tally.bounded(to: 40)
        #expect(bounded.entryCount <= 40)
        #expect(bounding.folded > 0 && bounding.droppedRows == 0 && bounding.droppedVisits == 0)
        #expect(Self.daily(bounded.batch) == Self.daily(tally.batch))
        #expect(bounded.batch.visits.allSatisfy { $0.bucket % AnalyticsBucket.perDay == 0 })
    }

    @Test func whatFoldingCannotFitLetsTheOldestGoAndCountsIt() throws {
        let first = AnalyticsBucket.day(ofBucket: Self.bucket) * AnalyticsBucket.perDay
        let tally = try Self.spread(buckets: (0..<5).map { first + Int64($0) * AnalyticsBucket.perDay }, referrers: 4)
        // One quarter hour on each of 5 days: 2 scopes × (1 visit row + 4 referrers + 5 other
        // breakdowns) = 20 rows a day, 100 in all, already one a day: nothing folds, 64 must go.
        let (bounded, bounding) = tally.bounded(to: 36)
        #expect(bounded.entryCount == 36)
        #expect(bounding.folded == 0 && bounding.droppedRows == 64)
        // Breakdowns go first (the oldest days'), so every visit row stays.
        #expect(bounding.droppedVisits == 0)
        #expect(bounded.batch.visits.count == 10)
        let (smaller, more) = tally.bounded(to: 4)
        #expect(smaller.entryCount == 4)
        #expect(more.droppedVisits == 2 * 4 * 6)
        #expect(smaller.batch.visits.allSatisfy { AnalyticsBucket.day(ofBucket: $0.bucket) >= AnalyticsBucket.day(ofBucket: first) + 3 })
    }

    @Test func aFlushOffersItsMostFrequentValuesFirstAndKeepsEveryCount() throws {
        var tally = AnalyticsTally()
        // 150 referrers, the nth seen n + 1 times: the 100 most frequent keep their names.
        for index in 0..<150 {
            let visit = AnalyticsVisit(reading: Self.iPhone, trigger: .click, referrer: "site\(index).example", country: "JP", outcome: .page)
            tally.add(AnalyticsEvent(.visit(visit), bucket: Self.bucket, link: nil, route: nil), count: Int64(index + 1))
        }
        var values = AnalyticsDimensionValues()
        tally.nameValues(&values)
        let referrers = tally.batch.marginals.filter { $0.dimension == .referrer }
        #expect(referrers.count == 101)
        #expect(referrers.first { $0.value == "(other)" }?.count == (1...50).reduce(0, +))
        #expect(referrers.contains { $0.value == "site149.example" } && !referrers.contains { $0.value == "site49.example" })
        #expect(referrers.reduce(0) { $0 + $1.count } == (1...150).reduce(0, +))
    }
}
