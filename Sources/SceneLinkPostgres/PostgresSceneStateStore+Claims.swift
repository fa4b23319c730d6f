import Foundation
import SceneLinkCore

/// Claims in the same database as scene state (migrations 6 to 9), through the same pool: a claim
/// made and a redemption are acknowledged after the commit of the group they joined.
///
/// A redemption is one statement (`PostgresStatement.redeemClaimByToken`/`ByCode`): it reads
/// the claim `FOR UPDATE`, so two redemptions of one claim at once (on one instance or two)
/// take turns and the second reads what the first committed; only a live, unredeemed claim is
/// updated, and that statement also queues `claim.redeemed`. The same install racing itself
/// therefore gets the same answer twice (200), another install 409, and one event is queued.
extension PostgresSceneStateStore: ClaimStore {
    public func createClaim(_ claim: Claim, completion: @escaping ClaimCompletion<Void>) {
        let parameters: [PostgresParameter] = [
            .int64(claim.id), .bytes(claim.secretHash), .text(claim.link),
            .int64(Self.milliseconds(claim.createdAt)), .int64(Self.milliseconds(claim.expiresAt)),
            .int64(Self.milliseconds(claim.codeExpiresAt)), claim.route.map { .text($0) } ?? .null,
            claim.shortLink.map { .text($0.rawValue) } ?? .null,
        ]
        call(.createClaim, parameters, kind: .write, lockOrder: Self.lockOrder(claim.id),
             Self.flattening(completion)) { rows -> Result<Void, ClaimStoreError> in
            rows.isEmpty ? .failure(.exists) : .success(())
        }
    }

    public func claim(_ key: ClaimKey, completion: @escaping ClaimCompletion<Claim?>) {
        let statement: PostgresStatement, parameters: [PostgresParameter]
        switch key {
        case .token(let token): (statement, parameters) = (.selectClaimByToken, [.int64(token.id), .bytes(token.secretHash)])
        case .code(_, let claimID): (statement, parameters) = (.selectClaimByCode, [.int64(claimID)])
        }
        call(statement, parameters, kind: .read, Self.mapping(completion)) { rows -> Claim? in
            guard let row = rows.first else { return nil }
            let claim = try Self.claim(row)
            return claim.isFound(by: key) ? claim : nil
        }
    }

    public func redeemClaim(_ key: ClaimKey, install: UUID, source: ClaimSource, at now: Date,
                            completion: @escaping ClaimCompletion<ClaimRedemptionOutcome>) {
        let statement: PostgresStatement
        switch key {
        case .token: statement = .redeemClaimByToken
        case .code: statement = .redeemClaimByCode
        }
        let lookup = key.claimID
        let event = WebhookEvent.claimRedeemedTemplate(source: source, at: now)
        var parameters: [PostgresParameter] = [.int64(lookup), .text(install.uuidString), .text(source.rawValue),
                                               .int64(Self.milliseconds(now)), .text(event.id), .text(event.beforeRoute),
                                               .text(event.afterLink)]
        if case .token(let token) = key { parameters.append(.bytes(token.secretHash)) }
        call(statement, parameters, kind: .write, lockOrder: Self.lockOrder(lookup),
             Self.mapping(completion)) { rows -> ClaimRedemptionOutcome in
            guard let row = rows.first else { return .unknown }
            let claim = try Self.claim(row)
            guard claim.isFound(by: key) else { return .unknown }
            if try row.bool(11) { return .redeemed(claim) }
            switch claim.redemptionDecision(by: key, install: install, source: source, at: now) {
            case .answerAgain(let stored): return .redeemedBefore(stored)
            case .refuse(let refusal): return refusal
            case .redeem:
                // The row was read locked, so only a statement whose liveness test disagrees
                // with `Claim.redemptionDecision` gets here: a bug to see, not a 409 to invent.
                throw PostgresError(context: "redeeming a claim",
                                    message: "the claim was live and unredeemed, yet the statement did not redeem it")
            }
        }
    }

    public func deleteExpiredClaims(expiredBefore cutoff: Date, limit: Int, completion: @escaping ClaimCompletion<Int>) {
        call(.deleteExpiredClaims, [.int64(Self.milliseconds(cutoff)), .int64(Int64(max(0, limit)))],
             kind: .soloWrite, Self.mapping(completion)) { $0.count }
    }

    public func expiredClaims(days: ClosedRange<Int64>, completion: @escaping ClaimCompletion<[Int64: Int64]>) {
        call(.selectClaimExpiries, [.int64(days.lowerBound), .int64(days.upperBound)], kind: .read, Self.mapping(completion)) { rows in
            var counts: [Int64: Int64] = [:]
            for row in rows { counts[try row.int64(0)] = try row.int64(1) }
            return counts
        }
    }

    // MARK: Helpers

    /// The row in `PostgresStatement.claimColumns` order. A redemption whose install no longer
    /// reads stays a redemption (by an install no app has), so the claim is never redeemable again.
    private static func claim(_ row: PostgresRow) throws(PostgresError) -> Claim {
        var redemption: ClaimRedemption?
        if !row.isNull(6) {
            redemption = ClaimRedemption(
                install: UUID(uuidString: try row.text(6)) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                source: ClaimSource(rawValue: try row.text(7)) ?? .url, redeemedAt: date(try row.int64(8)))
        }
        return Claim(id: try row.int64(0), secretHash: try row.bytes(1), link: try row.text(2),
                     route: row.isNull(9) ? nil : try row.text(9),
                     shortLink: row.isNull(10) ? nil : try? ShortCode(try row.text(10)), createdAt: date(try row.int64(3)),
                     expiresAt: date(try row.int64(4)), codeExpiresAt: date(try row.int64(5)), redemption: redemption)
    }

    /// Where a claim write sorts in a group commit (see `PostgresCall.lockOrder`); the prefix
    /// keeps these keys apart from session ids and short-link keys.
    private static func lockOrder(_ lookup: Int64) -> String {
        "claim " + String(lookup, radix: 16)
    }

    private static func mapping<T>(_ completion: @escaping ClaimCompletion<T>) -> SceneStateCompletion<T> {
        { result in completion(result.mapError(claimError)) }
    }

    private static func flattening<T>(
        _ completion: @escaping ClaimCompletion<T>
    ) -> SceneStateCompletion<Result<T, ClaimStoreError>> {
        { result in
            switch result {
            case .success(let answer): completion(answer)
            case .failure(let error): completion(.failure(claimError(error)))
            }
        }
    }

    private static func claimError(_ error: SceneStateStoreError) -> ClaimStoreError {
        if case .failure(let failure) = error { return .failure(failure) }
        return .failure(.storage(message: error.description))
    }
}
