import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// `GET /.well-known/apple-app-site-association` and `GET /.well-known/assetlinks.json`:
/// the files that let iOS and Android open the route file's https links in the app.
///
/// The responses are built once per route table (at start and on each `SIGHUP` reload,
/// through `update(from:)`), so a request only takes the ready response: `application/json`,
/// never a redirect, the same document for every host, with `ETag` (`If-None-Match` gives
/// 304) and `Cache-Control`. `HEAD` is served by the same handlers. Without `app.apple` or
/// `app.android` the file is a 404 problem naming the route-file field to add.
///
/// ```swift
/// let associations = AssociationEndpoints(table: table)
/// associations.register(on: &endpoints)
/// associations.update(from: reloadedTable)
/// ```
public struct AssociationEndpoints: Sendable {
    private let responses: Current<AssociationAnswers>

    public init(table: RouteTable) {
        responses = Current(AssociationAnswers(for: table))
    }

    /// Rebuilds both responses from a newly loaded table.
    public func update(from table: RouteTable) {
        responses.replace(with: AssociationAnswers(for: table))
    }

    /// Registers the two endpoints.
    public func register(on endpoints: inout EndpointTable) {
        let responses = self.responses
        let file = RoutePolicy(rateLimit: .notLimited(because: "Apple's and Google's crawlers fetch it; a fixed document with an ETag"))
        endpoints.on(.get, "/.well-known/apple-app-site-association", file) { request, responder in
            let current = responses.value
            responder.respond(Self.answer(request, response: current.apple, tag: current.appleTag))
        }
        endpoints.on(.get, "/.well-known/assetlinks.json", file) { request, responder in
            let current = responses.value
            responder.respond(Self.answer(request, response: current.android, tag: current.androidTag))
        }
    }

    /// The ready response, or 304 when the client's `If-None-Match` names its tag.
    static func answer(_ request: HTTPRequest, response: HTTPResponse, tag: String?) -> HTTPResponse {
        guard let tag, let condition = request.headers["If-None-Match"] else { return response }
        let matches = condition.split(separator: ",").contains { candidate in
            let trimmed = candidate.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            let text = String(trimmed)
            return text == "*" || text == tag || text == "W/" + tag
        }
        guard matches else { return response }
        return HTTPResponse(status: .notModified, headers: ["ETag": tag, "Cache-Control": AssociationAnswers.cacheControl])
    }
}
