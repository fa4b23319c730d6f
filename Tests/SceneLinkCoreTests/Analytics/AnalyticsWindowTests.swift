import Foundation
import Testing
import SceneLinkCore

@Suite struct AnalyticsWindowTests {
    static let bucket = AnalyticsBucket.index(of: Date(timeIntervalSince1970: 1_800_000_000))
    static let iPhone = UserAgentReading(visitClass: .human, platform: .ios, browser: .safari)
    static let slack = UserAgentReading(visitClass: .preview, platform: .other, browser: .other, previewer: .slack)

    /// Adds a visit with the given differences from a plain iPhone tap on `spring`.
    @discardableResult
    static func visit(_ window: inout AnalyticsWindow, _ reading: UserAgentReading = iPhone, referrer: String? = nil,
                      country: String? = "JP", bucket: Int64 = bucket, link: String? = "spring",
                      route: String? = "settings.premium", visitor: UInt64? = nil) throws -> Bool {
        window.addVisit(reading: reading, trigger: .click, referrer: VisitReferrer(referer: referrer),
                        country: VisitCountry(header: country), outcome: .page, bucket: bucket,
                        link: try link.map { try ShortCode($0) }, route: route, visitor: visitor)
    }

    static func tally(_ window: AnalyticsWindow) -> AnalyticsBatch {
        var tally = AnalyticsTally()
        var seen = AnalyticsVisitorSketches()
        window.tally(into: &tally, seen: &seen)
        return tally.batch
    }

    @Test func equalVisitsShareOneEntryAndCountEach() throws {
        var window = AnalyticsWindow(limit: 100)
        for _ in 0..<5 { try Self.visit(&window) }
        #expect(window.size == 1)
        let batch = Self.tally(window)
        #expect(batch.visits.first { $0.scope == "link:spring" }?.counts == AnalyticsCounts(human: 5))
        #expect(batch.marginals.contains { $0.scope == "all" && $0.dimension == .country && $0.value == "JP" && $0.count == 5 })
    }

