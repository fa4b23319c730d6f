import Testing
import Foundation
import SceneLinkCore
@testable import SceneLinkPostgres
@testable import SceneLinkSQLite

/// The stores the behaviour tests run against: the same list for the real store (on a
/// temporary file and on `:memory:`), the in-memory fake, and PostgreSQL when
/// `SCENELINK_TEST_POSTGRES` names a test database (`postgres://scenelink@127.0.0.1:54329/scenelink`,
/// as `scripts/postgres.sh start` prints). Without it the PostgreSQL case is left out of the
/// arguments, so no test fails for want of a server; `.ci/run` always sets it.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqliteFile
    case sqliteMemory
    case inMemoryFake
    case postgres

    static var allCases: [StoreKind] {
        [.sqliteFile, .sqliteMemory, .inMemoryFake] + (PostgresTestDatabase.url == nil ? [] : [.postgres])
    }

    var testDescription: String { rawValue }
}

/// The PostgreSQL database tests may use, and a fresh schema in it per store so that tests
/// running in parallel never see each other's rows.
enum PostgresTestDatabase {
    static var url: String? {
        ProcessInfo.processInfo.environment["SCENELINK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func uniqueSchema() -> String {
        "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}

/// A store under test and what to clean up afterwards.
struct StoreFixture {
    let store: any SceneStateStore
    private let close: () -> Void

    init(_ kind: StoreKind) throws {
        switch kind {
        case .sqliteFile:
            let path = StoreFixture.temporaryPath()
            let sqlite = try SQLiteSceneStateStore(path: path)
            store = sqlite
            close = {
                try? sqlite.close()
                StoreFixture.remove(path)
            }
        case .sqliteMemory:
            let sqlite = try SQLiteSceneStateStore(path: ":memory:")
            store = sqlite
            close = { try? sqlite.close() }
        case .inMemoryFake:
            store = InMemorySceneStateStore()
            close = {}
        case .postgres:
            let url = try #require(PostgresTestDatabase.url)
            let schema = PostgresTestDatabase.uniqueSchema()
            let postgres = try PostgresSceneStateStore(url: url, configuration: .init(connectionCount: 2, schema: schema))
            store = postgres
            close = {
                postgres.close()
                try? PostgresSceneStateStore.dropSchema(schema, url: url)
            }
        }
    }

    func tearDown() { close() }

    /// A real store lacking a protocol that a fixture needs.
    struct MissingConformance: Error, CustomStringConvertible {
        let kind: StoreKind
        let conformance: String
        var description: String { "The \(kind.rawValue) store does not implement \(conformance)." }
    }

    /// The store as `Store` (a composition of the store protocols a fixture needs); when it is
    /// not one, tears the fixture down and throws `MissingConformance`.
    func store<Store>(as type: Store.Type, kind: StoreKind) throws -> Store {
        guard let typed = store as? Store else {
            tearDown()
            throw MissingConformance(kind: kind, conformance: "\(type)")
        }
        return typed
    }

    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "scenelink-test-\(UUID().uuidString).sqlite"
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

let epoch = Date(timeIntervalSince1970: 1_800_000_000)

func makeSession(expiresIn seconds: TimeInterval = 3600, now: Date = epoch) -> (SessionRecord, SessionToken) {
    let token = SessionToken.random()
    return (SessionRecord(id: .random(), tokenHash: token.hash, createdAt: now,
                          expiresAt: now.addingTimeInterval(seconds)), token)
}

func content(_ text: String, type: String = "application/json") -> ValueContent {
    ValueContent(bytes: Array(text.utf8), contentType: type)
}

func scene(_ raw: String) throws -> SceneID { try SceneID(raw) }
func key(_ raw: String) throws -> ValueKey { try ValueKey(raw) }
