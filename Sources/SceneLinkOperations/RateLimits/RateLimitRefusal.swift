import SceneLinkHTTP

/// A request over its class's budget, and how it is answered: 429 with `Retry-After`
/// (RFC 6585 §4, RFC 9110 §10.2.3) and the IETF httpapi draft's `RateLimit-Policy` and
/// `RateLimit` fields (`"links";q=600;w=60`, `"links";r=0;t=3`).
package struct RateLimitRefusal: Sendable, Equatable {
    package let kind: RateLimitClass
    package let policy: RateLimitPolicy
    /// Whole seconds until a token is back, at least 1.
    package let retryAfterSeconds: Int
    /// Whose budget was spent: this client's, or the instance's ceiling for all clients.
    package var scope: Scope = .client

    /// Whose budget a refusal spent.
    package enum Scope: Sendable, Equatable {
        case client
        case instance
    }

    package static let problemType = HTTPProblem.typeBase + "rate-limited"
    package static let title = "Too many requests"

    /// What the client did and when to come back, in one sentence.
    package var detail: String {
        let seconds = retryAfterSeconds == 1 ? "1 second" : "\(retryAfterSeconds) seconds"
        let period = Self.period(policy.periodSeconds)
        return switch scope {
        case .client: "This client may make \(policy.count) \(kind.noun) per \(period); retry in \(seconds)."
        case .instance: "This server takes at most \(policy.count) \(kind.noun) per \(period) from all clients together; retry in \(seconds)."
        }
    }

    /// The fields every 429 carries.
    package var headers: HTTPHeaders {
        [
            "Retry-After": String(retryAfterSeconds),
            "RateLimit-Policy": "\"\(kind.rawValue)\";q=\(policy.count);w=\(policy.periodSeconds)",
            "RateLimit": "\"\(kind.rawValue)\";r=0;t=\(retryAfterSeconds)",
            "Cache-Control": "no-store",
        ]
    }

    /// `application/problem+json`, with the class and the wait as members.
    package func problemResponse() -> HTTPResponse {
        HTTPProblem(status: .tooManyRequests, type: Self.problemType, title: Self.title, detail: detail,
                    extensions: [(name: "limit", json: "\"\(kind.rawValue)\""),
                                 (name: "retryAfter", json: String(retryAfterSeconds))])
            .response(headers: headers)
    }

    /// A browser's page: `page` (the link page's notice, with its look and CSP) and the 429 fields.
    package func pageResponse(_ page: HTTPResponse) -> HTTPResponse {
        var response = page
        for field in headers.fields { response.headers.set(field.name, field.value) }
        return response
    }

    private static func period(_ seconds: Int) -> String {
        switch seconds {
        case 1: "second"
        case 60: "minute"
        case 3_600: "hour"
        default: "\(seconds) seconds"
        }
    }
}
