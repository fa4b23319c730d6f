import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// One behaviour list for short links, run against the SQLite store (file and `:memory:`), the
/// fake, and PostgreSQL when `SCENELINK_TEST_POSTGRES` is set.
@Suite struct ShortLinkStoreBehaviourTests {
    static func link(_ code: String, expiresIn seconds: TimeInterval? = nil) throws -> ShortLink {
        ShortLink(code: try ShortCode(code), link: "fuelmoney://settings/account", createdAt: epoch,
                  expiresAt: seconds.map { epoch.addingTimeInterval($0) })
    }

    /// Waits until the queued click counts of `code` are committed (`clicks` in all): stores count
    /// a click without the answer waiting for it, and PostgreSQL's pool may commit a later write
    /// first, so this reads until the count shows up (at most 5 s).
    static func settle(_ store: any ShortLinkStore, _ code: ShortCode, clicks: Int) async throws {
        for _ in 0..<500 {
            let link = try await awaiting { store.shortLink(code: code, countingClickAt: nil, completion: $0) }
            if link?.clicks == clicks { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the click count of \(code) never reached \(clicks)")
    }

    @Test(arguments: StoreKind.allCases)
    func linksAreCreatedFoundAndDeletedAndCodesAreUnique(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let created = try await awaiting { store.createShortLink(try Self.link("spring", expiresIn: 60), completion: $0) }
        #expect(created.sequence > 0)
        #expect(created.clicks == 0)
        let found = try await awaiting { store.shortLink(code: try ShortCode("spring"), countingClickAt: nil, completion: $0) }
        #expect(found == created)
        #expect(try await awaiting { store.shortLink(code: try ShortCode("Spring"), countingClickAt: nil, completion: $0) } == nil)
        await #expect(throws: ShortLinkStoreError.codeExists(try ShortCode("spring"))) {
            try await awaiting { store.createShortLink(try Self.link("spring"), completion: $0) }
        }
        #expect(try await awaiting { store.deleteShortLink(code: try ShortCode("spring"), completion: $0) })
        #expect(try await awaiting { store.deleteShortLink(code: try ShortCode("spring"), completion: $0) } == false)
        #expect(try await awaiting { store.shortLink(code: try ShortCode("spring"), countingClickAt: nil, completion: $0) } == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func clicksAreCountedOnlyBeforeExpiry(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let code = try ShortCode("sale")
        _ = try await awaiting { store.createShortLink(try Self.link("sale", expiresIn: 60), completion: $0) }
        let first = try await awaiting { store.shortLink(code: code, countingClickAt: epoch, completion: $0) }
        #expect(first?.clicks == 1)
        try await Self.settle(store, code, clicks: 1)
        let second = try await awaiting { store.shortLink(code: code, countingClickAt: epoch.addingTimeInterval(59), completion: $0) }
        #expect(second?.clicks == 2)
        try await Self.settle(store, code, clicks: 2)
        let expired = try await awaiting { store.shortLink(code: code, countingClickAt: epoch.addingTimeInterval(60), completion: $0) }
        #expect(expired?.clicks == 2)
        #expect(expired?.isExpired(at: epoch.addingTimeInterval(60)) == true)
        // A click after expiry is not counted: a write queued after it is committed, and the count is still 2.
        _ = try await awaiting { store.deleteShortLink(code: ShortCode.random(), completion: $0) }
        #expect(try await awaiting { store.shortLink(code: code, countingClickAt: nil, completion: $0) }?.clicks == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func listingPagesInCreationOrderWithACursor(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        for code in ["a", "c", "b", "d", "e"] {
            _ = try await awaiting { store.createShortLink(try Self.link(code), completion: $0) }
        }
        _ = try await awaiting { store.deleteShortLink(code: try ShortCode("b"), completion: $0) }
        let first = try await awaiting { store.shortLinks(after: nil, limit: 2, completion: $0) }
        #expect(first.links.map(\.code.rawValue) == ["a", "c"])
        let cursor = try #require(first.nextCursor)
        let second = try await awaiting { store.shortLinks(after: cursor, limit: 2, completion: $0) }
        #expect(second.links.map(\.code.rawValue) == ["d", "e"])
        #expect(second.nextCursor == nil)
        #expect(try await awaiting { store.shortLinks(after: nil, limit: 10, completion: $0) }.links.count == 4)
    }

