import Foundation
import SceneLinkCore
import Testing

/// What every `APIKeyStore` and `AuditLog` must do, on SQLite (file and memory), the in-memory
/// fakes, and PostgreSQL when `SCENELINK_TEST_POSTGRES` is set.
@Suite struct APIKeyStoreBehaviourTests {
    struct Stores {
        let keys: any APIKeyStore
        let audit: any AuditLog
        let tearDown: () -> Void

        init(_ kind: StoreKind) throws {
            let base = try StoreFixture(kind)
            tearDown = base.tearDown
            if kind == .inMemoryFake {
                keys = InMemoryAPIKeyStore()
                audit = InMemoryAuditLog()
            } else {
                let store = try base.store(as: (any APIKeyStore & AuditLog).self, kind: kind)
                keys = store
                audit = store
            }
        }
    }

    static func key(_ name: String, _ scopes: [APIKeyScope], at time: Date = epoch) throws -> (key: APIKey, token: APIKeyToken) {
        try APIKey.make(name: name, scopes: scopes, at: time)
    }

    @Test(arguments: StoreKind.allCases)
    func keysAreCreatedFoundListedAndRevoked(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        let store = stores.keys
        let (marketing, token) = try Self.key("marketing", [.linksWrite, .analyticsRead])
        let (ops, _) = try Self.key("ops", [.webhooksAdmin], at: epoch.addingTimeInterval(1))
        try await awaiting { store.createAPIKey(marketing, completion: $0) }
        try await awaiting { store.createAPIKey(ops, completion: $0) }
        let found = try #require(try await awaiting { store.apiKey(id: marketing.id, completion: $0) })
        #expect(found == marketing)
        #expect(found.secretHash == token.secretHash)
        #expect(found.scopes == [.linksWrite, .analyticsRead])
        #expect(try await awaiting { store.apiKey(id: "0000000000000000", completion: $0) } == nil)
        #expect(try await awaiting { store.apiKeys(completion: $0) }.map(\.name) == ["marketing", "ops"])

        let revokedAt = epoch.addingTimeInterval(60)
        let revoked = try #require(try await awaiting { store.revokeAPIKey(id: marketing.id, at: revokedAt, completion: $0) })
        #expect(revoked.revokedAt == revokedAt)
        #expect(!revoked.grants(.linksRead))
        // Revoking again keeps the first time.
        let again = try await awaiting { store.revokeAPIKey(id: marketing.id, at: revokedAt.addingTimeInterval(60), completion: $0) }
        #expect(again?.revokedAt == revokedAt)
        #expect(try await awaiting { store.revokeAPIKey(id: "0000000000000000", at: revokedAt, completion: $0) } == nil)
        #expect(try await awaiting { store.apiKey(id: marketing.id, completion: $0) }?.revokedAt == revokedAt)
    }

