import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

/// The Links pages' views: a row's title, target and tags cut to fit, the paging links, and on
/// a link's page the forms a session may use, "expired" measured at the given time, and the
/// page's status from a refused change or a wrong report query.
@Suite struct ConsoleLinkViewTests {
    typealias F = ConsoleViewFixtures

    static func link(_ code: String, title: String? = nil, target: String = "fuelmoney://settings", tags: [String] = [],
                     expiresAt: Date? = nil) throws -> ShortLinkOperations.Counted {
        let link = ShortLink(code: try ShortCode(code), link: target, createdAt: F.start, expiresAt: expiresAt, clicks: 4, title: title,
                             tags: try tags.map { try ShortLinkTag($0) }, revision: 3)
        return ShortLinkOperations.Counted(link: link, visits: F.counts(human: 6, preview: 2, bot: 1))
    }

    @Test func aRowCutsItsTitleTargetAndTagsAndMarksAnExpiredLink() throws {
        let long = try Self.link("long", title: String(repeating: "t", count: 41), target: "fuelmoney://settings?" + String(repeating: "q", count: 60),
                                 tags: ["a", "b", "c", "d", "e"], expiresAt: F.start.addingTimeInterval(60))
        let page = ShortLinkOperations.Page(links: [long], nextCursor: 17)
        let view = ConsoleLinksView(listing: .success(page), q: "", tag: "b", hasCursor: true, now: F.start.addingTimeInterval(61),
                                    resolves: { _ in true }, createForm: nil, importForm: nil)
        guard case .links(let caption, let rows, let firstPage, let nextPage)? = view.listing?.content else {
            Issue.record("a page of links")
            return
        }
        #expect(caption == "Links that match, oldest first")
        let row = try #require(rows.first)
        #expect(row.title == String(repeating: "t", count: 40) + "…")
        #expect(row.target.count == 61 && row.target.hasSuffix("…"))
        #expect(row.tags.map(\.name) == ["a", "b", "c"] && row.moreTags == 2)
        #expect(row.tags[0].path == "/console/links?tag=a")
        #expect(row.expires == RFC3339.string(F.start.addingTimeInterval(60)) + " (expired)")
        #expect((row.human, row.clicks) == (6, 4))
        #expect(!row.pointsAtNoScreen)
        #expect(firstPage == "/console/links?tag=b")
        #expect(nextPage == "/console/links?tag=b&cursor=17")
        #expect(view.status == .ok)
    }

