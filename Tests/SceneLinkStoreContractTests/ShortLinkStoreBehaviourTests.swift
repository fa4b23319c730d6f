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