    @Test func eachPropertyThatDiffersIsItsOwnEntryWithItsOwnValues() throws {
        var window = AnalyticsWindow(limit: 100)
        try Self.visit(&window, referrer: "https://www.google.com/search?q=1")
        try Self.visit(&window, referrer: "https://news.ycombinator.com/item?id=2")
        try Self.visit(&window, referrer: "https://google.com/")
        try Self.visit(&window, country: nil)
        try Self.visit(&window, Self.slack)
        try Self.visit(&window, bucket: Self.bucket + 1)
        #expect(window.size == 5)
        let batch = Self.tally(window)
        let referrers = batch.marginals.filter { $0.scope == "all" && $0.dimension == .referrer }
        #expect(Dictionary(uniqueKeysWithValues: referrers.map { ($0.value, $0.count) })
            == ["google.com": 2, "news.ycombinator.com": 1, "(direct)": 2])
        #expect(batch.marginals.contains { $0.scope == "all" && $0.dimension == .country && $0.value == "unknown" && $0.count == 1 })
        #expect(batch.marginals.contains { $0.scope == "all" && $0.dimension == .preview && $0.value == "slack" && $0.count == 1 })
        #expect(batch.visits.filter { $0.scope == "all" }.map(\.bucket).sorted() == [Self.bucket, Self.bucket + 1])
    }

    @Test func linksOfOneLengthAndRoutesWithoutALinkAreKeptApart() throws {
        var window = AnalyticsWindow(limit: 1_000)
        for code in ["aaaaaa", "bbbbbb", "cccccc"] { try Self.visit(&window, link: code) }
        try Self.visit(&window, link: nil, route: "settings.account")
        try Self.visit(&window, link: nil, route: "settings.premium")
        try Self.visit(&window, link: nil, route: nil)
        let scopes = Dictionary(uniqueKeysWithValues: Self.tally(window).visits.map { ($0.scope, $0.counts.human) })
        #expect(scopes == ["all": 6, "link:aaaaaa": 1, "link:bbbbbb": 1, "link:cccccc": 1,
                           "route:settings.premium": 4, "route:settings.account": 1])
    }

    @Test func claimsAndInstallsCountUnderTheirLinkAndRoute() throws {
        var window = AnalyticsWindow(limit: 100)
        let spring = try ShortCode("spring")
        let claims = (0..<2).map { _ in window.addClaim(bucket: Self.bucket, link: spring, route: "settings.premium") }
        let install = window.addInstall(bucket: Self.bucket, link: nil, route: "/")
        #expect(claims == [true, true] && install)
        let visits = Self.tally(window).visits
        #expect(visits.first { $0.scope == "link:spring" }?.counts == AnalyticsCounts(claims: 2))
        #expect(visits.first { $0.scope == "route:/" }?.counts == AnalyticsCounts(installs: 1))
        #expect(visits.first { $0.scope == "all" }?.counts == AnalyticsCounts(claims: 2, installs: 1))
    }

    @Test func aVisitorCountsOncePerPlace() throws {
        var window = AnalyticsWindow(limit: 100)
        try Self.visit(&window, visitor: 7)
        try Self.visit(&window, referrer: "https://t.co/x", visitor: 7)
        try Self.visit(&window, visitor: 8)
        try Self.visit(&window, link: "autumn", visitor: 7)
        let visitors = Dictionary(uniqueKeysWithValues: Self.tally(window).visitors.map { ($0.scope, $0.count) })
        #expect(visitors == ["all": 2, "link:spring": 2, "link:autumn": 1, "route:settings.premium": 2])
    }

    @Test func pastItsLimitNewEntriesAreRefusedAndKnownOnesStillCount() throws {
        var window = AnalyticsWindow(limit: 2)
        let first = try Self.visit(&window, visitor: 1)
        let newReferrer = try Self.visit(&window, referrer: "https://t.co/", visitor: 2)
        let anotherReferrer = try Self.visit(&window, referrer: "https://example.org/")
        let again = try Self.visit(&window)
        #expect(first && !newReferrer && !anotherReferrer && again)
        #expect(window.size == 2)
        #expect(Self.tally(window).visits.first { $0.scope == "all" }?.counts == AnalyticsCounts(human: 2))
    }

    @Test func forgettingALinkKeepsEverythingElse() throws {
        var window = AnalyticsWindow(limit: 100)
        try Self.visit(&window, referrer: "https://t.co/", visitor: 1)
        try Self.visit(&window, referrer: "https://t.co/", link: "autumn", visitor: 2)
        window.forget(link: try ShortCode("spring"))
        #expect(window.size == 2)
        try Self.visit(&window, referrer: "https://t.co/", link: "autumn")
        let batch = Self.tally(window)
        #expect(!batch.visits.contains { $0.scope == "link:spring" })
        #expect(batch.visits.first { $0.scope == "link:autumn" }?.counts == AnalyticsCounts(human: 2))
        #expect(batch.marginals.contains { $0.scope == "link:autumn" && $0.dimension == .referrer && $0.value == "t.co" })
    }

    @Test func thousandsOfEventsAndVisitorsKeepExactCountsAsTheTablesGrow() throws {
        var window = AnalyticsWindow(limit: 100_000)
        for round in 0..<3 {
            for host in 0..<1_000 {
                try Self.visit(&window, referrer: "https://site\(host).example/", link: host % 2 == 0 ? "even" : "odd",
                               visitor: UInt64(host) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(round % 2))
            }
        }
        #expect(window.size == 1_000 + 2_000)
        let batch = Self.tally(window)
        let referrers = batch.marginals.filter { $0.scope == "all" && $0.dimension == .referrer }
        #expect(referrers.count == 1_000 && referrers.allSatisfy { $0.count == 3 })
        let visitors = Dictionary(uniqueKeysWithValues: batch.visitors.map { ($0.scope, $0.count) })
        // Exact up to 1,024 visitors a scope a day; past that the sketch's estimate (its standard
        // error at 2,000 is about 0.6 %, and these visitors are always the same).
        #expect(visitors["link:even"] == 1_000 && visitors["link:odd"] == 1_000)
        for scope in ["all", "route:settings.premium"] {
            #expect(abs((visitors[scope] ?? 0) - 2_000) <= 60, "\(scope): \(visitors[scope] ?? 0)")
        }
    }

    @Test func theEventKeyTellsEveryTwoEventsApartAsTheEnumsAreDeclared() {
        #expect(AnalyticsWindow.keyLayoutProblem == nil)
    }
}
