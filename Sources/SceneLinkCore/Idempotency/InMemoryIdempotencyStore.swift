import Foundation
import Synchronization

/// An `IdempotencyStore` in a dictionary behind a lock: the same rules as the SQL stores, no
/// durability. The in-memory stores given one write their creates' records into it
/// (`record(_:)`). Answers at once, on the caller's thread.
public final class InMemoryIdempotencyStore: IdempotencyStore {
    private struct Row {
        var fingerprint: [UInt8]
        var createdAt: Date
        var leaseUntil: Date?
        var finished: IdempotencyRecord?
    }

    private let rows = Mutex<[[UInt8]: Row]>([:])

    public init() {}

    public func beginIdempotentRequest(keyHash: [UInt8], fingerprint: [UInt8], now: Date, leaseUntil: Date, expiredBefore: Date,
                                       completion: @escaping IdempotencyCompletion<IdempotencyBegin>) {
        let begun: IdempotencyBegin = rows.withLock { rows in
            let fresh = Row(fingerprint: fingerprint, createdAt: now, leaseUntil: leaseUntil)
            guard let row = rows[keyHash], row.createdAt > expiredBefore else {
                rows[keyHash] = fresh
                return .proceed
            }
            guard row.fingerprint == fingerprint else { return .mismatch }
            if let finished = row.finished {
                return .replay(status: finished.status, location: finished.location, sealedBody: finished.sealedBody)
            }
            if let held = row.leaseUntil, held > now { return .inFlight(until: held) }
            rows[keyHash]?.leaseUntil = leaseUntil
            return .proceed
        }
        completion(.success(begun))
    }

    public func releaseIdempotentRequest(keyHash: [UInt8], completion: @escaping IdempotencyCompletion<Void>) {
        rows.withLock { rows in
            if rows[keyHash]?.finished == nil { rows[keyHash] = nil }
        }
        completion(.success(()))
    }

    public func deleteExpiredIdempotencyKeys(createdBefore: Date, limit: Int, completion: @escaping IdempotencyCompletion<Int>) {
        let deleted = rows.withLock { rows in
            let expired = rows.filter { $0.value.createdAt <= createdBefore }.keys.prefix(max(0, limit))
            for key in expired { rows[key] = nil }
            return expired.count
        }
        completion(.success(deleted))
    }

    /// Writes a finished create's record, as the SQL stores do in the create's transaction.
    public func record(_ record: IdempotencyRecord) {
        rows.withLock { rows in
            rows[record.keyHash] = Row(fingerprint: record.fingerprint, createdAt: record.createdAt, leaseUntil: nil,
                                       finished: record)
        }
    }
}