    @Test(arguments: StoreKind.allCases)
    func keysArePagedOldestFirstByTimeThenIdWithACursorUntilTheLastPage(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        let store = stores.keys
        // Five keys: two made in the same millisecond (ordered by id), the rest a second apart, made out of order.
        var made: [APIKey] = []
        for (index, offset) in [3.0, 0.0, 2.0, 0.0, 1.0].enumerated() {
            let key = try Self.key("key-\(index)", [.linksRead], at: epoch.addingTimeInterval(offset)).key
            try await awaiting { store.createAPIKey(key, completion: $0) }
            made.append(key)
        }
        let expected = made.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(\.id)
        var seen: [String] = []
        var cursor: APIKeyCursor?
        var pages = 0
        repeat {
            let page = try await awaiting { store.apiKeys(after: cursor, limit: 2, completion: $0) }
            #expect(page.keys.count == (pages < 2 ? 2 : 1))
            seen += page.keys.map(\.id)
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil && pages < 10
        #expect(pages == 3)
        #expect(seen == expected)
        // A page that ends exactly at the last key has no next cursor; every key gathered is the same list.
        #expect(try await awaiting { store.apiKeys(after: nil, limit: 5, completion: $0) }.nextCursor == nil)
        #expect(try await awaiting { store.apiKeys(completion: $0) }.map(\.id) == expected)
        // A cursor past the last key answers an empty last page.
        let past = APIKeyCursor(createdAtMilliseconds: Int64(epoch.timeIntervalSince1970 * 1000) + 60_000, id: "0000000000000000")
        #expect(try await awaiting { store.apiKeys(after: past, limit: 2, completion: $0) } == APIKeyPage(keys: [], nextCursor: nil))
    }

    @Test(arguments: StoreKind.allCases)
    func aLiveKeysNameIsUniqueAndARevokedKeysNameIsFree(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        let store = stores.keys
        let (first, _) = try Self.key("marketing", [.linksRead])
        try await awaiting { store.createAPIKey(first, completion: $0) }
        let (second, _) = try Self.key("marketing", [.linksWrite])
        await #expect(throws: APIKeyStoreError.nameExists("marketing")) {
            try await awaiting { store.createAPIKey(second, completion: $0) }
        }
        _ = try await awaiting { store.revokeAPIKey(id: first.id, at: epoch, completion: $0) }
        try await awaiting { store.createAPIKey(second, completion: $0) }
        #expect(try await awaiting { store.apiKeys(completion: $0) }.count == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func auditEntriesArePagedNewestFirstFilteredAndSweptByAge(kind: StoreKind) async throws {
        let stores = try Stores(kind)
        defer { stores.tearDown() }
        let log = stores.audit
        var stored: [AuditEntry] = []
        for index in 0..<5 {
            let entry = AuditEntry(at: epoch.addingTimeInterval(Double(index)), actor: index.isMultiple(of: 2) ? .adminToken : .key(id: "00000000000000aa", name: "ops"),
                                   action: "short_link.created", subject: "link:code\(index % 2)",
                                   detail: ["link": "fuelmoney://offers/\(index)", "quote": "\"é/\\"])
            stored.append(try await awaiting { log.appendAuditEntry(entry, completion: $0) })
        }
        #expect(Set(stored.map(\.sequence)).count == 5)
        let first = try await awaiting { log.auditEntries(AuditQuery(limit: 2), completion: $0) }
        #expect(first.entries == Array(stored.reversed().prefix(2)))
        let cursor = try #require(first.nextCursor)
        let second = try await awaiting { log.auditEntries(AuditQuery(limit: 3, before: cursor), completion: $0) }
        #expect(second.entries == Array(stored.reversed().dropFirst(2)))
        #expect(second.nextCursor == nil)
        #expect(second.entries.last?.detail == ["link": "fuelmoney://offers/0", "quote": "\"é/\\"])

        let bySubject = try await awaiting { log.auditEntries(AuditQuery(limit: 10, subject: "link:code1"), completion: $0) }
        #expect(bySubject.entries.map(\.subject) == ["link:code1", "link:code1"])
        let byActor = try await awaiting { log.auditEntries(AuditQuery(limit: 10, actor: "key:ops(00000000000000aa)"), completion: $0) }
        #expect(byActor.entries.count == 2)

        // Of one action only: none of the others goes, however old.
        let refused = AuditEntry(at: epoch, actor: "anonymous", action: "auth.refused", subject: "address:192.0.2.1", detail: [:])
        _ = try await awaiting { log.appendAuditEntry(refused, completion: $0) }
        let onlyRefused = try await awaiting {
            log.deleteAuditEntries(before: epoch.addingTimeInterval(100), action: "auth.refused", limit: 200, completion: $0)
        }
        #expect(onlyRefused == 1)
        #expect(try await awaiting { log.auditEntries(AuditQuery(limit: 10), completion: $0) }.entries.count == 5)

        let deleted = try await awaiting { log.deleteAuditEntries(before: epoch.addingTimeInterval(2), action: nil, limit: 200, completion: $0) }
        #expect(deleted == 2)
        #expect(try await awaiting { log.auditEntries(AuditQuery(limit: 10), completion: $0) }.entries.count == 3)
    }
}
