import Foundation
import SceneLinkCore

/// The `Idempotency-Key` records on the writer connection (`SQLiteSceneStateStore+Idempotency`):
/// each method runs inside the writer's batch transaction, so a begin reads and holds a key in
/// one step, and a create writes its record in its own savepoint with what it creates.
final class IdempotencyWrites {
    private let connection: Connection
    private let select, hold, finish, release, deleteExpired: Statement

    init(connection: Connection) throws(SQLiteError) {
        self.connection = connection
        select = try connection.prepare(
            "SELECT fingerprint, created_at, lease_until, status, location, answer FROM idempotency_keys WHERE key_hash = ?1")
        hold = try connection.prepare("""
            INSERT INTO idempotency_keys (key_hash, fingerprint, created_at, lease_until) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (key_hash) DO UPDATE SET fingerprint = excluded.fingerprint, created_at = excluded.created_at,
                lease_until = excluded.lease_until, status = NULL, location = NULL, answer = NULL
            """)
        finish = try connection.prepare("""
            INSERT INTO idempotency_keys (key_hash, fingerprint, created_at, lease_until, status, location, answer)
            VALUES (?1, ?2, ?3, NULL, ?4, ?5, ?6)
            ON CONFLICT (key_hash) DO UPDATE SET lease_until = NULL, status = excluded.status, location = excluded.location,
                answer = excluded.answer
            """)
        release = try connection.prepare("DELETE FROM idempotency_keys WHERE key_hash = ?1 AND status IS NULL")
        deleteExpired = try connection.prepare("""
            DELETE FROM idempotency_keys WHERE key_hash IN
                (SELECT key_hash FROM idempotency_keys WHERE created_at <= ?1 ORDER BY created_at LIMIT ?2)
            """)
    }

    /// `IdempotencyStore.beginIdempotentRequest`, read and held in one step.
    func begin(keyHash: [UInt8], fingerprint: [UInt8], now: Date, leaseUntil: Date,
               expiredBefore: Date) throws(SQLiteError) -> IdempotencyBegin {
        select.reset()
        defer { select.reset() }
        try select.bind(.blob(keyHash))
        if try select.step(), select.int64(at: 1) > expiredBefore.millisecondsSince1970 {
            guard select.blob(at: 0) == fingerprint else { return .mismatch }
            if !select.isNull(at: 3) {
                return .replay(status: Int(select.int64(at: 3)), location: select.isNull(at: 4) ? nil : select.text(at: 4),
                               sealedBody: select.blob(at: 5))
            }
            let held = select.isNull(at: 2) ? 0 : select.int64(at: 2)
            if held > now.millisecondsSince1970 { return .inFlight(until: Date(millisecondsSince1970: held)) }
            // Abandoned past its lease with the same body: taken over, first use kept.
            let firstUse = Date(millisecondsSince1970: select.int64(at: 1))
            select.reset()
            try hold.run(.blob(keyHash), .blob(fingerprint), .integer(firstUse.millisecondsSince1970),
                         .integer(leaseUntil.millisecondsSince1970))
            return .proceed
        }
        select.reset()
        try hold.run(.blob(keyHash), .blob(fingerprint), .integer(now.millisecondsSince1970), .integer(leaseUntil.millisecondsSince1970))
        return .proceed
    }

    /// Writes a finished create's record (inside the create's savepoint).
    func record(_ record: IdempotencyRecord) throws(SQLiteError) {
        try finish.run(.blob(record.keyHash), .blob(record.fingerprint), .integer(record.createdAt.millisecondsSince1970),
                       .integer(Int64(record.status)), record.location.map { .text($0) } ?? .null, .blob(record.sealedBody))
    }

    func release(keyHash: [UInt8]) throws(SQLiteError) {
        try release.run(.blob(keyHash))
    }

    func deleteExpired(createdBefore: Date, limit: Int) throws(SQLiteError) -> Int {
        try deleteExpired.run(.integer(createdBefore.millisecondsSince1970), .integer(Int64(limit)))
        return connection.changes
    }
}
