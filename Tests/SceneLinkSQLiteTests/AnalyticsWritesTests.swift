import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// A purge of a link's analytics overwrites what it deletes (`secure_delete` on the writer).
@Suite struct AnalyticsWritesTests {
    static let purged = "link:purged-QX7Z"
    static let kept = "link:kept-W3RT"

    /// 200 hours of visits and referrers for each of two scopes, interleaved, enough for several pages per table.
    static var batch: AnalyticsBatch {
        var batch = AnalyticsBatch()
        for hour in 0..<200 as Range<Int64> {
            for scope in [purged, kept] {
                batch.visits.append(.init(scope: scope, bucket: hour * 4, counts: AnalyticsCounts(human: 1)))
                batch.marginals.append(.init(scope: scope, hour: hour, dimension: .referrer, value: "news.example", count: 1))
            }
        }
        return batch
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test("a purge through the store leaves no copy of the scope in the file; the other scope's rows stay")
    func purgeOverwritesWhatItDeletes() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        let store = try SQLiteSceneStateStore(path: path)
        try await awaiting { store.recordAnalytics(Self.batch, completion: $0) }
        let setting = try await awaiting { completion in
            store.write(completion) { context in try context.connection.scalarText("PRAGMA secure_delete") }
        }
        #expect(setting == "1")
        #expect(try await awaiting { store.deleteAnalytics(scope: Self.purged, completion: $0) } > 0)
        try store.close()   // checkpoints and truncates the WAL
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(!Self.contains(bytes, Self.purged))
        #expect(Self.contains(bytes, Self.kept))
    }

    @Test("with secure_delete off, the same rows deleted leave their bytes in the file (what the store must not do)")
    func withoutSecureDeleteTheBytesStay() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        do {
            let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            try connection.execute("PRAGMA secure_delete = OFF")
            let writes = try AnalyticsWrites(connection: connection)
            try connection.execute("BEGIN")
            try writes.record(Self.batch)
            try connection.execute("COMMIT")
            try connection.execute("BEGIN")
            #expect(try writes.delete(scope: Self.purged) > 0)
            try connection.execute("COMMIT")
            _ = try connection.scalarText("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Self.contains(bytes, Self.purged))
    }
}
