import SceneLinkCore
import SceneLinkHTTP

/// `GET /v1/resolve`, `POST /v1/links` and `GET /v1/routes`: deep links to whole back stacks
/// and back, against the route table in force when the request arrives.
///
/// ```swift
/// var router = HTTPRouter()
/// ResolveEndpoints(routes: Current(try RouteTableLoader.load(path: nil))).register(on: &router)
/// ```
public struct ResolveEndpoints: Sendable {
    let routes: Current<RouteTable>

    /// - Parameter routes: the route table; replacing it (SIGHUP) affects only later requests.
    public init(routes: Current<RouteTable>) {
        self.routes = routes
    }

    /// The largest stack body `POST /v1/links` reads.
    static let maxStackBytes = 64 * 1024

    public func register(on router: inout HTTPRouter) {
        router.on(.get, "/v1/resolve") { [routes] request, responder in
            responder.respond(ResolveEndpoints.resolve(request, table: routes.value))
        }
        router.on(.post, "/v1/links", maxBodyBytes: ResolveEndpoints.maxStackBytes) { [routes] request, responder in
            responder.respond(ResolveEndpoints.links(request, table: routes.value))
        }
        router.on(.get, "/v1/routes") { [routes] _, responder in
            responder.respond(HTTPResponse(contentType: "application/json", body: routes.value.routesDocument))
        }
    }

    static func resolve(_ request: HTTPRequest, table: RouteTable) -> HTTPResponse {
        guard let link = request.queryItem("url"), !link.isEmpty else {
            return problem(.badRequest, "missing-url", "Missing link",
                           "Add the link to resolve as the url query item, percent-encoded: /v1/resolve?url=fuelmoney%3A%2F%2Fsettings%2Faccount.")
        }
        var format = ResolveFormat.document
        if let name = request.queryItem("format") {
            guard let chosen = ResolveFormat(rawValue: name) else {
                let known = ResolveFormat.allCases.map(\.rawValue).joined(separator: ", ")
                return problem(.badRequest, "unknown-format", "Unknown format",
                               "The format \"\(name)\" is not one of \(known).")
            }
            format = chosen
        }
        do {
            return HTTPResponse(contentType: "application/json", body: try table.resolve(link, format: format))
        } catch {
            return problem(for: error)
        }
    }

    static func links(_ request: HTTPRequest, table: RouteTable) -> HTTPResponse {
        do {
            let links = try table.links(forJSON: request.body)
            return HTTPResponse(contentType: "application/json", body: links.documentBytes)
        } catch {
            switch error {
            case .malformedStack:
                return problem(.badRequest, "malformed-stack", "Malformed stack", error.description)
            case .unknownType, .invalidItem:
                return problem(.unprocessableContent, "invalid-stack", "Stack does not fit the route file", error.description)
            case .noRoute:
                return problem(.unprocessableContent, "no-route-for-stack", "No route yields this stack", error.description)
            }
        }
    }

    static func problem(for error: ResolveError) -> HTTPResponse {
        switch error {
        case .invalidLink:
            return problem(.badRequest, "invalid-link", "Invalid link", error.description)
        case .unknownScheme:
            return problem(.notFound, "unknown-scheme", "Unknown link scheme", error.description)
        case .unknownHost:
            return problem(.notFound, "unknown-host", "Unknown link host", error.description)
        case .noRoute:
            return problem(.notFound, "no-route", "No route for this link", error.description)
        case .wrongParameterType:
            return problem(.notFound, "wrong-parameter-type", "Link parameter of the wrong type", error.description)
        case .notSingleType:
            return problem(.unprocessableContent, "not-single-type", "Stack holds more than one type", error.description)
        }
    }

    static func problem(_ status: HTTPStatus, _ slug: String, _ title: String, _ detail: String) -> HTTPResponse {
        HTTPProblem(status: status, type: "https://scenelink.dev/problems/\(slug)", title: title, detail: detail).response()
    }
}
