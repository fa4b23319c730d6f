import Foundation
import Synchronization

/// A `ClaimStore` in a dictionary behind a lock: the same rules as the SQLite store, no
/// durability. Every operation answers at once, on the caller's thread. Given a webhook store,
/// it queues `claim.redeemed` there when a redemption is newly made, as the SQL stores do.
public final class InMemoryClaimStore: ClaimStore {
    private struct State {
        /// Claims by id.
        var claims: [Int64: Claim] = [:]
        /// Claims expired unredeemed, by UTC day of expiry.
        var expiries: [Int64: Int64] = [:]

        /// The claim `key` finds, as the real stores find it: a candidate by `key.claimID`,
        /// answered only when `Claim.isFound(by:)`.
        func claim(for key: ClaimKey) -> Claim? {
            guard let claim = claims[key.claimID], claim.isFound(by: key) else { return nil }
            return claim
        }
    }

    private let state = Mutex(State())
    private let webhooks: InMemoryWebhookStore?
    public let claimCodes: ClaimCodeCipher

    /// A store with a new random code key, or `codeKey` (`ClaimCodeCipher.keyByteCount` bytes;
    /// any other length is replaced by a random key).
    public init(webhooks: InMemoryWebhookStore? = nil, codeKey: [UInt8]? = nil) {
        self.webhooks = webhooks
        claimCodes = codeKey.flatMap(ClaimCodeCipher.init(key:)) ?? ClaimCodeCipher.random
    }

    public func createClaim(_ claim: Claim, completion: @escaping ClaimCompletion<Void>) {
        let result: Result<Void, ClaimStoreError> = state.withLock { state in
            guard state.claims[claim.id] == nil else { return .failure(.exists) }
            var stored = claim
            stored.redemption = nil
            state.claims[claim.id] = stored
            return .success(())
        }
        completion(result)
    }

    public func claim(_ key: ClaimKey, completion: @escaping ClaimCompletion<Claim?>) {
        let found = state.withLock { $0.claim(for: key) }
        completion(.success(found))
    }

    public func redeemClaim(_ key: ClaimKey, install: UUID, source: ClaimSource, at now: Date,
                            completion: @escaping ClaimCompletion<ClaimRedemptionOutcome>) {
        let outcome: ClaimRedemptionOutcome = state.withLock { state in
            guard let claim = state.claim(for: key) else { return .unknown }
            switch claim.redemptionDecision(by: key, install: install, source: source, at: now) {
            case .redeem(let redeemed):
                state.claims[claim.id] = redeemed
                webhooks?.publish(.claimRedeemed(redeemed))
                return .redeemed(redeemed)
            case .answerAgain(let stored):
                return .redeemedBefore(stored)
            case .refuse(let refusal):
                return refusal
            }
        }
        completion(.success(outcome))
    }

    public func deleteExpiredClaims(expiredBefore cutoff: Date, limit: Int, completion: @escaping ClaimCompletion<Int>) {
        let deleted: Int = state.withLock { state in
            let expired = state.claims.values.filter { $0.expiresAt < cutoff }
                .sorted { ($0.expiresAt, $0.id) < ($1.expiresAt, $1.id) }.prefix(max(0, limit))
            for claim in expired {
                state.claims[claim.id] = nil
                if claim.redemption == nil { state.expiries[AnalyticsBucket.day(of: claim.expiresAt), default: 0] += 1 }
            }
            return expired.count
        }
        completion(.success(deleted))
    }

    public func expiredClaims(days: ClosedRange<Int64>, completion: @escaping ClaimCompletion<[Int64: Int64]>) {
        completion(.success(state.withLock { $0.expiries.filter { days.contains($0.key) } }))
    }
}
