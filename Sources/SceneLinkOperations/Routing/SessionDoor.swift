import SceneLinkCore
import SceneLinkHTTP

/// A front end that checks its own callers (`RouteCaller.console`: the console's sessions) and
/// shows a browser it refuses its own page. `EndpointGuard` puts it in front of those routes; the
/// console's `ConsoleGuard` is the one door.
package protocol SessionDoor: Sendable {
    /// `handler` behind the door's check of its caller: a live session, and for a change its form
    /// token and same origin. `operation` is the route's declared operation, whose permission the
    /// caller's session must hold.
    func handler(guarding handler: @escaping HTTPHandler, route: String, operation: AdminOperation?) -> HTTPHandler

    /// The page a browser refused before the door (a spent `console-sign-in` budget) is shown.
    func notice(status: HTTPStatus, title: String, detail: String) -> HTTPResponse
}
