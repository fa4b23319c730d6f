import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// One behaviour list for analytics' aggregates, run against SQLite (file and `:memory:`), the
/// fake, and PostgreSQL when `SCENELINK_TEST_POSTGRES` is set.
@Suite struct AnalyticsStoreBehaviourTests {
    /// 2027-01-15T08:00:00Z, the first bucket of hour 8 of UTC day 20833.
    static let bucket: Int64 = 1_800_000_000 / 900

    static func store(_ kind: StoreKind) throws -> (any AnalyticsStore, StoreFixture) {
        if kind == .inMemoryFake {
            return (InMemoryAnalyticsStore(), try StoreFixture(kind))
        }
        let fixture = try StoreFixture(kind)
        return (try fixture.store(as: (any AnalyticsStore).self, kind: kind), fixture)
    }

    static func counts(human: Int64 = 0, qr: Int64 = 0, preview: Int64 = 0, bot: Int64 = 0, claims: Int64 = 0,
                       installs: Int64 = 0) -> AnalyticsCounts {
        AnalyticsCounts(human: human, qr: qr, preview: preview, bot: bot, claims: claims, installs: installs)
    }

    @Test(arguments: StoreKind.allCases)
    func flushesAddUpPerBucketAndSinceTheFirstVisit(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let b = Self.bucket
        let first = AnalyticsBatch(visits: [
            .init(scope: "all", bucket: b, counts: Self.counts(human: 3, qr: 1, bot: 1)),
            .init(scope: "link:spring", bucket: b + 1, counts: Self.counts(human: 2, claims: 1)),
        ])
        let second = AnalyticsBatch(visits: [
            .init(scope: "all", bucket: b, counts: Self.counts(human: 1, preview: 2, installs: 1)),
        ])
        try await awaiting { store.recordAnalytics(first, completion: $0) }
        try await awaiting { store.recordAnalytics(second, completion: $0) }
        let all = try await awaiting { store.analyticsVisits(scope: "all", from: b, to: b + 4, completion: $0) }
        #expect(all == [.init(scope: "all", bucket: b, counts: Self.counts(human: 4, qr: 1, preview: 2, bot: 1, installs: 1))])
        // The range is half-open, and other scopes stay apart.
        #expect(try await awaiting { store.analyticsVisits(scope: "link:spring", from: b, to: b + 1, completion: $0) }.isEmpty)
        let totals = try await awaiting { store.analyticsTotals(scopes: ["all", "link:spring", "link:none"], completion: $0) }
        #expect(totals == ["all": Self.counts(human: 4, qr: 1, preview: 2, bot: 1, installs: 1),
                           "link:spring": Self.counts(human: 2, claims: 1)])
    }

    @Test(arguments: StoreKind.allCases)
    func everyLinksRowsArePagedInScopeThenBucketOrderFromACursor(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let b = Self.bucket
        let one = Self.counts(human: 1)
        try await awaiting {
            store.recordAnalytics(AnalyticsBatch(visits: [
                .init(scope: "link:beta", bucket: b + 5, counts: Self.counts(bot: 2)),
                .init(scope: "link:beta", bucket: b, counts: one),
                .init(scope: "link:alpha", bucket: b - 1, counts: one),  // before the range
                .init(scope: "link:alpha", bucket: b + 1, counts: Self.counts(human: 3, qr: 1)),
                .init(scope: "link:alpha", bucket: b + 2, counts: one),
                .init(scope: "link:alpha", bucket: b + 9, counts: one),  // at the range's end: left out
                .init(scope: "link:gamma", bucket: b + 20, counts: one),  // only outside the range
                .init(scope: "link:delta", bucket: b + 3, counts: one),
                .init(scope: "all", bucket: b + 1, counts: one),
                .init(scope: "route:home", bucket: b + 1, counts: one),
                .init(scope: "linkish", bucket: b + 1, counts: one),
            ]), completion: $0)
        }
        let expected: [AnalyticsBatch.Visits] = [
            .init(scope: "link:alpha", bucket: b + 1, counts: Self.counts(human: 3, qr: 1)),
            .init(scope: "link:alpha", bucket: b + 2, counts: one),
            .init(scope: "link:beta", bucket: b, counts: one),
            .init(scope: "link:beta", bucket: b + 5, counts: Self.counts(bot: 2)),
            .init(scope: "link:delta", bucket: b + 3, counts: one),
        ]
        let whole = try await awaiting { store.analyticsLinkVisits(from: b, to: b + 9, resolution: .quarterHour, after: .start, limit: 100, completion: $0) }
        #expect(whole == expected)
        // Pages of two, each from the last row of the one before; a short page is the last.
        var paged: [AnalyticsBatch.Visits] = []
        var cursor = AnalyticsVisitsCursor.start
        var pages = 0
        while true {
            let page = try await awaiting { store.analyticsLinkVisits(from: b, to: b + 9, resolution: .quarterHour, after: cursor, limit: 2, completion: $0) }
            pages += 1
            paged += page
            guard page.count == 2, let last = page.last, pages < 10 else { break }
            cursor = AnalyticsVisitsCursor(after: last)
        }
        #expect(paged == expected)
        #expect(pages == 3)
        #expect(try await awaiting {
            store.analyticsLinkVisits(from: b, to: b + 9, resolution: .quarterHour, after: AnalyticsVisitsCursor(scope: "link:beta", bucket: b), limit: 1, completion: $0)
        } == [expected[3]])
        #expect(try await awaiting { store.analyticsLinkVisits(from: b + 30, to: b + 40, resolution: .quarterHour, after: .start, limit: 10, completion: $0) }.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func everyLinksDayRowsAddUpItsQuarterHoursPerUTCDayAndAreCompactedAndPurged(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let perDay = AnalyticsBucket.perDay
        let d0 = AnalyticsBucket.day(ofBucket: Self.bucket) * perDay  // a UTC midnight
        let one = Self.counts(human: 1)
        for batch in [
            AnalyticsBatch(visits: [
                .init(scope: "link:alpha", bucket: d0, counts: one),
                .init(scope: "link:alpha", bucket: d0 + perDay - 1, counts: Self.counts(human: 2, qr: 1)),  // the day's last
                .init(scope: "link:alpha", bucket: d0 + perDay, counts: one),  // the next day
                .init(scope: "link:alpha", bucket: d0 + 2 * perDay, counts: one),  // at the range's end: left out
                .init(scope: "link:beta", bucket: d0 + 10, counts: Self.counts(bot: 2)),
                .init(scope: "route:home", bucket: d0 + 1, counts: one),
            ]),
            // A second flush adds to the same day row.
            AnalyticsBatch(visits: [.init(scope: "link:beta", bucket: d0 + 40, counts: Self.counts(bot: 1, claims: 1))]),
        ] {
            try await awaiting { store.recordAnalytics(batch, completion: $0) }
        }
        let expected: [AnalyticsBatch.Visits] = [
            .init(scope: "link:alpha", bucket: d0, counts: Self.counts(human: 3, qr: 1)),
            .init(scope: "link:alpha", bucket: d0 + perDay, counts: one),
            .init(scope: "link:beta", bucket: d0, counts: Self.counts(bot: 3, claims: 1)),
        ]
        func days(after cursor: AnalyticsVisitsCursor, limit: Int) async throws -> [AnalyticsBatch.Visits] {
            try await awaiting {
                store.analyticsLinkVisits(from: d0, to: d0 + 2 * perDay, resolution: .utcDay, after: cursor, limit: limit, completion: $0)
            }
        }
        #expect(try await days(after: .start, limit: 10) == expected)
        // Pages of one, each from the last day row of the one before.
        var paged: [AnalyticsBatch.Visits] = []
        var cursor = AnalyticsVisitsCursor.start
        for _ in 0 ..< 5 {
            let page = try await days(after: cursor, limit: 1)
            paged += page
            guard let last = page.last else { break }
            cursor = AnalyticsVisitsCursor(after: last)
        }
        #expect(paged == expected)
        // Retention drops day rows of days wholly before the first bucket kept; a purge drops a scope's.
        _ = try await awaiting { store.compactAnalytics(detailBefore: d0, keepFrom: d0 + perDay + 5, completion: $0) }
        #expect(try await days(after: .start, limit: 10) == [expected[1]])
        _ = try await awaiting { store.deleteAnalytics(scope: "link:alpha", completion: $0) }
        #expect(try await days(after: .start, limit: 10).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func aBreakdownSumsWholeHoursAndFoldedDaysLargestFirst(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let hour = Self.bucket / 4
        try await awaiting {
            store.recordAnalytics(AnalyticsBatch(marginals: [
                .init(scope: "all", hour: hour, dimension: .platform, value: "ios", count: 2),
                .init(scope: "all", hour: hour, dimension: .platform, value: "android", count: 5),
                .init(scope: "all", hour: hour + 1, dimension: .platform, value: "ios", count: 4),
                .init(scope: "all", hour: hour + 2, dimension: .platform, value: "ios", count: 100),
                .init(scope: "all", hour: hour, dimension: .referrer, value: "t.co", count: 9),
            ]), completion: $0)
        }
        // Buckets [b, b + 8) are hours h and h + 1.
        let rows = try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .platform, from: Self.bucket, to: Self.bucket + 8, limit: 100, completion: $0)
        }
        #expect(rows == AnalyticsBreakdownTop(rows: [AnalyticsBreakdownRow(value: "ios", count: 6), AnalyticsBreakdownRow(value: "android", count: 5)],
                                              total: 11, distinct: 2))
        // A limit lists the largest; the total and the number of values still count them all.
        #expect(try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .platform, from: Self.bucket, to: Self.bucket + 8, limit: 1, completion: $0)
        } == AnalyticsBreakdownTop(rows: [AnalyticsBreakdownRow(value: "ios", count: 6)], total: 11, distinct: 2))
        #expect(try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .platform, from: Self.bucket, to: Self.bucket + 8, limit: 0, completion: $0)
        } == AnalyticsBreakdownTop(rows: [], total: 11, distinct: 2))
        // A range starting mid-hour leaves that hour to the range it starts in.
        let later = try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .platform, from: Self.bucket + 1, to: Self.bucket + 8, limit: 100, completion: $0)
        }
        #expect(later.rows == [AnalyticsBreakdownRow(value: "ios", count: 4)])

        // Folding the first two hours into their UTC day keeps the day's counts for whole-day ranges.
        let changed = try await awaiting { store.compactAnalytics(detailBefore: Self.bucket + 8, keepFrom: 0, completion: $0) }
        #expect(changed == 4)
        let day = AnalyticsBucket.day(ofBucket: Self.bucket)
        let wholeDay = try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .platform, from: day * 96, to: (day + 1) * 96, limit: 100, completion: $0)
        }
        #expect(wholeDay.rows == [AnalyticsBreakdownRow(value: "ios", count: 106), AnalyticsBreakdownRow(value: "android", count: 5)])
        #expect(try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .referrer, from: day * 96, to: (day + 1) * 96, limit: 100, completion: $0)
        }.rows == [AnalyticsBreakdownRow(value: "t.co", count: 9)])
        #expect(try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .referrer, from: 0, to: 1, limit: 100, completion: $0)
        } == AnalyticsBreakdownTop(rows: [], total: 0, distinct: 0))
    }

    @Test(arguments: StoreKind.allCases)
    func aBreakdownListsEqualCountsInUTF8ByteOrderAndCutsAtTheLimit(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let hour = Self.bucket / 4
        // Byte order: "B" (0x42) before "a" (0x61), "z" before "\u{E9}" (0xC3 0xA9).
        let values = ["a", "B", "\u{E9}", "z", "big", "small"]
        let counts: [Int64] = [3, 3, 3, 3, 7, 1]
        try await awaiting {
            store.recordAnalytics(AnalyticsBatch(marginals: zip(values, counts).map { value, count in
                .init(scope: "all", hour: hour, dimension: .referrer, value: value, count: count)
            }), completion: $0)
        }
        let top = try await awaiting {
            store.analyticsBreakdown(scope: "all", dimension: .referrer, from: Self.bucket, to: Self.bucket + 4, limit: 4, completion: $0)
        }
        #expect(top.rows.map(\.value) == ["big", "B", "a", "z"])
        #expect(top.total == 20 && top.distinct == 6)
    }

    @Test(arguments: StoreKind.allCases)
    func retentionDeletesOldBucketsDaysAndVisitors(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let day = AnalyticsBucket.day(ofBucket: Self.bucket)
        try await awaiting {
            store.recordAnalytics(AnalyticsBatch(
                visits: [.init(scope: "all", bucket: Self.bucket - 96, counts: Self.counts(human: 1)),
                         .init(scope: "all", bucket: Self.bucket, counts: Self.counts(human: 2))],
                visitors: [.init(scope: "all", day: day - 1, count: 1), .init(scope: "all", day: day, count: 2)]), completion: $0)
        }
        let changed = try await awaiting { store.compactAnalytics(detailBefore: day * 96, keepFrom: day * 96, completion: $0) }
        #expect(changed == 3)  // the day before's 15-minute row, its day row and its visitors
        #expect(try await awaiting { store.analyticsVisits(scope: "all", from: 0, to: Int64.max / 2, completion: $0) }
            == [.init(scope: "all", bucket: Self.bucket, counts: Self.counts(human: 2))])
        #expect(try await awaiting { store.analyticsVisitors(scope: "all", days: (day - 5)...(day + 5), completion: $0) }
            == [.init(scope: "all", day: day, count: 2)])
        // Totals are since the first visit: retention does not lower them.
        #expect(try await awaiting { store.analyticsTotals(scopes: ["all"], completion: $0) }["all"]?.human == 3)
        // The receipt's row counts (kept by triggers in the SQL stores) follow the deletions, and
        // stay exact after a compaction that has nothing to delete (PostgreSQL folds its log then).
        let rows: [Int64] = [1, 1, 1, 0, 0, 1]
        #expect(try await awaiting { store.analyticsReceipt(completion: $0) }.map(\.rows) == rows)
        _ = try await awaiting { store.compactAnalytics(detailBefore: day * 96, keepFrom: day * 96, completion: $0) }
        #expect(try await awaiting { store.analyticsReceipt(completion: $0) }.map(\.rows) == rows)
    }

    @Test(arguments: StoreKind.allCases)
    func aPurgeDeletesOneScopeEverywhereAndTheReceiptCountsRows(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let day = AnalyticsBucket.day(ofBucket: Self.bucket)
        for scope in ["all", "link:spring"] {
            try await awaiting {
                store.recordAnalytics(AnalyticsBatch(
                    visits: [.init(scope: scope, bucket: Self.bucket, counts: Self.counts(human: 1))],
                    marginals: [.init(scope: scope, hour: Self.bucket / 4, dimension: .country, value: "JP", count: 1)],
                    visitors: [.init(scope: scope, day: day, count: 1)]), completion: $0)
            }
        }
        let before = try await awaiting { store.analyticsReceipt(completion: $0) }
        #expect(before.map(\.table) == AnalyticsTableReceipt.tables.map(\.table))
        #expect(before.map(\.rows) == [2, 2, 2, 2, 0, 2])
        #expect(try await awaiting { store.deleteAnalytics(scope: "link:spring", completion: $0) } == 5)
        #expect(try await awaiting { store.analyticsReceipt(completion: $0) }.map(\.rows) == [1, 1, 1, 1, 0, 1])
        #expect(try await awaiting { store.analyticsVisits(scope: "link:spring", from: 0, to: Int64.max / 2, completion: $0) }.isEmpty)
        #expect(try await awaiting { store.analyticsTotals(scopes: ["link:spring"], completion: $0) }.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func topLinksRankLinksByHumanVisitsOverTheDaysAskedFor(kind: StoreKind) async throws {
        let (store, fixture) = try Self.store(kind)
        defer { fixture.tearDown() }
        let b = Self.bucket
        let day = AnalyticsBucket.day(ofBucket: b)
        try await awaiting {
            store.recordAnalytics(AnalyticsBatch(visits: [
                .init(scope: "all", bucket: b, counts: Self.counts(human: 100)),
                .init(scope: "route:settings", bucket: b, counts: Self.counts(human: 50)),
                .init(scope: "link:a", bucket: b, counts: Self.counts(human: 3)),
                .init(scope: "link:a", bucket: b + 1, counts: Self.counts(human: 2, bot: 40)),
                .init(scope: "link:b", bucket: b - 96, counts: Self.counts(human: 4)),
                .init(scope: "link:c", bucket: b, counts: Self.counts(human: 5)),
                .init(scope: "link:d", bucket: b, counts: Self.counts(preview: 9, bot: 9)),
                .init(scope: "link:old", bucket: b - 96 * 30, counts: Self.counts(human: 1_000)),
            ]), completion: $0)
        }
        // A second flush adds to the same day.
        try await awaiting { store.recordAnalytics(AnalyticsBatch(visits: [.init(scope: "link:b", bucket: b, counts: Self.counts(human: 1))]), completion: $0) }
        let week = try await awaiting { store.analyticsTopLinks(days: (day - 6)...day, limit: 10, completion: $0) }
        // Ties by scope; bots and previews do not count; links outside the days and other scopes are left out.
        #expect(week == [AnalyticsTopLink(scope: "link:a", human: 5), AnalyticsTopLink(scope: "link:b", human: 5),
                         AnalyticsTopLink(scope: "link:c", human: 5)])
        #expect(week.first?.code == "a")
        #expect(try await awaiting { store.analyticsTopLinks(days: day...day, limit: 2, completion: $0) }
            == [AnalyticsTopLink(scope: "link:a", human: 5), AnalyticsTopLink(scope: "link:c", human: 5)])
        // Retention drops a link's days with its visits.
        _ = try await awaiting { store.compactAnalytics(detailBefore: 0, keepFrom: (day - 6) * 96, completion: $0) }
        #expect(try await awaiting { store.analyticsTopLinks(days: 0...day, limit: 10, completion: $0) }.map(\.scope)
            == ["link:a", "link:b", "link:c"])
    }
}
