import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations

/// The kept link pages: a page is kept once, the first one kept stays, and nothing past the bound
/// is kept.
@Suite struct LinkPageCacheTests {
    private func page(_ text: String) -> HTTPResponse {
        HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(text.utf8))
    }

    private let outcomes = LinkPlatform.allCases.map { _ in VisitOutcome.page }

    @Test func aKeptPageIsAnsweredForItsRouteAndSlotOnly() {
        let cache = LinkPageCache(byteLimit: 1_000)
        #expect(cache.page(route: "about", slot: 0, platform: .web) == nil)
        cache.keep(page: page("<p>about</p>"), route: "about", slot: 0, slots: 4, outcomes: outcomes)
        #expect(cache.page(route: "about", slot: 0, platform: .web).map { String(decoding: $0.page.body, as: UTF8.self) } == "<p>about</p>")
        #expect(cache.page(route: "about", slot: 1, platform: .web) == nil)
        #expect(cache.page(route: "home", slot: 0, platform: .web) == nil)
        #expect(cache.bytes == 12)
    }

    @Test func theFirstPageKeptForASlotStays() {
        let cache = LinkPageCache(byteLimit: 1_000)
        cache.keep(page: page("first"), route: "about", slot: 2, slots: 4, outcomes: outcomes)
        cache.keep(page: page("second, from a view at the same time"), route: "about", slot: 2, slots: 4, outcomes: outcomes)
        #expect(cache.page(route: "about", slot: 2, platform: .web).map { String(decoding: $0.page.body, as: UTF8.self) } == "first")
        #expect(cache.bytes == 5)
    }

    @Test func nothingIsKeptPastTheBound() {
        let cache = LinkPageCache(byteLimit: 10)
        cache.keep(page: page("12345678"), route: "a", slot: 0, slots: 1, outcomes: outcomes)
        cache.keep(page: page("123"), route: "b", slot: 0, slots: 1, outcomes: outcomes)
        #expect(cache.page(route: "a", slot: 0, platform: .web) != nil)
        #expect(cache.page(route: "b", slot: 0, platform: .web) == nil)
        #expect(cache.bytes == 8)
    }

    @Test func aTemplateThatCannotBeMadeIsRememberedAsNone() {
        let cache = LinkPageCache(byteLimit: 1_000)
        #expect(cache.template(route: "about", slot: 0) == nil)
        cache.keep(template: nil, route: "about", slot: 0, slots: 4, outcomes: outcomes)
        let kept = cache.template(route: "about", slot: 0)
        #expect(kept != nil)
        #expect(kept.flatMap { $0 } == nil)
    }
}
