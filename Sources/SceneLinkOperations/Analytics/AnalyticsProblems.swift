import SceneLinkCore
import SceneLinkHTTP

extension AnalyticsQueryError: ResponseError {
    /// 400 `invalid-analytics-query`, saying what to send instead.
    package var problem: HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-analytics-query", title: "Invalid analytics query",
                    detail: description)
    }

    package var response: HTTPResponse { problem.response(headers: [:]) }
}

extension AnalyticsStoreError: ResponseError {
    package var response: HTTPResponse {
        switch self {
        case .failure(let failure): failure.response
        }
    }
}

/// The answers of the analytics API of its own.
package enum AnalyticsProblems {
    /// 404 while analytics is off: the routes exist but nothing is counted.
    package static let off = HTTPProblem(
        status: .notFound, type: HTTPProblem.typeBase + "analytics-off", title: "Analytics is off",
        detail: "This server was started with --analytics off, so no visit is counted; start it without that flag to count them.")
}
