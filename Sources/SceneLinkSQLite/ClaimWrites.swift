import CSQLite
import Foundation
import SceneLinkCore

/// The claim writes, prepared once on the writer connection. Each runs inside the writer's
/// batch transaction and savepoint, like the scene-state writes, so a redemption's read and
/// write see no other write between them, and its `claim.redeemed` event is queued in that
/// same transaction.
final class ClaimWrites {
    private let connection: Connection
    private let reads: ClaimReads
    private let webhooks: WebhookWrites
    private let insert, redeem, countExpired, deleteExpired: Statement

    init(connection: Connection, webhooks: WebhookWrites) throws(SQLiteError) {
        self.connection = connection
        self.webhooks = webhooks
        reads = try ClaimReads(connection: connection)
        insert = try connection.prepare("""
            INSERT INTO claims (id, secret_hash, link, created_at, expires_at, code_expires_at, route, short_link)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        redeem = try connection.prepare("""
            UPDATE claims SET redeemed_install = ?2, redeemed_source = ?3, redeemed_at = ?4
            WHERE id = ?1 AND redeemed_install IS NULL
            """)
        // Both read the same batch (the order is total: expiry, then id) in one transaction: the
        // unredeemed ones are counted per UTC day of expiry, then the batch is deleted.
        countExpired = try connection.prepare("""
            INSERT INTO claim_expiries (day, expired)
            SELECT expires_at / 86400000, count(*) FROM
                (SELECT expires_at, redeemed_install FROM claims WHERE expires_at < ?1 ORDER BY expires_at, id LIMIT ?2)
            WHERE redeemed_install IS NULL GROUP BY expires_at / 86400000
            ON CONFLICT (day) DO UPDATE SET expired = expired + excluded.expired
            """)
        deleteExpired = try connection.prepare("""
            DELETE FROM claims WHERE id IN
                (SELECT id FROM claims WHERE expires_at < ?1 ORDER BY expires_at, id LIMIT ?2)
            """)
    }

    /// Inserts an unredeemed claim; `.exists` when its id is taken.
    func create(_ claim: Claim) throws(SQLiteError) -> Result<Void, ClaimStoreError> {
        do throws(SQLiteError) {
            try insert.run(.integer(claim.id), .blob(claim.secretHash), .text(claim.link),
                           .integer(claim.createdAt.millisecondsSince1970), .integer(claim.expiresAt.millisecondsSince1970),
                           .integer(claim.codeExpiresAt.millisecondsSince1970), claim.route.map { .text($0) } ?? .null,
                           claim.shortLink.map { .text($0.rawValue) } ?? .null)
        } catch {
            if error.primaryCode == SQLITE_CONSTRAINT { return .failure(.exists) }
            throw error
        }
        return .success(())
    }

    /// Applies `Claim.redemptionDecision` to the stored claim; a new redemption queues
    /// `claim.redeemed` (a retry by the same install and a refusal queue nothing).
    func redeem(_ key: ClaimKey, install: UUID, source: ClaimSource, at now: Date) throws(SQLiteError) -> ClaimRedemptionOutcome {
        guard let claim = try reads.claim(key) else { return .unknown }
        switch claim.redemptionDecision(by: key, install: install, source: source, at: now) {
        case .redeem(let redeemed):
            try redeem.run(.integer(claim.id), .text(install.uuidString), .text(source.rawValue),
                           .integer(now.millisecondsSince1970))
            try webhooks.publish(.claimRedeemed) { .claimRedeemed(redeemed) }
            return .redeemed(redeemed)
        case .answerAgain(let stored):
            return .redeemedBefore(stored)
        case .refuse(let refusal):
            return refusal
        }
    }

    /// Counts the batch's unredeemed claims per UTC day of expiry, then deletes the batch.
    func deleteExpired(before cutoff: Date, limit: Int) throws(SQLiteError) -> Int {
        try countExpired.run(.integer(cutoff.millisecondsSince1970), .integer(Int64(max(0, limit))))
        try deleteExpired.run(.integer(cutoff.millisecondsSince1970), .integer(Int64(max(0, limit))))
        return connection.changes
    }
}
