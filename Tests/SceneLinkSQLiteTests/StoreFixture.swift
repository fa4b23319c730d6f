import Testing
import Foundation
import SceneLinkCore
@testable import SceneLinkSQLite

/// The stores the behaviour tests run against: the same list for the real store (on a
/// temporary file and on `:memory:`) and the in-memory fake. Another store (PostgreSQL) joins
/// every behaviour test as one more case here and one more branch in `StoreFixture.init`.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqliteFile
    case sqliteMemory
    case inMemoryFake

    var testDescription: String { rawValue }
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
        }
    }

    func tearDown() { close() }

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
