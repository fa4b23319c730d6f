import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkText

/// The deep-link endpoints: `GET /v1/resolve`, `POST /v1/links`, `GET /v1/routes`.
///
/// `GET /v1/resolve?url=https://HOST/s/CODE`, a short link on one of the app's hosts, resolves
/// the short link's target (`ShortLinkEndpoints.resolveThrough`).
///
/// Each request reads the route table once from `routes`, so a reload (`SIGHUP`) never
/// affects a request in flight.
///
/// ```swift
/// var endpoints = EndpointTable()
/// ResolveEndpoints(routes: Current(try BuiltInRoutes.fuelMoneyTable())).register(on: &endpoints)
/// ```
public struct ResolveEndpoints: Sendable {
    private let routes: Current<RouteTable>
    private let shortLinks: ShortLinkEndpoints?

    /// The largest `POST /v1/links` body accepted.
    public static let maximumStackBodyBytes = 64 * 1024

    /// - Parameter shortLinks: resolves `https://HOST/s/CODE` through the short link (nil:
    ///   such a link is matched against the route table like any other).
    public init(routes: Current<RouteTable>, shortLinks: ShortLinkEndpoints? = nil) {
        self.routes = routes
        self.shortLinks = shortLinks
    }

    /// Declares the three endpoints.
    public func register(on endpoints: inout EndpointTable) {
        let routes = self.routes
        let shortLinks = self.shortLinks
        let resolve = RoutePolicy(rateLimit: .perAddress(.resolve))
        endpoints.on(.get, "/v1/resolve", resolve) { request, responder in
            let table = routes.value
            let link = Self.linkParameter(request.query)
            // A short link on one of the app's hosts resolves to its target (counting the click).
            if let shortLinks, let link, let code = table.shortLinkCode(in: link) {
                switch Self.format(request) {
                case .success(let format): shortLinks.resolveThrough(code: code, format: format, table: table, request, responder)
                case .failure(let problem): responder.respond(problem.response())
                }
                return
            }
            responder.respond(Self.resolve(link, request, table: table))
        }
        endpoints.on(.post, "/v1/links", resolve.accepting(bodyBytes: Self.maximumStackBodyBytes)) { request, responder in
            responder.respond(Self.links(request, table: routes.value))
        }
        endpoints.on(.get, "/v1/routes", resolve) { _, responder in
            responder.respond(HTTPResponse(contentType: "application/json", body: routes.value.routesDocument))
        }
    }

    /// `GET /v1/resolve?url=LINK[&format=F]`, given the request's `linkParameter`.
    static func resolve(_ link: String?, _ request: HTTPRequest, table: RouteTable) -> HTTPResponse {
        guard let link else {
            return ResolveProblems.missingURL.response()
        }
        let format: ResolveFormat
        switch Self.format(request) {
        case .success(let chosen): format = chosen
        case .failure(let problem): return problem.response()
        }
        do {
            return HTTPResponse(contentType: "application/json", body: try table.resolve(link, format: format))
        } catch {
            return ResolveProblems.problem(for: error).response()
        }
    }

    /// The `format` query item; `.document` when there is none.
    static func format(_ request: HTTPRequest) -> Result<ResolveFormat, HTTPProblem> {
        guard let name = request.queryItem("format") else { return .success(.document) }
        guard let format = ResolveFormat.named(name) else { return .failure(ResolveProblems.unknownFormat(name)) }
        return .success(format)
    }

    /// `POST /v1/links`: a stack in, its canonical links out.
    static func links(_ request: HTTPRequest, table: RouteTable) -> HTTPResponse {
        guard !request.body.isEmpty else {
            return ResolveProblems.problem(for: LinkPrintError.malformedStack(reason: "the body is empty")).response()
        }
        do {
            return HTTPResponse(contentType: "application/json", body: try table.links(forJSON: request.body).documentBytes)
        } catch {
            return ResolveProblems.problem(for: error).response()
        }
    }

    /// The `url` query item, percent-decoded once. A client that forgot to encode the link's
    /// own query (`url=app://search?q=a&tab=b`) splits it into our query; items after `url`
    /// other than `format` are put back, so that link still resolves as written.
    static func linkParameter(_ query: String?) -> String? {
        guard var query else { return nil }
        return query.withUTF8 { bytes -> String? in
            let parts = HTTPQueryParts(bytes)
            guard let urlPart = parts.first(where: { HTTPQueryParts.part($0, startsWith: "url=") }) else { return nil }
            let raw = UnsafeBufferPointer(rebasing: urlPart.dropFirst(4))
            // A malformed escape: the value as sent (the resolver then says what is wrong with it).
            guard let firstDecoded = PercentDecoding.decode(utf8: raw) else { return String(decoding: raw, as: UTF8.self) }
            guard !firstDecoded.isEmpty else { return nil }
            var decoded = firstDecoded  // withUTF8 reads a native string's bytes in place
            guard decoded.withUTF8({ $0.contains(UInt8(ascii: "?")) }) else { return firstDecoded }
            var joined = String(decoding: raw, as: UTF8.self)
            for part in parts.drop(while: { $0.startIndex != urlPart.startIndex }).dropFirst()
            where !HTTPQueryParts.part(part, startsWith: "format=") && !HTTPQueryParts.part(part, startsWith: "url=") {
                joined += "&" + String(decoding: UnsafeBufferPointer(rebasing: part), as: UTF8.self)
            }
            return PercentDecoding.decode(joined) ?? joined
        }
    }
}
