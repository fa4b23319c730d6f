import Foundation
import SceneLinkCore

/// Idempotency-Key records in the same file, through the same writer: a begin reads and holds
/// a key in one step of the writer's transaction, and a create writes its record in the
/// create's own savepoint (`createSession(_:recording:…)`, …), so both commit or neither does.
extension SQLiteSceneStateStore: IdempotencyStore {
    public func beginIdempotentRequest(keyHash: [UInt8], fingerprint: [UInt8], now: Date, leaseUntil: Date, expiredBefore: Date,
                                       completion: @escaping IdempotencyCompletion<IdempotencyBegin>) {
        writeIdempotency(completion) { try $0.begin(keyHash: keyHash, fingerprint: fingerprint, now: now, leaseUntil: leaseUntil,
                                                    expiredBefore: expiredBefore) }
    }

    public func releaseIdempotentRequest(keyHash: [UInt8], completion: @escaping IdempotencyCompletion<Void>) {
        writeIdempotency(completion) { try $0.release(keyHash: keyHash) }
    }

    public func deleteExpiredIdempotencyKeys(createdBefore: Date, limit: Int, completion: @escaping IdempotencyCompletion<Int>) {
        writeIdempotency(completion) { try $0.deleteExpired(createdBefore: createdBefore, limit: limit) }
    }

    private func writeIdempotency<T: Sendable>(_ completion: @escaping IdempotencyCompletion<T>,
                                               _ body: @escaping @Sendable (IdempotencyWrites) throws -> T) {
        write({ (result: Result<T, SceneStateStoreError>) in
            completion(result.mapError { error in
                if case .failure(let failure) = error { return failure }
                return .storage(message: error.description)
            })
        }) { context in try body(context.idempotency) }
    }
}