    @Test func aLinkWhoseTargetNoLongerResolvesIsFlaggedOnItsRow() throws {
        let kept = try Self.link("kept", target: "fuelmoney://settings")
        let stranded = try Self.link("gone", target: "fuelmoney://settings/old-screen")
        let table = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8))
        let view = ConsoleLinksView(listing: .success(.init(links: [kept, stranded], nextCursor: nil)), q: "", tag: "", hasCursor: false,
                                    now: F.start, resolves: { (try? table.resolve($0)) != nil }, createForm: nil, importForm: nil)
        guard case .links(_, let rows, _, _)? = view.listing?.content else {
            Issue.record("a page of links")
            return
        }
        #expect(rows.map(\.pointsAtNoScreen) == [false, true])
        var html = HTMLDocument(title: "Links")
        view.write(into: &html)
        #expect(String(decoding: html.finish(), as: UTF8.self).components(separatedBy: "points at no screen").count == 2)
    }

    @Test func aRefusedListingIsTheAPIsSentenceAndStatusAndAnEmptyOneSaysWhy() {
        let refused = ConsoleLinksView(listing: .failure(F.failure("The cursor is not a number.", status: .badRequest)), q: "", tag: "",
                                       hasCursor: true, now: F.start, resolves: { _ in true }, createForm: nil, importForm: nil)
        #expect(refused.status == .badRequest)
        guard case .refused("The cursor is not a number.")? = refused.listing?.content else {
            Issue.record("the listing's sentence")
            return
        }
        let empty = ConsoleLinksView(listing: .success(.init(links: [], nextCursor: nil)), q: "zz", tag: "", hasCursor: false, now: F.start,
                                     resolves: { _ in true }, createForm: nil, importForm: nil)
        guard case .empty("No link matches.")? = empty.listing?.content else {
            Issue.record("a search that matches nothing")
            return
        }
    }

    func linkView(_ counted: ShortLinkOperations.Counted, session: ConsoleSession, analytics: ConsoleAnalyticsReport? = nil,
                  status: HTTPStatus = .ok, now: Date = F.start) throws -> ConsoleLinkView {
        ConsoleLinkView(counted, code: counted.link.code.rawValue, url: "https://fuelmoney.example.com/s/\(counted.link.code.rawValue)", now: now,
                        table: try BuiltInRoutes.fuelMoneyTable(), claimLifetime: "10m", analytics: analytics, notice: nil, status: status,
                        session: session)
    }

    @Test func aReadOnlySessionGetsNoChangeOrDeleteForm() throws {
        let counted = try Self.link("acct", title: "Account", tags: ["x", "y"], expiresAt: F.start.addingTimeInterval(3600))
        let admin = try linkView(counted, session: F.admin)
        #expect(admin.edits == .init(revision: 3, target: "fuelmoney://settings", title: "Account", tags: "x y",
                                     expiry: String(RFC3339.string(F.start.addingTimeInterval(3600)).prefix(16)),
                                     settings: ConsoleLinkSettingsFields(ShortLinkSettings.none, prefix: "link")))
        #expect(admin.showsDelete)
        let reader = try linkView(counted, session: F.reader)
        #expect(reader.edits == nil && !reader.showsDelete)
        let html = F.html(reader)
        #expect(!html.contains("/console/links/acct/edit") && !html.contains("/console/links/acct/delete"))
        #expect(html.contains("<dd>6 human, 2 previews, 1 bots</dd>"))
        #expect(reader.qr?.link == "https://fuelmoney.example.com/s/acct?sl_qr=1")
    }

    @Test func expiredIsMeasuredAtTheTimeGiven() throws {
        let counted = try Self.link("soon", expiresAt: F.start.addingTimeInterval(60))
        #expect(try !linkView(counted, session: F.admin, now: F.start).isExpired)
        let later = try linkView(counted, session: F.admin, now: F.start.addingTimeInterval(60))
        #expect(later.isExpired)
        #expect(later.facts.first { $0.term == "Expires" }?.value.hasSuffix(" (expired: it answers 410)") == true)
    }

    @Test func theStatusIsTheRefusedChangesElseA400ForAWrongReportQueryElse200() throws {
        let counted = try Self.link("acct")
        func report(_ status: HTTPStatus) -> ConsoleAnalyticsReport {
            let error = F.failure("nope", status: status)
            return ConsoleAnalyticsReport(action: "/console/links/acct", choosesScope: false, item: { _ in nil }, query: [("scope", "link:acct")],
                                          dimension: .platform, timeseries: .failure(error), breakdown: .failure(error))
        }
        #expect(try linkView(counted, session: F.admin, analytics: report(.badRequest)).status == .badRequest)
        // Analytics off (404 from the report) leaves the link's page a 200.
        #expect(try linkView(counted, session: F.admin, analytics: report(.notFound)).status == .ok)
        #expect(try linkView(counted, session: F.admin, analytics: report(.badRequest), status: .preconditionFailed).status == .preconditionFailed)
        #expect(try linkView(counted, session: F.admin).status == .ok)
    }

    @Test func theAnalyticsReportDrawsNoChartPastTheBucketsAPageHolds() throws {
        let query = try AnalyticsOperations.Query({ ["interval": "15m", "from": "2027-01-01", "to": "2027-01-10"][$0] }, now: F.start)
        let buckets = (0..<(ConsoleEndpoints.maximumBucketsShown + 1)).map { (start: "b\($0)", counts: F.counts(human: 1)) }
        let series = AnalyticsOperations.Timeseries(query: query, buckets: buckets, totals: F.counts(human: Int64(buckets.count)))
        let report = ConsoleAnalyticsReport(action: "/console/analytics", choosesScope: true, item: { _ in nil }, query: [("scope", "all")],
                                            dimension: .platform, timeseries: .success(series),
                                            breakdown: .failure(F.failure("Breakdowns are off.")))
        let parts = try report.content.get()
        #expect(parts.series.chart == nil && parts.series.bucketCount == 201)
        #expect(parts.series.heading.hasPrefix("Every link, 2027-01-01 to 2027-01-10"))
        #expect(report.form.scope == "all" && report.form.zone == "UTC" && report.form.interval == "day")
        #expect(throws: ConsoleReadFailure.self) { try parts.breakdown.get() }
        #expect(report.status == .ok)
    }

    @Test func aRefusedChangeIsBesideItsFieldAndInTheSummaryAndOneAboutNoFieldIsANotice() throws {
        let counted = try Self.link("acct", title: "Account", tags: [], expiresAt: nil)
        let make = { (field: String?) in
            ConsoleLinkView(counted, code: "acct", url: nil, now: F.start, table: try BuiltInRoutes.fuelMoneyTable(), claimLifetime: "10m",
                            analytics: nil, notice: "Your change was not saved: \"title\" is <long>.", field: field, status: .badRequest,
                            session: F.admin)
        }
        let refused = try make(ConsoleEndpoints.linkField(what: "change", sentence: "\"title\" is 300 characters long"))
        #expect(refused.errorSummary?.errors.map(\.fieldID) == ["link-title"])
        #expect(refused.notice == nil)
        let html = F.html(refused)
        #expect(html.contains(#"<p class="field-error" id="link-title-error"><span class="visually-hidden">Error: </span>Your change was not saved: "title" is &lt;long&gt;.</p>"#))
        #expect(html.contains(#"aria-invalid="true" aria-describedby="link-title-error">"#))
        let general = try make(nil)
        #expect(general.errorSummary == nil && general.notice != nil)
        #expect(ConsoleEndpoints.linkField(what: "expiry", sentence: "anything") == "link-expiry")
        #expect(ConsoleEndpoints.linkField(what: "change", sentence: "'Big' is not a tag") == "link-tags")
        #expect(ConsoleEndpoints.linkField(what: "change", sentence: "The link does not resolve.") == "link-link")
    }

    @Test func aLinksTagsAreChipsLinkingToTheListOfTheirLinks() throws {
        let view = try linkView(try Self.link("acct", tags: ["spring", "email-2027"]), session: F.reader)
        #expect(F.html(view).contains(#"<dt>Tags</dt><dd><a href="/console/links?tag=email-2027" class="chip">email-2027</a>"#
            + #"<a href="/console/links?tag=spring" class="chip">spring</a></dd>"#)
            || F.html(view).contains(#"<dt>Tags</dt><dd><a href="/console/links?tag=spring" class="chip">spring</a>"#
            + #"<a href="/console/links?tag=email-2027" class="chip">email-2027</a></dd>"#))
        let none = try linkView(try Self.link("bare"), session: F.reader)
        #expect(F.html(none).contains("<dt>Tags</dt><dd>(none)</dd>"))
    }
}
