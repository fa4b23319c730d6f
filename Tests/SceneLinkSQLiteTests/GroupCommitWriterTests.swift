import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

@Suite struct GroupCommitWriterTests {
    @Test func concurrentPutsAreAllAcknowledgedStoredAndShareCommits() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path)
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        let writes = 400
        let acknowledged = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<writes {
                group.addTask {
                    _ = try await awaiting { try store.putValue(content("\(index)"), session: session.id, scene: scene("s\(index % 16)"),
                                                                key: key("k\(index)"), precondition: .none,
                                                                limits: SceneStateLimits(maximumKeysPerScene: 1_000), completion: $0) }
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
        let reopened = try SQLiteSceneStateStore(path: path)
        defer { try? reopened.close() }
        #expect(try await awaiting { reopened.counts(completion: $0) }.values == writes)
        for index in stride(from: 0, to: writes, by: 37) {
            let value = try await awaiting { try reopened.value(session: session.id, scene: scene("s\(index % 16)"), key: key("k\(index)"), completion: $0) }
            #expect(value?.bytes == Array("\(index)".utf8))
        }
    }

    @Test func oneFailingWriteInABatchDoesNotAbortTheOthers() async throws {
        let store = try SQLiteSceneStateStore(path: ":memory:")
        defer { try? store.close() }
        let (session, _) = makeSession()
        try await awaiting { store.createSession(session, completion: $0) }
        _ = try await awaiting { try store.putValue(content("taken"), session: session.id, scene: scene("m"), key: key("taken"),
                                                    precondition: .none, limits: .default, completion: $0) }
        // Half of these are create-only writes to an existing key and must fail alone.
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let target = index.isMultiple(of: 2) ? "taken" : "k\(index)"
                    do {
                        _ = try await awaiting { try store.putValue(content("\(index)"), session: session.id, scene: scene("m"),
                                                                    key: key(target), precondition: .ifNoneMatchAny,
                                                                    limits: SceneStateLimits(maximumKeysPerScene: 1_000), completion: $0) }
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
        #expect(try await awaiting { store.counts(completion: $0) }.values == 101)
        #expect(try await awaiting { try store.value(session: session.id, scene: scene("m"), key: key("taken"), completion: $0) }?.bytes == Array("taken".utf8))
    }

    @Test func writesAfterCloseFailWithClosed() async throws {
        let store = try SQLiteSceneStateStore(path: ":memory:")
        try store.close()
        try store.close()
        await #expect(throws: SceneStateStoreError.failure(.closed)) { try await awaiting { store.createSession(makeSession().0, completion: $0) } }
        await #expect(throws: SceneStateStoreError.failure(.closed)) { _ = try await awaiting { store.counts(completion: $0) } }
    }
}
