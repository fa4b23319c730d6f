import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct StoreFailureProblemTests {
    static let failures: [StoreFailure] = [
        .closed, .unavailable(message: "connection lost"), .commitInDoubt(message: "no answer came"),
        .storage(message: "disk I/O error in table sessions"),
    ]

    @Test func eachFailureHasOneAnswerAndEvery503CarriesRetryAfter() {
        let answers = Self.failures.map { ($0.problem.status.code, String($0.problem.type.dropFirst(HTTPProblem.typeBase.count)),
                                          $0.headers["Retry-After"]) }
        #expect(answers.map(\.0) == [503, 503, 503, 500])
        #expect(answers.map(\.1) == ["unavailable", "store-unavailable", "commit-indeterminate", "storage-failed"])
        #expect(answers.map(\.2) == ["1", "1", "1", nil])
    }

    @Test func aCommitInDoubtSaysHowToFindOutAndNothingElseSaysNothingWasStoredWhenItMayHaveBeen() {
        let doubt = StoreFailure.commitInDoubt(message: "x").problem.detail
        #expect(doubt.contains("may or may not have been stored"))
        #expect(doubt.contains("read it back") && doubt.contains("Idempotency-Key"))
        #expect(StoreFailure.unavailable(message: "x").problem.detail.contains("nothing was stored"))
        // The underlying message may name tables and SQL: it stays in the log.
        #expect(!StoreFailure.storage(message: "disk I/O error in table sessions").problem.detail.contains("sessions"))
    }

    @Test func everyFeatureAnswersAStoreFailureTheSameWay() {
        for failure in Self.failures {
            let expected = failure.response
            let answers: [HTTPResponse] = [
                SceneStateEndpoints.Rejection.store(.failure(failure)).response,
                ShortLinkProblems.store(.failure(failure)),
                WebhookProblems.store(.failure(failure)),
                ClaimProblems.store(.failure(failure)),
            ]
            for answer in answers {
                #expect(answer.status == expected.status && answer.body == expected.body
                        && answer.headers["Retry-After"] == expected.headers["Retry-After"], "\(failure)")
            }
        }
    }
}
