import Foundation
import SceneLinkCore
import SceneLinkHTTP
@testable import SceneLinkConsole
@testable import SceneLinkOperations

/// Typed inputs the view tests build views from: sessions with and without permissions, rows
/// of counts, operation failures.
enum ConsoleViewFixtures {
    static let formToken = String(repeating: "f", count: 64)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func session(_ identity: OperatorIdentity) -> ConsoleSession {
        ConsoleSession(idHash: String(repeating: "a", count: 64), formToken: formToken, signedInAs: identity, startedAt: start, lastSeenAt: start)
    }

    static let admin = session(.adminToken)
    /// A key that may sign in and read links and analytics, and change nothing.
    static let reader = session(.key(id: "0123456789abcdef", name: "reader", scopes: [.console, .linksRead, .analyticsRead]))

    /// A row of 15-minute counts of scope `all` on `day`, in its `quarter`th bucket.
    static func visits(day: Int64, quarter: Int64 = 0, _ counts: AnalyticsCounts) -> AnalyticsBatch.Visits {
        AnalyticsBatch.Visits(scope: AnalyticsScope.all.key, bucket: day * AnalyticsBucket.perDay + quarter, counts: counts)
    }

    static func counts(human: Int64 = 0, qr: Int64 = 0, preview: Int64 = 0, bot: Int64 = 0, claims: Int64 = 0, installs: Int64 = 0) -> AnalyticsCounts {
        var counts = AnalyticsCounts()
        counts.human = human
        counts.qr = qr
        counts.preview = preview
        counts.bot = bot
        counts.claims = claims
        counts.installs = installs
        return counts
    }

    static func failure(_ detail: String, status: HTTPStatus = .serviceUnavailable) -> OperationError {
        OperationError(HTTPProblem(status: status, type: HTTPProblem.typeBase + "test", title: "Test", detail: detail))
    }

    /// The HTML `write(into:)` makes of `view`.
    static func html(_ view: some ConsolePageView) -> String {
        var html = HTMLDocument.fragment()
        view.write(into: &html)
        return String(decoding: html.finish(), as: UTF8.self)
    }
}
