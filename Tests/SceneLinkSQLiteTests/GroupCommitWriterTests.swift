import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

@Suite struct GroupCommitWriterTests {
    @Test func concurrentPutsAreAllAcknowledgedStoredAndShareCommits() async throws {
        let path = StoreFixture.temporaryPath()
        defer { StoreFixture.remove(path) }
        let store = try SQLiteSceneStateStore(path: path, configuration: .init(sweepInterval: nil))
        let (session, _) = makeSession()
        try await store.createSession(session)
        let writes = 400
        let acknowledged = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<writes {
                group.addTask {
                    _ = try await store.putValue(content("\(index)"), session: session.id, scene: scene("s\(index % 16)"),
                                                 key: key("k\(index)"), precondition: .none,
                                                 limits: SceneStateLimits(maximumKeysPerScene: 1_000))
                    return index
                }
            }
            var done: [Int] = []
            for try await index in group { done.append(index) }
            return done
        }
        #expect(acknowledged.count == writes)
        let statistics = store.commitStatistics
        #expect(statistics.writes == writes + 1)
        #expect(statistics.largestBatch > 1, "expected writes arriving during a commit to share the next one")
        #expect(statistics.commits < statistics.writes)
        #expect(statistics.bucketCounts.reduce(0, +) == statistics.commits)
        try store.close()

        // Everything acknowledged is in the file after reopening.
        let reopened = try SQLiteSceneStateStore(path: path, configuration: .init(sweepInterval: nil))
        defer { try? reopened.close() }
        #expect(try await reopened.counts().values == writes)
        for index in stride(from: 0, to: writes, by: 37) {
            let value = try await reopened.value(session: session.id, scene: scene("s\(index % 16)"), key: key("k\(index)"))
            #expect(value?.bytes == Array("\(index)".utf8))
        }
    }

    @Test func oneFailingWriteInABatchDoesNotAbortTheOthers() async throws {
        let store = try SQLiteSceneStateStore(path: ":memory:", configuration: .init(sweepInterval: nil))
        defer { try? store.close() }
        let (session, _) = makeSession()
        try await store.createSession(session)
        _ = try await store.putValue(content("taken"), session: session.id, scene: scene("m"), key: key("taken"),
                                     precondition: .none, limits: .default)
        // Half of these are create-only writes to an existing key and must fail alone.
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let target = index.isMultiple(of: 2) ? "taken" : "k\(index)"
                    do {
                        _ = try await store.putValue(content("\(index)"), session: session.id, scene: scene("m"),
                                                     key: key(target), precondition: .ifNoneMatchAny,
                                                     limits: SceneStateLimits(maximumKeysPerScene: 1_000))
                        return true
                    } catch {
                        return false
                    }
                }
            }
            var outcomes: [Bool] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(results.filter { $0 }.count == 100)
        #expect(try await store.counts().values == 101)
        #expect(try await store.value(session: session.id, scene: scene("m"), key: key("taken"))?.bytes == Array("taken".utf8))
    }

    @Test func writesAfterCloseFailWithClosed() async throws {
        let store = try SQLiteSceneStateStore(path: ":memory:", configuration: .init(sweepInterval: nil))
        try store.close()
        try store.close()
        await #expect(throws: SceneStateStoreError.closed) { try await store.createSession(makeSession().0) }
        await #expect(throws: SceneStateStoreError.closed) { _ = try await store.counts() }
    }
}
