import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

@Suite struct SQLiteSceneStateStoreReadinessTests {
    @Test func anOpenStoreIsWritableAndAClosedOneIsNot() async throws {
        let path = StoreFixture.temporaryPath()
        defer { StoreFixture.remove(path) }
        let store = try SQLiteSceneStateStore(path: path, configuration: .init(sweepInterval: nil))
        try await store.checkWritable()
        #expect(store.commitStatistics.commits == 1)
        try store.close()
        await #expect(throws: SceneStateStoreError.closed) { try await store.checkWritable() }
    }

    @Test func revisionsContinueAfterReopening() async throws {
        let path = StoreFixture.temporaryPath()
        defer { StoreFixture.remove(path) }
        let (session, _) = makeSession()
        var lastRevision: Int64 = 0
        do {
            let store = try SQLiteSceneStateStore(path: path, configuration: .init(sweepInterval: nil))
            try await store.createSession(session)
            let saved = try await store.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                                 precondition: .none, limits: .default)
            _ = try await store.deleteValue(session: session.id, scene: scene("m"), key: key("k"), precondition: .none)
            lastRevision = saved.value.revision + 1
            try store.close()
        }
        let reopened = try SQLiteSceneStateStore(path: path, configuration: .init(sweepInterval: nil))
        defer { try? reopened.close() }
        let again = try await reopened.putValue(content("a"), session: session.id, scene: scene("m"), key: key("k"),
                                                precondition: .none, limits: .default)
        #expect(again.value.revision > lastRevision)
    }
}
