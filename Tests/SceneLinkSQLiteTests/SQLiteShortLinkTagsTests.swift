import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkSQLite

/// Migration 12 (titles, revisions, `short_link_tags`) and the plans of the filtered listing.
@Suite struct SQLiteShortLinkTagsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Links made before migration 12 keep their target and clicks, start at revision 1 with no
    /// title or tags, and take changes like new ones.
    @Test func linksMadeBeforeTitlesAndTagsAreKeptAtRevisionOne() async throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        do {
            let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
            for migration in Schema.migrations.prefix(10) { try connection.execute(migration) }
            try connection.execute("PRAGMA user_version = 10")
            let code = try ShortCode("before")
            try connection.prepare("""
                INSERT INTO short_links (code_hash, code, link, created_at, clicks, route)
                VALUES (?1, 'before', 'fuelmoney://settings/account', ?2, 7, 'settings.account')
                """).run(.blob(code.hash), .integer(Self.now.millisecondsSince1970))
        }
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let code = try ShortCode("before")
        let old = try #require(try await awaiting { store.shortLink(code: code, countingClickAt: nil, completion: $0) })
        #expect(old.clicks == 7 && old.revision == 1 && old.title == nil && old.tags.isEmpty)
        var change = old
        change.tags = [try ShortLinkTag("legacy")]
        let changed = try await awaiting { store.updateShortLink(change, expectedRevision: 1, at: Self.now, completion: $0) }
        #expect(changed.revision == 2 && changed.clicks == 7)
        let tagged = try await awaiting {
            store.shortLinks(after: nil, limit: 10, filter: ShortLinkFilter(tag: try ShortLinkTag("legacy")), completion: $0)
        }
        #expect(tagged.links.map(\.code) == [code])
    }

    /// A tag's page is found through `short_link_tags_by_tag` in sequence order (no sort, no scan
    /// of the links), and a text's page walks the links by their primary key (no sort).
    @Test func theFilteredListingsUseTheirIndexes() throws {
        let path = SQLiteTestFiles.temporaryPath()
        defer { SQLiteTestFiles.remove(path) }
        try SQLiteSceneStateStore(path: path).close()
        let connection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: 100)
        func plan(_ sql: String) throws -> String {
            let statement = try connection.prepare("EXPLAIN QUERY PLAN " + sql)
            var details: [String] = []
            while try statement.step() { details.append(statement.text(at: 3)) }
            return details.joined(separator: "; ")
        }
        for text in [false, true] {
            let byTag = try plan(ShortLinkReads.pageSQL(tag: true, text: text))
            #expect(byTag.contains("USING COVERING INDEX short_link_tags_by_tag (tag=? AND sequence>?)"), "\(byTag)")
            #expect(!byTag.contains("TEMP B-TREE"), "\(byTag)")
            let all = try plan(ShortLinkReads.pageSQL(tag: false, text: text))
            #expect(all.contains("USING INTEGER PRIMARY KEY (rowid>?)"), "\(all)")
            #expect(!all.contains("TEMP B-TREE"), "\(all)")
        }
    }
}