    @Test(arguments: StoreKind.allCases)
    func expiredLinksAreDeletedOnlyPastTheCutoffInBatches(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        _ = try await awaiting { store.createShortLink(try Self.link("forever"), completion: $0) }
        for (index, code) in ["x1", "x2", "x3"].enumerated() {
            _ = try await awaiting { store.createShortLink(try Self.link(code, expiresIn: Double(index + 1)), completion: $0) }
        }
        let cutoff = epoch.addingTimeInterval(10)
        #expect(try await awaiting { store.deleteExpiredShortLinks(expiredBefore: cutoff, limit: 2, completion: $0) } == 2)
        #expect(try await awaiting { store.deleteExpiredShortLinks(expiredBefore: cutoff, limit: 2, completion: $0) } == 1)
        #expect(try await awaiting { store.deleteExpiredShortLinks(expiredBefore: cutoff, limit: 2, completion: $0) } == 0)
        let left = try await awaiting { store.shortLinks(after: nil, limit: 10, completion: $0) }
        #expect(left.links.map(\.code.rawValue) == ["forever"])
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentClicksOnOneLinkAreAllCounted(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let code = try ShortCode("hot")
        _ = try await awaiting { store.createShortLink(try Self.link("hot"), completion: $0) }
        let clicks = 100
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<clicks {
                group.addTask { _ = try await awaiting { store.shortLink(code: code, countingClickAt: epoch, completion: $0) } }
            }
            try await group.waitForAll()
        }
        try await Self.settle(store, code, clicks: clicks)
    }

    @Test(arguments: StoreKind.allCases)
    func aTakenCodeAmongConcurrentCreatesRefusesOnlyItself(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        // Created together, these may share one commit: the refused ones must not undo the others.
        let codes = Array(repeating: "same", count: 10) + (0..<10).map { "own\($0)" }
        let outcomes = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
            for code in codes {
                group.addTask {
                    do {
                        _ = try await awaiting { store.createShortLink(try Self.link(code), completion: $0) }
                        return (code, true)
                    } catch ShortLinkStoreError.codeExists {
                        return (code, false)
                    }
                }
            }
            return try await group.reduce(into: [(String, Bool)]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0.0 == "same" && $0.1 }.count == 1)
        #expect(outcomes.filter { $0.0 != "same" }.allSatisfy { $0.1 })
        let stored = try await awaiting { store.shortLinks(after: nil, limit: 100, completion: $0) }
        #expect(Set(stored.links.map(\.code.rawValue)) == Set(codes))
        #expect(stored.links.count == 11)
    }
}

/// Titles, tags, filters, changes and imports: the same in every store.
extension ShortLinkStoreBehaviourTests {
    static func labelled(_ code: String, title: String? = nil, tags: [String] = [], link: String = "fuelmoney://settings/account")
        throws -> ShortLink {
        ShortLink(code: try ShortCode(code), link: link, createdAt: epoch, expiresAt: nil, title: title,
                  tags: try tags.map { try ShortLinkTag($0) })
    }

    static func codes(_ store: any ShortLinkStore, _ filter: ShortLinkFilter, limit: Int = 100) async throws -> [String] {
        try await awaiting { store.shortLinks(after: nil, limit: limit, filter: filter, completion: $0) }.links.map(\.code.rawValue)
    }

