import Foundation

/// How an idempotency store answers: once, with the result or the failure.
public typealias IdempotencyCompletion<Value> = @Sendable (Result<Value, StoreFailure>) -> Void

/// The `Idempotency-Key` records of creates that are safe to retry (`POST /v1/sessions`,
/// `/v1/short-links`, `/v1/webhooks`). `SQLiteSceneStateStore` and `PostgresSceneStateStore`
/// keep them beside what they create, so they outlive a restart and are shared by instances;
/// `InMemoryIdempotencyStore` is the fake.
///
/// A create with a key first `begin`s (which holds the key for the request until its lease
/// ends), then creates with its `IdempotencyRecord` (`createSession(_:recording:…)`, …), which the
/// store writes in the create's own transaction. A create that fails for sure `release`s the
/// key; one whose commit is in doubt keeps it held until the lease ends, when the record shows
/// whether it landed.
public protocol IdempotencyStore: Sendable {
    /// Looks the key up and holds it for this request if it is free (new, expired at
    /// `expiredBefore`, or held past its lease by an abandoned attempt with the same body).
    func beginIdempotentRequest(keyHash: [UInt8], fingerprint: [UInt8], now: Date, leaseUntil: Date, expiredBefore: Date,
                                completion: @escaping IdempotencyCompletion<IdempotencyBegin>)
    /// Lets go of a key held by `begin` whose request created nothing (a finished record stays).
    func releaseIdempotentRequest(keyHash: [UInt8], completion: @escaping IdempotencyCompletion<Void>)
    /// Deletes up to `limit` records first used before `createdBefore`; answers how many.
    func deleteExpiredIdempotencyKeys(createdBefore: Date, limit: Int, completion: @escaping IdempotencyCompletion<Int>)
}
