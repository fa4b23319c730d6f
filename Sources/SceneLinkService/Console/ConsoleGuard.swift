import SceneLinkCore
import SceneLinkHTTP

/// What stands in front of every `RouteCaller.console` route's handler.
///
/// 1. The session cookie must name a live session (`ConsoleSessions`); otherwise a GET is sent
///    to the sign-in page (303) and any other method is 403.
/// 2. A session a key signed in with lasts only while the key works and holds `console`: the
///    key is read through `APIKeyCache` (at once when cached, so a revocation applies within 5 s
///    as on the API), and a revoked key ends its sessions.
/// 3. Any method but GET and HEAD must come from the same origin and carry the session's form
///    token (`ConsoleRequestCheck`); otherwise 403 and the handler does not run.
///
/// The handler then sees the session's audit name in `HTTPRequest.principal` (`console:PREFIX`).
/// Every answer here carries the console's fields (`ConsoleHeaders`).
struct ConsoleGuard: Sendable {
    let sessions: ConsoleSessions
    let keys: APIKeyCache?

    /// `handler` behind the session, key, origin and form-token checks.
    func handler(guarding handler: @escaping HTTPHandler) -> HTTPHandler {
        { [sessions, keys] request, responder in
            guard let id = ConsoleCookie.sessionID(in: request), let session = sessions.session(id: id) else {
                return responder.respond(Self.signedOut(request))
            }
            let proceed: @Sendable () -> Void = {
                if request.method != .get, request.method != .head,
                   let refusal = ConsoleRequestCheck.refusal(request, session: session) {
                    return responder.respond(ConsolePage.notice(status: .forbidden, title: "Refused", detail: refusal))
                }
                var request = request
                // Set here, whatever the request carried: audit entries name the session, never its id.
                request.principal = session.actor.description
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
    static func signedOut(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == .get || request.method == .head { return ConsoleHeaders.redirect(to: ConsoleEndpoints.signInPath) }
        return ConsolePage.notice(status: .forbidden, title: "Signed out",
                                  detail: "Your console session has ended (signed out, idle too long, past its lifetime, or the "
                                      + "server restarted), so nothing was changed; sign in again.")
    }
}