    @Test(arguments: StoreKind.allCases)
    func titlesAndTagsAreStoredAndTheListingFiltersByTagAndText(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let created = try await awaiting {
            store.createShortLink(try Self.labelled("spring", title: "Spring Sale 50%", tags: ["sale", "email", "sale"]), completion: $0)
        }
        #expect(created.title == "Spring Sale 50%")
        #expect(created.tags.map(\.rawValue) == ["email", "sale"])
        #expect(created.revision == 1)
        _ = try await awaiting { store.createShortLink(try Self.labelled("autumn", title: "Autumn", tags: ["sale"]), completion: $0) }
        _ = try await awaiting { store.createShortLink(try Self.labelled("plain", link: "fuelmoney://Settings/SALE_x"), completion: $0) }
        let found = try await awaiting { store.shortLink(code: try ShortCode("spring"), countingClickAt: nil, completion: $0) }
        #expect(found == created)

        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("sale"))) == ["spring", "autumn"])
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("email"))) == ["spring"])
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("none"))) == [])
        // The text is found in the code, the link or the title, ignoring ASCII case.
        #expect(try await Self.codes(store, ShortLinkFilter(text: "SPRING")) == ["spring"])
        #expect(try await Self.codes(store, ShortLinkFilter(text: "sale")) == ["spring", "plain"])
        #expect(try await Self.codes(store, ShortLinkFilter(text: "settings/")) == ["spring", "autumn", "plain"])
        // `%`, `_` and `\` are plain characters, not patterns.
        #expect(try await Self.codes(store, ShortLinkFilter(text: "50%")) == ["spring"])
        #expect(try await Self.codes(store, ShortLinkFilter(text: "%")) == ["spring"])
        #expect(try await Self.codes(store, ShortLinkFilter(text: "e_x")) == ["plain"])
        #expect(try await Self.codes(store, ShortLinkFilter(text: "_")) == ["plain"])
        #expect(try await Self.codes(store, ShortLinkFilter(text: "\\")) == [])
        // Both filters at once, and paging through a filtered listing.
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("sale"), text: "autumn")) == ["autumn"])
        let first = try await awaiting { store.shortLinks(after: nil, limit: 1, filter: ShortLinkFilter(tag: try ShortLinkTag("sale")), completion: $0) }
        #expect(first.links.map(\.code.rawValue) == ["spring"])
        let cursor = try #require(first.nextCursor)
        let second = try await awaiting {
            store.shortLinks(after: cursor, limit: 1, filter: ShortLinkFilter(tag: try ShortLinkTag("sale")), completion: $0)
        }
        #expect(second.links.map(\.code.rawValue) == ["autumn"])
        #expect(second.nextCursor == nil)

        // A deleted link's tags go with it; a new link under its code starts without them.
        #expect(try await awaiting { store.deleteShortLink(code: try ShortCode("spring"), completion: $0) })
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("email"))) == [])
        let again = try await awaiting { store.createShortLink(try Self.labelled("spring"), completion: $0) }
        #expect(again.tags.isEmpty)
        #expect(try await awaiting { store.shortLink(code: try ShortCode("spring"), countingClickAt: nil, completion: $0) }?.tags == [])
    }

    @Test(arguments: StoreKind.allCases)
    func anUpdateReplacesTheLabelsAndExpiryOnlyAtTheRevisionItWasBasedOn(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        let created = try await awaiting { store.createShortLink(try Self.labelled("sale", title: "Old", tags: ["a", "b"]), completion: $0) }
        _ = try await awaiting { store.shortLink(code: created.code, countingClickAt: epoch, completion: $0) }
        try await Self.settle(store, created.code, clicks: 1)
        var change = created
        change.link = "fuelmoney://settings/premium"
        change.expiresAt = epoch.addingTimeInterval(3600)
        change.route = "settings.premium"
        change.title = nil
        change.tags = [try ShortLinkTag("b"), try ShortLinkTag("c")]
        let updated = try await awaiting { store.updateShortLink(change, expectedRevision: 1, at: epoch, completion: $0) }
        #expect(updated.revision == 2)
        #expect(updated.clicks == 1)
        #expect(updated.sequence == created.sequence)
        #expect(updated.createdAt == created.createdAt)
        #expect(updated.link == "fuelmoney://settings/premium")
        #expect(updated.title == nil)
        #expect(updated.tags.map(\.rawValue) == ["b", "c"])
        let read = try await awaiting { store.shortLink(code: created.code, countingClickAt: nil, completion: $0) }
        #expect(read == updated)
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("a"))) == [])
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("c"))) == ["sale"])

        await #expect(throws: ShortLinkStoreError.revisionChanged(created.code)) {
            try await awaiting { store.updateShortLink(change, expectedRevision: 1, at: epoch, completion: $0) }
        }
        let missing = try Self.labelled("missing")
        await #expect(throws: ShortLinkStoreError.notFound(missing.code)) {
            try await awaiting { store.updateShortLink(missing, expectedRevision: 1, at: epoch, completion: $0) }
        }
        #expect(try await awaiting { store.shortLink(code: created.code, countingClickAt: nil, completion: $0) }?.revision == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func anImportStoresTheFreeCodesAndAnAtomicOneNothingWhenACodeIsTaken(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        _ = try await awaiting { store.createShortLink(try Self.labelled("taken"), completion: $0) }
        let batch = [try Self.labelled("one", title: "One", tags: ["imported"]), try Self.labelled("taken"),
                     try Self.labelled("two", tags: ["imported", "x"]), try Self.labelled("one")]

        let atomic = try await awaiting { store.createShortLinks(batch, atomic: true, completion: $0) }
        #expect(atomic.map { $0?.code.rawValue } == ["one", nil, "two", nil])
        #expect(atomic.allSatisfy { ($0?.sequence ?? 0) == 0 })
        #expect(try await Self.codes(store, .all) == ["taken"])
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("imported"))) == [])

        let stored = try await awaiting { store.createShortLinks(batch, atomic: false, completion: $0) }
        #expect(stored.map { $0?.code.rawValue } == ["one", nil, "two", nil])
        #expect(stored.compactMap { $0 }.allSatisfy { $0.sequence > 0 && $0.revision == 1 && $0.clicks == 0 })
        #expect(try await Self.codes(store, .all) == ["taken", "one", "two"])
        #expect(try await Self.codes(store, ShortLinkFilter(tag: try ShortLinkTag("imported"))) == ["one", "two"])
        let one = try await awaiting { store.shortLink(code: try ShortCode("one"), countingClickAt: nil, completion: $0) }
        #expect(one == stored[0])

        let clean = try await awaiting { store.createShortLinks([try Self.labelled("three"), try Self.labelled("four")], atomic: true,
                                                                completion: $0) }
        #expect(clean.allSatisfy { ($0?.sequence ?? 0) > 0 })
        #expect(try await Self.codes(store, .all) == ["taken", "one", "two", "three", "four"])
        #expect(try await awaiting { store.createShortLinks([], atomic: true, completion: $0) }.isEmpty)
    }

    static let settings: ShortLinkSettings = {
        var campaign = LinkCampaign()
        campaign["utm_source"] = "newsletter"
        campaign["ct"] = "spring"
        return ShortLinkSettings(preview: LinkPreview(title: "Spring sale", image: "https://cdn.example.org/s.png"),
                                 fallbacks: ShortLinkFallbacks(ios: "https://example.org/ios", desktop: "https://example.org/"),
                                 skipPage: true, campaign: campaign)
    }()

    @Test(arguments: StoreKind.allCases)
    func aLinksOwnSettingsAreStoredReplacedByAnUpdateAndImported(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        var link = try Self.labelled("card")
        link.settings = Self.settings
        let created = try await awaiting { store.createShortLink(link, completion: $0) }
        #expect(created.settings == Self.settings)
        #expect(try await awaiting { store.shortLink(code: link.code, countingClickAt: nil, completion: $0) }?.settings == Self.settings)

        var change = created
        change.settings = ShortLinkSettings(fallbacks: ShortLinkFallbacks(android: "https://example.org/android"))
        let updated = try await awaiting { store.updateShortLink(change, expectedRevision: 1, at: epoch, completion: $0) }
        #expect(updated.revision == 2)
        let read = try await awaiting { store.shortLink(code: link.code, countingClickAt: nil, completion: $0) }
        #expect(read?.settings == change.settings)
        change.settings = .none
        _ = try await awaiting { store.updateShortLink(change, expectedRevision: 2, at: epoch, completion: $0) }
        #expect(try await awaiting { store.shortLink(code: link.code, countingClickAt: nil, completion: $0) }?.settings == ShortLinkSettings.none)

        var imported = try Self.labelled("imported")
        imported.settings = Self.settings
        for atomic in [true, false] {
            let code = try ShortCode(atomic ? "atomic" : "imported")
            imported.code = code
            let stored = try await awaiting { store.createShortLinks([imported, try Self.labelled("plain-\(atomic)")], atomic: atomic, completion: $0) }
            #expect(stored.compactMap { $0 }.count == 2)
            #expect(try await awaiting { store.shortLink(code: code, countingClickAt: nil, completion: $0) }?.settings == Self.settings)
            let plain = try await awaiting { store.shortLink(code: try ShortCode("plain-\(atomic)"), countingClickAt: nil, completion: $0) }
            #expect(plain?.settings == ShortLinkSettings.none)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBatchOfCodesIsLookedUpAtOnceWithoutCountingClicks(kind: StoreKind) async throws {
        let fixture = try ShortLinkStoreFixture(kind)
        defer { fixture.tearDown() }
        let store = fixture.store
        for code in ["a", "B", "c"] { _ = try await awaiting { store.createShortLink(try Self.labelled(code), completion: $0) } }
        let codes = [try ShortCode("a"), try ShortCode("b"), try ShortCode("B"), try ShortCode("missing")]
        let found = try await awaiting { store.shortLinks(codes: codes, completion: $0) }
        #expect(Set(found.keys.map(\.rawValue)) == ["a", "B"])
        #expect(found[try ShortCode("B")]?.clicks == 0)
        #expect(try await awaiting { store.shortLinks(codes: [], completion: $0) }.isEmpty)
    }
}
