import Foundation
import Synchronization

/// A `ClaimStore` in a dictionary behind a lock: the same rules as the SQLite store, no
/// durability. Every operation answers at once, on the caller's thread. Given a webhook store,
/// it queues `claim.redeemed` there when a redemption is newly made, as the SQL stores do.
public final class InMemoryClaimStore: ClaimStore {
    private struct State {
        /// Claims by token hash, with the code hash pointing at the token hash.
        var claims: [[UInt8]: Claim] = [:]
        var tokenHashByCodeHash: [[UInt8]: [UInt8]] = [:]

        func tokenHash(for key: ClaimKey) -> [UInt8] {
            switch key {
            case .token(let token): return token.hash
            case .code(let code): return tokenHashByCodeHash[code.hash] ?? []
            }
        }
    }

    private let state = Mutex(State())
    private let webhooks: InMemoryWebhookStore?

    public init(webhooks: InMemoryWebhookStore? = nil) {
        self.webhooks = webhooks
    }

    public func createClaim(_ claim: Claim, completion: @escaping ClaimCompletion<Void>) {
        let result: Result<Void, ClaimStoreError> = state.withLock { state in
            guard state.claims[claim.tokenHash] == nil, state.tokenHashByCodeHash[claim.codeHash] == nil else {
                return .failure(.exists)
            }
            var stored = claim
            stored.redemption = nil
            state.claims[claim.tokenHash] = stored
            state.tokenHashByCodeHash[claim.codeHash] = claim.tokenHash
            return .success(())
        }
        completion(result)
    }

    public func claim(_ key: ClaimKey, completion: @escaping ClaimCompletion<Claim?>) {
        let found = state.withLock { $0.claims[$0.tokenHash(for: key)] }
        completion(.success(found))
    }

    public func redeemClaim(_ key: ClaimKey, install: UUID, source: ClaimSource, at now: Date,
                            completion: @escaping ClaimCompletion<ClaimRedemptionOutcome>) {
        let outcome: ClaimRedemptionOutcome = state.withLock { state in
            let tokenHash = state.tokenHash(for: key)
            guard let claim = state.claims[tokenHash] else { return .unknown }
            switch claim.redemptionDecision(by: key, install: install, source: source, at: now) {
            case .redeem(let redeemed):
                state.claims[tokenHash] = redeemed
                webhooks?.publish(.claimRedeemed(redeemed))
                return .redeemed(redeemed)
            case .answerAgain(let stored):
                return .redeemed(stored)
            case .refuse(let refusal):
                return refusal
            }
        }
        completion(.success(outcome))
    }

    public func deleteExpiredClaims(expiredBefore cutoff: Date, limit: Int, completion: @escaping ClaimCompletion<Int>) {
        let deleted: Int = state.withLock { state in
            let expired = state.claims.values.filter { $0.expiresAt < cutoff }
                .sorted { $0.expiresAt < $1.expiresAt }.prefix(max(0, limit))
            for claim in expired {
                state.claims[claim.tokenHash] = nil
                state.tokenHashByCodeHash[claim.codeHash] = nil
            }
            return expired.count
        }
        completion(.success(deleted))
    }
}
