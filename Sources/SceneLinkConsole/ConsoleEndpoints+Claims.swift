import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// `GET /console/claims`: claims (deferred deep links) made by link pages, redeemed by the app
    /// and expired unredeemed, per UTC day over the last 30 days: made and redeemed from the
    /// analytics counts of every link, expired from the sweep's count as it deletes them (counts
    /// only: no claim, code or install id is shown).
    package func claimsPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let today = AnalyticsBucket.day(of: clock.now())
        let firstDay = today - Self.overviewDays + 1
        claims.daily(days: firstDay...today, by: caller) { result in
            responder.respond(ConsoleClaimsView(result, firstDay: firstDay).response(session: session))
        }
    }
}
