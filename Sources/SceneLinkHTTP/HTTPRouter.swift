/// Maps a method and a path to a handler.
///
/// Patterns are `/`-separated segments; a segment `{name}` captures one non-empty segment,
/// percent-decoded, into `HTTPRequest.pathParameters[name]`. A literal segment beats a
/// capture at the same place. Paths compare after splitting on `/`, so `/a//b/` is `/a/b`.
///
/// - An unknown path answers 404; a known path with another method answers 405 with `Allow`.
/// - `HEAD` is served by the `GET` handler of the same path (the server drops the body).
///
/// ```swift
/// var router = HTTPRouter()
/// router.on(.get, "/healthz") { _, responder in responder.respond(.json(#"{"status":"ok"}"#)) }
/// ```
public struct HTTPRouter: Sendable {
    /// One registered route.
    public struct Route: Sendable {
        public let method: HTTPMethod
        public let pattern: String
        /// The largest body this route accepts; nil means the server's limit.
        public let maxBodyBytes: Int?
        let segments: [Segment]
        let handler: HTTPHandler
        /// `/a/b` for a pattern without captures: such a route matches by one string compare.
        let literalPath: String?
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case capture(String)
    }

    /// The outcome of routing a method and path.
    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
        case badPath
    }

    public private(set) var routes: [Route] = []

    public init() {}

    /// Registers `handler` for `method` on `pattern`.
    /// - Parameter maxBodyBytes: a lower body limit for this route, answered with 413 from the
    ///   declared length before the body is read.
    public mutating func on(_ method: HTTPMethod, _ pattern: String, maxBodyBytes: Int? = nil,
                            _ handler: @escaping HTTPHandler) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            if part.hasPrefix("{"), part.hasSuffix("}") {
                return .capture(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
        let isLiteral = segments.allSatisfy { if case .literal = $0 { return true } else { return false } }
        let literalPath = isLiteral
            ? "/" + segments.map { if case .literal(let text) = $0 { return text } else { return "" } }.joined(separator: "/")
            : nil
        routes.append(Route(method: method, pattern: pattern, maxBodyBytes: maxBodyBytes,
                            segments: segments, handler: handler, literalPath: literalPath))
    }

    /// Finds the route for `method` and a percent-encoded `path`.
    public func match(method: HTTPMethod, path: String) -> Match {
        // Fast path: an all-literal route equal to the path is the best match there can be
        // (a literal beats a capture everywhere), so no splitting is needed.
        for route in routes where route.literalPath == path
            && (route.method == method || (method == .head && route.method == .get)) {
            return .found(route, parameters: [:])
        }
        // Split on bytes: Character-level splitting costs more than the whole route match.
        let parts = path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
        var best: (route: Route, parameters: [String: String], score: Int)?
        var allowed: [HTTPMethod] = []
        var pathKnown = false
        var badPath = false
        for route in routes where route.segments.count == parts.count {
            var parameters: [String: String] = [:]
            var score = 0
            var matched = true
            for (segment, part) in zip(route.segments, parts) {
                switch segment {
                case .literal(let literal):
                    if literal != part { matched = false }
                    score = score * 2 + 1
                case .capture(let name):
                    guard let decoded = PercentDecoding.decode(part) else { badPath = true; matched = false; break }
                    parameters[name] = decoded
                    score = score * 2
                }
                if !matched { break }
            }
            guard matched else { continue }
            pathKnown = true
            if !allowed.contains(route.method) { allowed.append(route.method) }
            let methodFits = route.method == method || (method == .head && route.method == .get)
            if methodFits, score > (best?.score ?? -1) {
                best = (route, parameters, score)
            }
        }
        if let best { return .found(best.route, parameters: best.parameters) }
        if pathKnown {
            if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
            return .methodNotAllowed(allowed: allowed)
        }
        return badPath ? .badPath : .notFound
    }

    /// Routes and handles a request in process, without a server: the seam tests use.
    /// Answers 404 / 405 problems itself, like the server.
    public func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        switch match(method: request.method, path: request.path) {
        case .found(let route, let parameters):
            var routed = request
            routed.pathParameters = parameters
            routed.routePattern = route.pattern
            route.handler(routed, responder)
        case .methodNotAllowed(let allowed):
            responder.respond(HTTPRouter.methodNotAllowed(request.method, path: request.path, allowed: allowed))
        case .notFound:
            responder.respond(HTTPRouter.notFound(path: request.path))
        case .badPath:
            responder.respond(HTTPRouter.badPath(path: request.path))
        }
    }

    static func badPath(path: String) -> HTTPResponse {
        HTTPProblem(status: .badRequest, type: "https://scenelink.dev/problems/bad-path",
                    title: "Malformed request path",
                    detail: "The path \(path) has a malformed percent-escape; encode '%' as %25.").response()
    }

    static func notFound(path: String) -> HTTPResponse {
        HTTPProblem(status: .notFound, type: "https://scenelink.dev/problems/not-found",
                    title: "No such endpoint",
                    detail: "Nothing is served at \(path); GET /openapi.yaml lists the endpoints.").response()
    }

    static func methodNotAllowed(_ method: HTTPMethod, path: String, allowed: [HTTPMethod]) -> HTTPResponse {
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPProblem(status: .methodNotAllowed, type: "https://scenelink.dev/problems/method-not-allowed",
                           title: "Method not allowed",
                           detail: "\(path) does not accept \(method.rawValue); use one of: \(allow).")
            .response(headers: ["Allow": allow])
    }
}
