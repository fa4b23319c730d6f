import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// The longest link "try a link" takes, in bytes (as a link page's path).
    package static let maximumTriedLinkBytes = 2_048

    /// `GET /console/routes[?url=LINK]`: the route table, and for a pasted link its route, its
    /// stack in each format, its canonical links and a QR code of the https one; or why it does
    /// not resolve, with the closest routes. A GET: trying a link changes nothing.
    package func routesPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let tried = request.queryItem("url").map { String($0.prefix(Self.maximumTriedLinkBytes)) }
        responder.respond(ConsoleRoutesView(table: routes.value, tried: tried).response(session: session))
    }
}
