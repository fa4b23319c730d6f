import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// What stands in front of every `RouteCaller.console` route's handler.
///
/// 1. The session cookie must name a live session (`ConsoleSessions`); otherwise a GET is sent
///    to the sign-in page (303) and any other method is 403.
/// 2. A session a key signed in with lasts only while the key works and holds `console`: the
///    key is read through `APIKeyCache` (at once when cached, so a revocation applies within 5 s
///    as on the API), and a revoked key ends its sessions.
/// 3. Any method but GET and HEAD must come from the same origin and carry the session's form
///    token (`ConsoleRequestCheck`); otherwise 403 (an `auth.refused` audit entry, reason `csrf`)
///    and the handler does not run.
/// 4. A route that performs an operation (`RoutePolicy.operation`) runs only for a session whose
///    identity may perform it (`AdminOperation.permission`, the API's own table); otherwise 403 and
///    an `auth.refused` entry: a page saying the API's sentence for a GET, the API's own problem
///    (`missing-scope` or `admin-token-required`) for a form post.
///
/// The handler then sees the session's audit name in `HTTPRequest.principal` (`console:PREFIX`),
/// which the access log names too. Every answer here carries the console's fields (`ConsoleHeaders`).
package struct ConsoleGuard: SessionDoor {
    package let sessions: ConsoleSessions
    package let keys: APIKeyCache?
    /// Where refusals are audited; nil when the service has no audit log.
    package let refusals: RefusalAudit?

    /// `handler` behind the session, key, origin, form-token and permission checks, for a route
    /// named `route` that performs `operation` (nil: a page that shows only what the session may see).
    /// The console's page for a browser refused before the door (`ConsolePage.notice`).
    package func notice(status: HTTPStatus, title: String, detail: String) -> HTTPResponse {
        ConsolePage.notice(status: status, title: title, detail: detail)
    }

    package func handler(guarding handler: @escaping HTTPHandler, route: String, operation: AdminOperation?) -> HTTPHandler {
        { [sessions, keys, refusals] request, plainResponder in
            guard let id = ConsoleCookie.sessionID(in: request), let session = sessions.session(id: id) else {
                return plainResponder.respond(Self.signedOut(request))
            }
            let principal = session.actor.description
            let responder = plainResponder.naming(principal)
            let proceed: @Sendable () -> Void = {
                if request.method != .get, request.method != .head,
                   let refusal = ConsoleRequestCheck.refusal(request, session: session) {
                    refusals?.record(.csrf, client: request.clientAddress, keyID: session.keyID, door: .console, route: route)
                    return responder.respond(ConsolePage.notice(status: .forbidden, title: "Refused", detail: refusal))
                }
                if let operation, !session.may(operation) {
                    let refusal = OperationError.denial(operation, for: session.signedInAs)
                    refusals?.record(refusal.reason, client: request.clientAddress, keyID: session.keyID, door: .console, route: route,
                                     detail: ["operation": operation.rawValue])
                    // A page is a page saying so; a form post (which no page offers) the API's own problem.
                    if request.method == .get || request.method == .head {
                        return responder.respond(ConsolePage.notice(status: .forbidden, title: refusal.error.problem.title,
                                                                    detail: refusal.error.problem.detail))
                    }
                    return responder.respond(ConsoleHeaders.applied(to: refusal.error.response))
                }
                var request = request
                // Set here, whatever the request carried: audit entries name the session, never its id.
                request.principal = principal
                request.attachment = session.signedInAs
                handler(request, responder)
            }
            guard let keyID = session.keyID, let keys else { return proceed() }
            keys.key(id: keyID) { result in
                switch result {
                case .success(let key?) where key.grants(.console):
                    proceed()
                case .success:
                    sessions.end(keyID: keyID)
                    responder.respond(Self.signedOut(request))
                case .failure:
                    responder.respond(ConsolePage.notice(status: .serviceUnavailable, title: "Store unavailable",
                                                         detail: "The key you signed in with could not be checked because the store "
                                                             + "did not answer; retry in a moment."))
                }
            }
        }
    }

    /// The answer without a live session: the sign-in page for a GET, 403 for a change.
    package static func signedOut(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == .get || request.method == .head { return ConsoleHeaders.redirect(to: ConsoleEndpoints.signInPath) }
        return ConsolePage.notice(status: .forbidden, title: "Signed out",
                                  detail: "Your console session has ended (signed out, idle too long, past its lifetime, or the "
                                      + "server restarted), so nothing was changed; sign in again.")
    }
}
