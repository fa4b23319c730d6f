import Foundation
import SceneLinkCore

/// Claims in the same file, through the same writer and readers as scene state: a claim made
/// and a redemption are acknowledged after their group commit (WAL, `synchronous=FULL`), so
/// the claim a link page hands out survives a crash; lookups run on the reader pool.
extension SQLiteSceneStateStore: ClaimStore {
    public func createClaim(_ claim: Claim, completion: @escaping ClaimCompletion<Void>) {
        // One INSERT: a taken id fails that statement alone, without a savepoint.
        writeClaims(completion, isOneStatement: true) { writes in try writes.create(claim) }
    }

    public func claim(_ key: ClaimKey, completion: @escaping ClaimCompletion<Claim?>) {
        read({ completion($0.mapError(Self.claimError)) }) { statements throws(SQLiteError) in try statements.claims.claim(key) }
    }

    public func redeemClaim(_ key: ClaimKey, install: UUID, source: ClaimSource, at now: Date,
                            completion: @escaping ClaimCompletion<ClaimRedemptionOutcome>) {
        writeClaims(completion) { writes in .success(try writes.redeem(key, install: install, source: source, at: now)) }
    }

    public func deleteExpiredClaims(expiredBefore cutoff: Date, limit: Int, completion: @escaping ClaimCompletion<Int>) {
        writeClaims(completion) { writes in .success(try writes.deleteExpired(before: cutoff, limit: limit)) }
    }

    public func expiredClaims(days: ClosedRange<Int64>, completion: @escaping ClaimCompletion<[Int64: Int64]>) {
        read({ completion($0.mapError(Self.claimError)) }) { statements throws(SQLiteError) in try statements.claims.expiries(days: days) }
    }

    /// Queues a claim write; `body` answers a refusal (a taken id) as a value.
    private func writeClaims<T: Sendable>(
        _ completion: @escaping ClaimCompletion<T>,
        isOneStatement: Bool = false,
        _ body: @escaping @Sendable (ClaimWrites) throws -> Result<T, ClaimStoreError>
    ) {
        write({ (result: Result<Result<T, ClaimStoreError>, SceneStateStoreError>) in
            switch result {
            case .success(let answer): completion(answer)
            case .failure(let error): completion(.failure(Self.claimError(error)))
            }
        }, isOneStatement: isOneStatement) { context in try body(context.claims) }
    }

    /// The claim failure for a failure of the shared plumbing (closed, or storage).
    private static func claimError(_ error: SceneStateStoreError) -> ClaimStoreError {
        if case .failure(let failure) = error { return .failure(failure) }
        return .failure(.storage(message: error.description))
    }
}
