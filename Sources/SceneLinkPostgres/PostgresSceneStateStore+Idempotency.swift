import Foundation
import SceneLinkCore

/// Idempotency-Key records in the shared database: a begin is one statement
/// (`PostgresStatement.beginIdempotentRequest`), so instances beginning one key at once cannot
/// both proceed, and a create writes its record in its own statement, so both commit or neither.
extension PostgresSceneStateStore: IdempotencyStore {
    public func beginIdempotentRequest(keyHash: [UInt8], fingerprint: [UInt8], now: Date, leaseUntil: Date, expiredBefore: Date,
                                       completion: @escaping IdempotencyCompletion<IdempotencyBegin>) {
        call(.beginIdempotentRequest, [.bytes(keyHash), .bytes(fingerprint), .int64(Self.milliseconds(now)),
                                       .int64(Self.milliseconds(leaseUntil)), .int64(Self.milliseconds(expiredBefore))],
             kind: .write, lockOrder: Self.lockOrder(idempotency: keyHash), Self.failureOnly(completion)) { rows in
            guard let row = rows.first else { return .inFlight(until: leaseUntil) }
            if try row.int64(0) > 0 { return .proceed }
            // Nothing was taken: the row that was there says why; none means another instance
            // took the key between this statement's snapshot and its insert.
            guard !row.isNull(1) else { return .inFlight(until: leaseUntil) }
            guard try row.bytes(1) == fingerprint else { return .mismatch }
            if let status = try row.int64OrNil(3) {
                return .replay(status: Int(status), location: row.isNull(4) ? nil : try row.text(4), sealedBody: try row.bytes(5))
            }
            return .inFlight(until: try row.int64OrNil(2).map(Self.date) ?? leaseUntil)
        }
    }

    public func releaseIdempotentRequest(keyHash: [UInt8], completion: @escaping IdempotencyCompletion<Void>) {
        call(.releaseIdempotentRequest, [.bytes(keyHash)], kind: .write, lockOrder: Self.lockOrder(idempotency: keyHash),
             Self.failureOnly(completion)) { _ in () }
    }

    public func deleteExpiredIdempotencyKeys(createdBefore: Date, limit: Int, completion: @escaping IdempotencyCompletion<Int>) {
        call(.deleteExpiredIdempotencyKeys, [.int64(Self.milliseconds(createdBefore)), .int64(Int64(max(0, limit)))],
             kind: .write, Self.failureOnly(completion)) { $0.count }
    }

    /// Where a key's writes sort in a group commit.
    private static func lockOrder(idempotency keyHash: [UInt8]) -> String {
        "idempotency " + keyHash.prefix(8).map { String($0, radix: 16) }.joined()
    }

    /// A scene-state completion that answers an idempotency one.
    private static func failureOnly<T>(_ completion: @escaping IdempotencyCompletion<T>) -> SceneStateCompletion<T> {
        { result in
            completion(result.mapError { error in
                if case .failure(let failure) = error { return failure }
                return .storage(message: error.description)
            })
        }
    }
}
