import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// The days the overview covers, today (UTC) included.
    package static let overviewDays: Int64 = 30

    /// `GET /console/overview`: visits of every link today, over 7 and 30 UTC days by class,
    /// QR scans, claims and installs (analytics scope `all`), a chart of human visits per day
    /// with its table, the top links of the last 7 UTC days, whether the store can write, and
    /// the webhook endpoints that are disabled.
    ///
    /// Each part is shown only to a session allowed its operation: the counts and top links need
    /// `analytics:read`, the failing endpoints `webhooks:admin`; the store's health every session sees.
    package func overview(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let today = AnalyticsBucket.day(of: clock.now())
        let firstDay = today - Self.overviewDays + 1
        let readsAnalytics = session.may(.analyticsTimeseries)
        let readsWebhooks = session.may(.listWebhooks)
        readIf(readsAnalytics, { reports.visits(days: firstDay...today, by: caller, completion: $0) }) { [self] result in
            readIf(readsWebhooks, { webhooks.list(by: caller, completion: $0) }) { [self] endpoints in
            readIf(readsAnalytics, { reports.topLinks(days: (today - Self.topLinkDays + 1)...today, limit: Self.topLinksShown,
                                                      by: caller, completion: $0) }) { [self] top in
            storeHealth { problem in
                let view = ConsoleOverviewView(visits: result, firstDay: firstDay, storeProblem: problem, storeDescription: storeDescription,
                                               topLinks: top, endpoints: endpoints)
                responder.respond(view.response(session: session))
            }
            }
            }
        }
    }

    /// Runs `read` when `allowed`, else answers nil at once: a page reads only what its session may see.
    package func readIf<Value>(_ allowed: Bool, _ read: (@escaping @Sendable (Value) -> Void) -> Void,
                               then: @escaping @Sendable (Value?) -> Void) {
        guard allowed else { return then(nil) }
        read { then($0) }
    }

    /// The top links' span in UTC days, today included, and how many are ranked.
    package static let topLinkDays: Int64 = 7
    package static let topLinksShown = 10
}
