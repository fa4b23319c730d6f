import Foundation
import SceneLinkCore

/// Database files for the SQLite-only tests (the store contract suite, which runs on every store,
/// has its own fixtures in `SceneLinkStoreContractTests`).
enum SQLiteTestFiles {
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
