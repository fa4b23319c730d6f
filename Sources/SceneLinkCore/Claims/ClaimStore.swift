import Foundation

/// How a claim store answers an operation: once, with the result or the failure.
public typealias ClaimCompletion<Value> = @Sendable (Result<Value, ClaimStoreError>) -> Void

/// Where claims live: `SQLiteSceneStateStore` and `PostgresSceneStateStore` keep them beside
/// scene state (their own table and migration), `InMemoryClaimStore` is the fake tests use.
///
/// - Every operation answers through its `completion`, exactly once.
/// - Creating and redeeming are acknowledged only once durable.
/// - Claims are looked up by id: a token carries it, and a code is it encrypted with the key
///   the store keeps (`claimCodes`).
/// - The store knows nothing of clocks: callers pass instants; what a redemption does is
///   `Claim.redemptionDecision`, applied inside the store's transaction.
public protocol ClaimStore: Sendable {
    /// Makes codes from claim ids and reads them back, with the key this store made when it was
    /// first opened and keeps: every instance on the database, and every restart, uses the same.
    var claimCodes: ClaimCodeCipher { get }

    /// Stores a new, unredeemed claim. Fails with `.exists` when its id is taken.
    func createClaim(_ claim: Claim, completion: @escaping ClaimCompletion<Void>)

    /// The claim with this key, expired or not; nil when none is stored.
    func claim(_ key: ClaimKey, completion: @escaping ClaimCompletion<Claim?>)

    /// Redeems the claim with this key for `install` at `now` (see `Claim.redemptionDecision`).
    func redeemClaim(_ key: ClaimKey, install: UUID, source: ClaimSource, at now: Date,
                     completion: @escaping ClaimCompletion<ClaimRedemptionOutcome>)

    /// Deletes at most `limit` claims that expired before `cutoff` (earliest expiry first),
    /// redeemed or not, and in the same transaction adds the unredeemed ones to the count of
    /// claims expired on the UTC day of their expiry (`expiredClaims`). Answers how many were
    /// deleted; call again while it answers `limit`.
    func deleteExpiredClaims(expiredBefore cutoff: Date, limit: Int, completion: @escaping ClaimCompletion<Int>)

    /// How many claims expired unredeemed on each UTC day of `days` (day numbers since 1970), as
    /// the sweep counted them; days without any are left out.
    func expiredClaims(days: ClosedRange<Int64>, completion: @escaping ClaimCompletion<[Int64: Int64]>)
}
