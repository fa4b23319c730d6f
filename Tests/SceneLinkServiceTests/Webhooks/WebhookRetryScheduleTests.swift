import Foundation
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct WebhookRetryScheduleTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theStandardScheduleHasEightAttemptsOverAboutADay() {
        let delays = WebhookRetrySchedule.standard.delays
        #expect(delays.count == 8)
        let total: Duration = delays.reduce(.zero, +)
        let expected: Duration = .seconds(99_305)
        #expect(total == expected)
    }

    @Test func theNextAttemptFollowsTheScheduleWithinTheJitter() throws {
        let schedule = WebhookRetrySchedule.standard
        let low = try #require(schedule.nextAttempt(after: 2, at: Self.now, retryAfter: nil) { $0.lowerBound })
        let high = try #require(schedule.nextAttempt(after: 2, at: Self.now, retryAfter: nil) { $0.upperBound })
        #expect(low.timeIntervalSince(Self.now) == 240)
        #expect(high.timeIntervalSince(Self.now) == 360)
        let drawn = try #require(schedule.nextAttempt(after: 1, at: Self.now, retryAfter: nil))
        #expect((4...6).contains(drawn.timeIntervalSince(Self.now)))
    }

    @Test func afterTheLastAttemptThereIsNoNext() {
        #expect(WebhookRetrySchedule.standard.nextAttempt(after: 8, at: Self.now, retryAfter: nil) == nil)
    }

    @Test func retryAfterMovesTheNextAttemptLaterNeverEarlierAndAtMostADay() throws {
        let schedule = WebhookRetrySchedule(delays: [.zero, .seconds(10)])
        #expect(try #require(schedule.nextAttempt(after: 1, at: Self.now, retryAfter: 60) { _ in 1 })
            .timeIntervalSince(Self.now) == 60)
        #expect(try #require(schedule.nextAttempt(after: 1, at: Self.now, retryAfter: 2) { _ in 1 })
            .timeIntervalSince(Self.now) == 10)
        #expect(try #require(schedule.nextAttempt(after: 1, at: Self.now, retryAfter: 1e9) { _ in 1 })
            .timeIntervalSince(Self.now) == 86_400)
    }

    @Test func theFlagReadsCommaSeparatedDurationsAndSaysWhatIsWrong() throws {
        let schedule = try WebhookRetrySchedule.parse("0,500ms,2s", flag: "webhook-retry-schedule")
        #expect(schedule.delays == [.zero, .milliseconds(500), .seconds(2)])
        #expect(schedule.text == "0,500ms,2s")
        #expect(throws: ConfigurationError.self) { try WebhookRetrySchedule.parse("0,soon", flag: "webhook-retry-schedule") }
    }

    @Test func outcomesFollowTheStatus() {
        let schedule = WebhookRetrySchedule(delays: [.zero, .seconds(1)])
        typealias Answer = WebhookSender.Answer
        #expect(WebhookDeliveryWorker.outcome(of: Answer(status: 204), attempts: 1, schedule: schedule, now: Self.now)
                == .delivered(status: 204))
        #expect(WebhookDeliveryWorker.outcome(of: Answer(status: 410), attempts: 1, schedule: schedule, now: Self.now)
                == .failed(status: 410, error: "HTTP 410 Gone: the receiver asked for no more deliveries", disableEndpoint: true))
        guard case .retry(_, 500, "HTTP 500") = WebhookDeliveryWorker.outcome(of: Answer(status: 500), attempts: 1,
                                                                              schedule: schedule, now: Self.now) else {
            Issue.record("a 500 before the last attempt is retried")
            return
        }
        #expect(WebhookDeliveryWorker.outcome(of: Answer(status: nil, error: "timed out"), attempts: 2, schedule: schedule,
                                              now: Self.now)
                == .failed(status: nil, error: "timed out on the last of 2 attempts", disableEndpoint: true))
        #expect(WebhookDeliveryWorker.outcome(of: Answer(status: nil, error: "The host hooks.invalid does not resolve."), attempts: 2,
                                              schedule: schedule, now: Self.now)
                == .failed(status: nil, error: "The host hooks.invalid does not resolve on the last of 2 attempts", disableEndpoint: true))
        #expect(WebhookDeliveryWorker.retryAfterSeconds("Wed, 15 Jan 2027 08:00:30 GMT", now: Self.now) == 30)
        #expect(WebhookDeliveryWorker.retryAfterSeconds("soon", now: Self.now) == nil)
    }
}
