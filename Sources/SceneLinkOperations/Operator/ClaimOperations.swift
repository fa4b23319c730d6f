import SceneLinkCore

/// The claims' one operator operation: how many claims (deferred deep links) were made, redeemed
/// and expired unredeemed per UTC day: counts only, never a claim, code or install id. It checks
/// its caller (`analytics:read`, as the other counts); the console's Claims page is its adapter.
package struct ClaimOperations: Sendable {
    package let analytics: any AnalyticsStore
    package let claims: any ClaimStore

    package init(analytics: any AnalyticsStore, claims: any ClaimStore) {
        self.analytics = analytics
        self.claims = claims
    }

    /// Claims per UTC day of `days`: made and redeemed from the analytics counts of every link,
    /// expired from the sweep's count as it deletes them.
    package struct Daily: Sendable {
        package let visits: [AnalyticsBatch.Visits]
        package let expired: [Int64: Int64]
    }

    package func daily(days: ClosedRange<Int64>, by caller: OperatorCaller, completion: @escaping @Sendable (Result<Daily, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .listClaims) { return completion(.failure(refusal)) }
        analytics.analyticsVisits(scope: AnalyticsScope.all.key, from: days.lowerBound * AnalyticsBucket.perDay,
                                  to: (days.upperBound + 1) * AnalyticsBucket.perDay) { [claims] visits in
            switch visits {
            case .failure(let error):
                completion(.failure(AnalyticsOperations.error(error)))
            case .success(let rows):
                claims.expiredClaims(days: days) { expired in
                    completion(expired.map { Daily(visits: rows, expired: $0) }.mapError(Self.error))
                }
            }
        }
    }

    package static func error(_ error: ClaimStoreError) -> OperationError {
        switch error {
        case .failure(let failure): OperationError(failure)
        // Only a claim's creation can meet an existing one; a read never does.
        case .exists: OperationError(StoreFailure.storage(message: error.description))
        }
    }
}
