import Foundation
import SceneLinkCore

/// The analytics writes, prepared once on the writer connection: upserts that add a flush's
/// counts, the purge of one scope, and the compaction (fold and retention).
final class AnalyticsWrites {
    private let connection: Connection
    private let addVisits, addVisitDay, addTotals, addMarginal, addVisitors: Statement
    private let deleteScope: [Statement]
    private let foldHours, deleteHours, deleteVisits, deleteVisitDays, deleteDays, deleteVisitors: Statement

    init(connection: Connection) throws(SQLiteError) {
        self.connection = connection
        addVisits = try connection.prepare("""
            INSERT INTO analytics_visits (scope, bucket, human, qr, preview, bot, claims, installs)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            ON CONFLICT (scope, bucket) DO UPDATE SET human = human + excluded.human, qr = qr + excluded.qr,
                preview = preview + excluded.preview, bot = bot + excluded.bot, claims = claims + excluded.claims,
                installs = installs + excluded.installs
            """)
        addVisitDay = try connection.prepare("""
            INSERT INTO analytics_visit_days (scope, day, human, qr, preview, bot, claims, installs)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            ON CONFLICT (scope, day) DO UPDATE SET human = human + excluded.human, qr = qr + excluded.qr,
                preview = preview + excluded.preview, bot = bot + excluded.bot, claims = claims + excluded.claims,
                installs = installs + excluded.installs
            """)
        addTotals = try connection.prepare("""
            INSERT INTO analytics_totals (scope, human, qr, preview, bot, claims, installs)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (scope) DO UPDATE SET human = human + excluded.human, qr = qr + excluded.qr,
                preview = preview + excluded.preview, bot = bot + excluded.bot, claims = claims + excluded.claims,
                installs = installs + excluded.installs
            """)
        addMarginal = try connection.prepare("""
            INSERT INTO analytics_marginals (scope, dimension, hour, value, visits) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (scope, dimension, hour, value) DO UPDATE SET visits = visits + excluded.visits
            """)
        addVisitors = try connection.prepare("""
            INSERT INTO analytics_visitors (scope, day, visitors) VALUES (?1, ?2, ?3)
            ON CONFLICT (scope, day) DO UPDATE SET visitors = visitors + excluded.visitors
            """)
        var deletes: [Statement] = []
        for (table, _) in AnalyticsTableReceipt.tables {
            // Table names come from this code, not from input.
            deletes.append(try connection.prepare("DELETE FROM \(table) WHERE scope = ?1"))
        }
        deleteScope = deletes
        // The SELECT has a WHERE, so SQLite reads the ON CONFLICT as the upsert, not a join.
        foldHours = try connection.prepare("""
            INSERT INTO analytics_marginal_days (scope, dimension, day, value, visits)
            SELECT scope, dimension, hour / 24, value, sum(visits) FROM analytics_marginals WHERE hour < ?1
            GROUP BY scope, dimension, hour / 24, value
            ON CONFLICT (scope, dimension, day, value) DO UPDATE SET visits = visits + excluded.visits
            """)
        deleteHours = try connection.prepare("DELETE FROM analytics_marginals WHERE hour < ?1")
        deleteVisits = try connection.prepare("DELETE FROM analytics_visits WHERE bucket < ?1")
        deleteVisitDays = try connection.prepare("DELETE FROM analytics_visit_days WHERE day < ?1")
        deleteDays = try connection.prepare("DELETE FROM analytics_marginal_days WHERE day < ?1")
        deleteVisitors = try connection.prepare("DELETE FROM analytics_visitors WHERE day < ?1")
    }

    /// Adds every count of `batch`.
    func record(_ batch: AnalyticsBatch) throws(SQLiteError) {
        for row in batch.visits {
            let counts = row.counts
            try addVisits.run(.text(row.scope), .integer(row.bucket), .integer(counts.human), .integer(counts.qr),
                              .integer(counts.preview), .integer(counts.bot), .integer(counts.claims), .integer(counts.installs))
            try addVisitDay.run(.text(row.scope), .integer(AnalyticsBucket.day(ofBucket: row.bucket)), .integer(counts.human),
                                .integer(counts.qr), .integer(counts.preview), .integer(counts.bot), .integer(counts.claims),
                                .integer(counts.installs))
            try addTotals.run(.text(row.scope), .integer(counts.human), .integer(counts.qr), .integer(counts.preview),
                              .integer(counts.bot), .integer(counts.claims), .integer(counts.installs))
        }
        for row in batch.marginals {
            try addMarginal.run(.text(row.scope), .text(row.dimension.rawValue), .integer(row.hour), .text(row.value),
                                .integer(row.count))
        }
        for row in batch.visitors {
            try addVisitors.run(.text(row.scope), .integer(row.day), .integer(row.count))
        }
    }

    /// Deletes every row of `scope`; answers how many. The writer runs with `secure_delete` on
    /// (`SQLiteSceneStateStore.init`), so what a purge deletes is overwritten in the file, not left
    /// in its free space.
    func delete(scope: String) throws(SQLiteError) -> Int {
        var deleted = 0
        for statement in deleteScope {
            try statement.run(.text(scope))
            deleted += connection.changes
        }
        return deleted
    }

    /// Folds hours before `detailBefore` (a bucket) into days and drops what is older than
    /// `keepFrom` (a bucket); answers the rows changed.
    func compact(detailBefore: Int64, keepFrom: Int64) throws(SQLiteError) -> Int {
        let hour = detailBefore / 4
        let day = AnalyticsBucket.day(ofBucket: keepFrom)
        var changed = 0
        try foldHours.run(.integer(hour))
        try deleteHours.run(.integer(hour))
        changed += connection.changes
        try deleteVisits.run(.integer(keepFrom))
        changed += connection.changes
        try deleteVisitDays.run(.integer(day))
        changed += connection.changes
        try deleteDays.run(.integer(day))
        changed += connection.changes
        try deleteVisitors.run(.integer(day))
        changed += connection.changes
        return changed
    }
}
