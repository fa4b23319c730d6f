import SceneLinkHTTP
import SceneLinkNetwork
import Testing
@testable import SceneLinkOperations

@Suite struct RateLimitsTests {
    @Test func defaultsLimitEveryClass() {
        #expect(RateLimits().description == "sessions=60/min,links=600/min,resolve=1200/min,state=600/min,claims=30/min,claim-pages=60/min,qr=600/min,admin-auth=10/min,console-sign-in=10/min")
        #expect(RateLimits().maximumClients == 100_000)
    }

    @Test func namedClassesReplaceTheirDefaultsAndOffTurnsLimitsOff() throws {
        let limits = try RateLimits.parse("links=20/s, state=off,resolve=100/10s")
        #expect(limits.description == "sessions=60/min,links=20/s,resolve=100/10s,state=off,claims=30/min,claim-pages=60/min,qr=600/min,admin-auth=10/min,console-sign-in=10/min")
        #expect(try RateLimits.parse("off").policies == [:])
        // The instance ceilings are --instance-limit's.
        #expect(try RateLimits.parse("off").instancePolicies == RateLimits.defaultInstancePolicies)
        #expect(RateLimits().instanceDescription == "claim-pages=20/s")
        #expect(try RateLimits.parseInstance("off") == [:])
        #expect(try RateLimits.parseInstance("qr=5/s")[.qr] == RateLimitPolicy(count: 5, periodSeconds: 1))
        #expect(throws: ConfigurationError("--instance-limit: qr takes COUNT/PERIOD, such as qr=600/min (PERIOD in s, min, h or d), not '5/day'.")) {
            try RateLimits.parseInstance("qr=5/day")
        }
        #expect(try RateLimits.parse("sessions=5/h").policies[.sessions] == RateLimitPolicy(count: 5, periodSeconds: 3_600))
    }

    @Test func periodsTakeTheUnitsOfEveryDurationFlag() throws {
        #expect(try RateLimits.parse("links=5/m").policies[.links] == RateLimitPolicy(count: 5, periodSeconds: 60))
        #expect(try RateLimits.parse("links=5/min").policies[.links] == RateLimitPolicy(count: 5, periodSeconds: 60))
        #expect(try RateLimits.parse("links=5/d").policies[.links] == RateLimitPolicy(count: 5, periodSeconds: 86_400))
    }

    @Test("mistakes are one sentence naming what to write", arguments: [
        ("pages=1/s", "--rate-limit takes 'off' or CLASS=COUNT/PERIOD[,...] with CLASS one of sessions, links, resolve, state, claims, claim-pages, qr, admin-auth, console-sign-in, not 'pages=1/s'."),
        ("links=0/s", "--rate-limit: links takes COUNT/PERIOD with COUNT from 1 to 1000000000, such as links=600/min (PERIOD in s, min, h or d), not '0/s'."),
        ("links=10/day", "--rate-limit: links takes COUNT/PERIOD, such as links=600/min (PERIOD in s, min, h or d), not '10/day'."),
        ("links", "--rate-limit takes 'off' or CLASS=COUNT/PERIOD[,...] with CLASS one of sessions, links, resolve, state, claims, claim-pages, qr, admin-auth, console-sign-in, not 'links'."),
    ])
    func mistakes(text: String, message: String) {
        #expect(throws: ConfigurationError(message)) { try RateLimits.parse(text) }
    }

    @Test func ipv6ClientsShareABucketPerSlash64AndIPv4ClientsDoNot() {
        let a = RateLimitKey(client: IPAddress("2001:db8:1:2::1") ?? .unspecified)
        let b = RateLimitKey(client: IPAddress("2001:db8:1:2:ffff::9") ?? .unspecified)
        let c = RateLimitKey(client: IPAddress("2001:db8:1:3::1") ?? .unspecified)
        #expect(a == b)
        #expect(a != c)
        #expect(RateLimitKey(client: IPAddress("192.0.2.1") ?? .unspecified)
            != RateLimitKey(client: IPAddress("192.0.2.2") ?? .unspecified))
    }

    @Test func theLimiterCountsRefusalsPerClassAndAnswers429WithItsFields() {
        let clock = ManualClock()
        let limiter = RateLimiter(limits: RateLimits(policies: [.resolve: RateLimitPolicy(count: 2, periodSeconds: 1)]),
                                  now: { clock.now })
        let key = RateLimitKey(high: 0, low: 7)
        #expect(limiter.refusal(.resolve, key: key) == nil)
        #expect(limiter.refusal(.resolve, key: key) == nil)
        #expect(limiter.refusal(.links, key: key) == nil)  // not limited
        let refusal = limiter.refusal(.resolve, key: key)
        #expect(refusal?.retryAfterSeconds == 1)
        #expect(limiter.refusedCounts.map(\.count) == [1])
        let response = refusal?.problemResponse()
        #expect(response?.status == .tooManyRequests)
        #expect(response?.headers["Retry-After"] == "1")
        #expect(response?.headers["RateLimit-Policy"] == #""resolve";q=2;w=1"#)
        #expect(response?.headers["RateLimit"] == #""resolve";r=0;t=1"#)
        #expect(String(decoding: response?.body ?? [], as: UTF8.self)
            == #"{"type":"https://scenelink.dev/problems/rate-limited","title":"Too many requests","status":429,"detail":"This client may make 2 resolve requests per second; retry in 1 second.","limit":"resolve","retryAfter":1}"#)
        clock.now += 500_000
        #expect(limiter.refusal(.resolve, key: key) == nil)
    }
}

/// A monotonic clock tests move by hand.
final class ManualClock: @unchecked Sendable {
    var now: Int64 = 0
}
