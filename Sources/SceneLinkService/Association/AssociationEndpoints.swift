import SceneLinkCore
import SceneLinkHTTP

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
    /// Browsers and the platforms' CDNs may keep the files an hour; a reload changes the `ETag`.
    public static let cacheControl = "public, max-age=3600"

    /// The two answers for one route table.
    struct Responses: Sendable {
        var apple: HTTPResponse
        var appleTag: String?
        var android: HTTPResponse
        var androidTag: String?
    }

    private let responses: Current<Responses>

    public init(table: RouteTable) {
        responses = Current(Self.responses(for: table))
    }

    /// Rebuilds both responses from a newly loaded table.
    public func update(from table: RouteTable) {
        responses.replace(with: Self.responses(for: table))
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
        return HTTPResponse(status: .notModified, headers: ["ETag": tag, "Cache-Control": cacheControl])
    }

    static func responses(for table: RouteTable) -> Responses {
        let files = table.associationFiles
        return Responses(
            apple: files.apple.map(document) ?? missing(
                type: "no-apple-app", file: "apple-app-site-association",
                detail: "This route file names no iOS app, so there is no apple-app-site-association; add \"app.apple\": { \"teamID\": \"A1B2C3D4E5\", \"bundleIDs\": [\"com.example.app\"] } and reload."),
            appleTag: files.apple?.entityTag,
            android: files.android.map(document) ?? missing(
                type: "no-android-app", file: "assetlinks.json",
                detail: "This route file names no Android app, so there is no assetlinks.json; add \"app.android\": { \"package\": \"com.example.app\", \"sha256CertFingerprints\": [\"14:6D:...\"] } and reload."),
            androidTag: files.android?.entityTag)
    }

    private static func document(_ document: AssociationDocument) -> HTTPResponse {
        HTTPResponse(contentType: "application/json", body: document.bytes,
                     headers: ["ETag": document.entityTag, "Cache-Control": cacheControl])
    }

    private static func missing(type: String, file: String, detail: String) -> HTTPResponse {
        HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + type, title: "No \(file) for this route file",
                    detail: detail).response(headers: ["Cache-Control": "no-cache"])
    }
}
