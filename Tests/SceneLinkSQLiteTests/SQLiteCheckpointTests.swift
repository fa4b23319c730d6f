import Foundation
import SceneLinkCore
import SceneLinkSQLite
import Testing

@Suite struct SQLiteCheckpointTests {
    /// The write-ahead log's size after 400 claims, each in a commit of its own (one after the
    /// other: commits of many claims would write fewer pages), with the writer checkpointing at
    /// `pages`.
    static func logBytes(checkpointingAt pages: Int) async throws -> Int {
        let path = NSTemporaryDirectory() + "scenelink-checkpoint-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteSceneStateStore(path: path, configuration: .init(checkpointPages: pages))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<400 {
            let ticket = ClaimTicket.issue(link: "fuelmoney://settings/account", at: now, lifetime: 3_600, codeLifetime: 600, codes: .random)
            await withCheckedContinuation { continuation in store.createClaim(ticket.claim) { _ in continuation.resume() } }
        }
        let bytes = (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        try store.close()
        return bytes
    }

    @Test func theWriterCopiesTheLogIntoTheFileWhenItReachesTheConfiguredLength() async throws {
        let small = try await Self.logBytes(checkpointingAt: 16)
        let large = try await Self.logBytes(checkpointingAt: 100_000)
        // 400 commits write a few pages each: checkpointing at 16 pages keeps the log to a
        // fraction of that, never checkpointing keeps all of it.
        #expect(small > 0 && small * 4 < large, "log bytes: \(small) checkpointing at 16 pages, \(large) at 100,000")
    }
}
