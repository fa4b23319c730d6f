import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkPostgres

/// Two stores on one schema stand for two SceneLink instances on one database: what one
/// writes, the other must answer as if it had no cache.
@Suite(.enabled(if: TestDatabase.isAvailable, "set SCENELINK_TEST_POSTGRES to a test database"))
struct PostgresSceneStateStoreTests {
    @Test func aSessionDeletedThroughAnotherInstanceIsNotFoundByItsNextStatement() async throws {
        let instances = try TwoInstances()
        defer { instances.tearDown() }
        let (a, b) = (instances.first, instances.second)
        let session = TwoInstances.session(expiresAt: Date().addingTimeInterval(3600))
        let main = try SceneID("main"), path = try ValueKey("path")
        try await awaiting { a.createSession(session, completion: $0) }
        try await awaiting { a.putValue(TwoInstances.content, session: session.id, scene: main, key: path,
                                        precondition: .none, limits: .default, completion: $0) }
        // `a` authenticates (and caches) the session, then `b` deletes it.
        #expect(try await awaiting { a.session(id: session.id, completion: $0) } == session)
        #expect(try await awaiting { b.deleteSession(id: session.id, completion: $0) })

        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await awaiting { a.value(session: session.id, scene: main, key: path, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await awaiting { a.scene(session: session.id, scene: main, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await awaiting { a.scenes(session: session.id, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await awaiting { a.putValue(TwoInstances.content, session: session.id, scene: main, key: path,
                                            precondition: .none, limits: .default, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await awaiting { a.deleteValue(session: session.id, scene: main, key: path, precondition: .none, completion: $0) }
        }
        await #expect(throws: SceneStateStoreError.sessionNotFound) {
            try await awaiting { a.deleteScene(session: session.id, scene: main, precondition: .none, completion: $0) }
        }
        // Found gone, the session is forgotten: `a` now answers as an instance without the cache.
        #expect(try await awaiting { a.session(id: session.id, completion: $0) } == nil)
    }

    @Test func aLiveSessionWithoutValuesReadsAsEmptyNotAsMissing() async throws {
        let instances = try TwoInstances()
        defer { instances.tearDown() }
        let store = instances.first
        let session = TwoInstances.session(expiresAt: Date().addingTimeInterval(3600))
        try await awaiting { store.createSession(session, completion: $0) }
        let main = try SceneID("main")
        let path = try ValueKey("path")
        #expect(try await awaiting { store.value(session: session.id, scene: main, key: path, completion: $0) } == nil)
        #expect(try await awaiting { store.scene(session: session.id, scene: main, completion: $0) } == nil)
        #expect(try await awaiting { store.scenes(session: session.id, completion: $0) }.isEmpty)
        #expect(try await awaiting { store.deleteScene(session: session.id, scene: main, precondition: .none, completion: $0) } == false)
    }

    @Test func aCachedSessionThatLooksExpiredIsReadAgainSoAnotherInstancesRefreshCounts() async throws {
        let instances = try TwoInstances()
        defer { instances.tearDown() }
        let (a, b) = (instances.first, instances.second)
        let session = TwoInstances.session(expiresAt: Date().addingTimeInterval(-10))
        try await awaiting { a.createSession(session, completion: $0) }
        #expect(try await awaiting { a.session(id: session.id, completion: $0) }?.expiresAt == session.expiresAt)
        let later = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded())
        try await awaiting { b.refreshSession(id: session.id, expiresAt: later, completion: $0) }
        #expect(try await awaiting { a.session(id: session.id, completion: $0) }?.expiresAt == later)
    }

    @Test func aRefreshThroughThisInstanceIsSeenAtOnce() async throws {
        let instances = try TwoInstances()
        defer { instances.tearDown() }
        let store = instances.first
        let session = TwoInstances.session(expiresAt: Date().addingTimeInterval(60))
        try await awaiting { store.createSession(session, completion: $0) }
        _ = try await awaiting { store.session(id: session.id, completion: $0) }
        let later = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 7200).rounded())
        try await awaiting { store.refreshSession(id: session.id, expiresAt: later, completion: $0) }
        #expect(try await awaiting { store.session(id: session.id, completion: $0) }?.expiresAt == later)
    }
}

/// Two stores on one fresh schema of the test database.
struct TwoInstances {
    static let content = ValueContent(bytes: Array(#"["FuelMoney.HomePath","2"]"#.utf8), contentType: "application/json")

    let first: PostgresSceneStateStore
    let second: PostgresSceneStateStore
    private let url: String
    private let schema: String

    init() throws {
        url = try #require(TestDatabase.url)
        schema = TestDatabase.uniqueName()
        first = try PostgresSceneStateStore(url: url, configuration: .init(connectionCount: 1, schema: schema))
        second = try PostgresSceneStateStore(url: url, configuration: .init(connectionCount: 1, schema: schema))
    }

    func tearDown() {
        first.close()
        second.close()
        try? PostgresSceneStateStore.dropSchema(schema, url: url)
    }

    /// A new session expiring at `expiresAt` (whole milliseconds, as the database keeps them).
    static func session(expiresAt: Date) -> SessionRecord {
        let whole = Date(timeIntervalSince1970: (expiresAt.timeIntervalSince1970 * 1000).rounded() / 1000)
        return SessionRecord(id: .random(), tokenHash: SessionToken.random().hash,
                             createdAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: whole)
    }
}
