import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// One behaviour list for short links, run against the SQLite store (file and `:memory:`) and the fake.
@Suite struct ShortLinkStoreBehaviourTests {
    static func link(_ code: String, expiresIn seconds: TimeInterval? = nil) throws -> ShortLink {
        ShortLink(code: try ShortCode(code), link: "fuelmoney://settings/account", createdAt: epoch,
                  expiresAt: seconds.map { epoch.addingTimeInterval($0) })
    }

    /// Waits until queued click counts are committed: a write queued after them is answered after them.
    static func settle(_ store: any ShortLinkStore) async throws {
        _ = try await awaiting { store.deleteShortLink(code: ShortCode.random(), completion: $0) }
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
        try await Self.settle(store)
        let second = try await awaiting { store.shortLink(code: code, countingClickAt: epoch.addingTimeInterval(59), completion: $0) }
        #expect(second?.clicks == 2)
        try await Self.settle(store)
        let expired = try await awaiting { store.shortLink(code: code, countingClickAt: epoch.addingTimeInterval(60), completion: $0) }
        #expect(expired?.clicks == 2)
        #expect(expired?.isExpired(at: epoch.addingTimeInterval(60)) == true)
        try await Self.settle(store)
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
}
