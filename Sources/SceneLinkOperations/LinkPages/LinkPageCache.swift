import SceneLinkCore
import SceneLinkHTTP
import Synchronization

/// The finished pages of the routes whose page is the same for every link (the routes without
/// parameters, and the root link when no route declares `/`), each rendered at its first view and
/// kept for the route table's life, so that start-up and a reload render nothing, whatever the
/// number of routes.
///
/// What is kept for a route, per language and platform (`LinkPage.slot(_:_:)`): its page, and on a
/// phone the template of its page with a claim (`ClaimPageTemplate`); per platform, what the page
/// offers (`VisitOutcome`). Pages are kept until `byteLimit` bytes of them are; past it, the route
/// file is larger than what visitors look at, and a page not kept yet is rendered at each view.
///
/// ```swift
/// let cache = LinkPageCache()
/// if let kept = cache.page(route: "settings", slot: slot, platform: .ios) { return kept.page }
/// let page = render(link, platform: .ios, language: .ja)
/// cache.keep(page: page, route: "settings", slot: slot, slots: LinkPage.slots, outcomes: outcomes(of: link))
/// ```
package final class LinkPageCache: Sendable {
    /// The most bytes of pages and templates kept for one route table. A page is 3 to 10 KB, so this
    /// keeps every language and platform of a few hundred routes, or one language of thousands.
    package static let standardByteLimit = 64 * 1024 * 1024

    /// What is kept of one route.
    package struct Entry: Sendable {
        /// By `LinkPage.slot(_:_:)`: the page, nil until its first view.
        var pages: [HTTPResponse?]
        /// By `LinkPage.slot(_:_:)`: the phone's page with a claim as a template; `.none` until
        /// made, `.some(nil)` when the page cannot be one (rendered at each view).
        var templates: [ClaimPageTemplate??]
        /// By `LinkPlatform.index`: what the page offers.
        let outcomes: [VisitOutcome]

        /// Nothing kept yet in any of `slots`.
        init(slots: Int, outcomes: [VisitOutcome]) {
            pages = Array(repeating: nil, count: slots)
            templates = Array(repeating: .none, count: slots)
            self.outcomes = outcomes
        }
    }

    private struct State {
        /// By route name; the root link's under `rootKey`.
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    package let byteLimit: Int

    package init(byteLimit: Int = LinkPageCache.standardByteLimit) {
        self.byteLimit = byteLimit
    }

    /// The key the root link's pages are kept under: no route name is empty.
    package static let rootKey = ""

    /// The kept page of `route` in `slot`, with what it offers on `platform`; nil when not kept.
    package func page(route: String, slot: Int, platform: LinkPlatform) -> (page: HTTPResponse, outcome: VisitOutcome)? {
        state.withLock { state in
            guard let entry = state.entries[route], let page = entry.pages[slot] else { return nil }
            return (page, entry.outcomes[platform.index])
        }
    }

    /// The kept claim template of `route` in `slot`: `.some(nil)` when the page cannot be one,
    /// nil when none was made yet.
    package func template(route: String, slot: Int) -> ClaimPageTemplate?? {
        state.withLock { $0.entries[route]?.templates[slot] }
    }

    /// Keeps `page` for `route` in `slot` while the bound allows (a page kept by another view in
    /// the meantime stays).
    package func keep(page: HTTPResponse, route: String, slot: Int, slots: Int, outcomes: @autoclosure () -> [VisitOutcome]) {
        state.withLock { state in
            guard state.bytes + page.body.count <= byteLimit, state.entries[route]?.pages[slot] == nil else { return }
            state.entries[route, default: Entry(slots: slots, outcomes: outcomes())].pages[slot] = page
            state.bytes += page.body.count
        }
    }

    /// Keeps `template` (nil: the page cannot be one) for `route` in `slot` while the bound allows.
    package func keep(template: ClaimPageTemplate?, route: String, slot: Int, slots: Int, outcomes: @autoclosure () -> [VisitOutcome]) {
        state.withLock { state in
            let size = template?.byteCount ?? 0
            guard state.bytes + size <= byteLimit, state.entries[route]?.templates[slot] == nil else { return }
            state.entries[route, default: Entry(slots: slots, outcomes: outcomes())].templates[slot] = .some(template)
            state.bytes += size
        }
    }

    /// The bytes of pages and templates kept.
    package var bytes: Int { state.withLock { $0.bytes } }

    /// Whether the bound is reached: nothing more will be kept, so a claim template, which takes two
    /// renderings to make, is not worth making for one view.
    package var isFull: Bool { bytes >= byteLimit }
}
