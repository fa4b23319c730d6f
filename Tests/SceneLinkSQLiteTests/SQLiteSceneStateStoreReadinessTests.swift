import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

@Suite struct SQLiteSceneStateStoreReadinessTests {
    @Test func anOpenStoreIsWritableAndAClosedOneIsNot() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path)
        try await awaiting { store.checkWritable(completion: $0) }
        #expect(store.commitStatistics.commits == 1)
        try store.close()
        await #expect(throws: SceneStateStoreError.failure(.closed)) { try await awaiting { store.checkWritable(completion: $0) } }
    }

    @Test func revisionsContinueAfterReopening() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let (session, _) = makeSession()
        var lastRevision: Int64 = 0
        do {
            let store = try SQLiteSceneStateStore(path: path)
            try await awaiting { store.createSession(session, completion: $0) }
            let saved = try await awaiting { try store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                                                precondition: .none, limits: .default, completion: $0) }
            _ = try await awaiting { try store.deleteValue(session: session.id, scene: scene("m"), key: key("k"), precondition: .none, completion: $0) }
            lastRevision = saved.value.revision + 1
            try store.close()
        }
        let reopened = try SQLiteSceneStateStore(path: path)
        defer { try? reopened.close() }
        let again = try await awaiting { try reopened.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                                               precondition: .none, limits: .default, completion: $0) }
        #expect(again.value.revision > lastRevision)
    }
}
