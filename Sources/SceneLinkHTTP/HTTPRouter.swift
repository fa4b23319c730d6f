import SceneLinkText

/// Maps a method and a path to a handler.
///
/// Patterns are `/`-separated segments; a segment `{name}` captures one non-empty segment,
/// percent-decoded, into `HTTPRequest.pathParameters[name]`. A literal segment beats a
/// capture at the same place. Paths compare after splitting on `/`, so `/a//b/` is `/a/b`.
///
/// - An unknown path answers 404; a known path with another method answers 405 with `Allow`.
/// - `OPTIONS *` (RFC 9110 §9.3.7, about the server as a whole) answers 200 with `Allow`
///   listing every method some route serves.
/// - `HEAD` is served by the `GET` handler of the same path (the server drops the body).
/// - A catch-all (`otherwise(_:_:accepting:_:)`) sits below every other route: it takes a
///   path only when no pattern fits it with any method, and only if its predicate accepts the
///   path; another method there answers 405 with the catch-all's methods in `Allow`. Of several
///   catch-alls, the first registered whose predicate accepts the path is the one.
///
/// Matching walks a segment trie over the path's bytes, literal children before the capture
/// child with backtracking, so its cost follows the path's length, not the number of routes,
/// and it allocates only the parameters of the route it finds.
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
        /// The names of the pattern's captures, in path order.
        let captureNames: [String]
        /// What answers the route's requests.
        public let handler: HTTPHandler
        /// For the catch-all, the paths it takes; nil for every other route.
        var accepts: (@Sendable (String) -> Bool)? = nil
    }

    /// The outcome of routing a method and path.
    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        /// `OPTIONS *`: the methods the server serves on some path.
        case serverOptions(allowed: [HTTPMethod])
        case notFound
        case badPath
    }

    public private(set) var routes: [Route] = []
    private var nodes: [HTTPRouteNode] = [HTTPRouteNode()]
    /// The most captures of any pattern: the size of the matcher's scratch space.
    private var maxCaptures = 0
    /// The catch-alls' indices in `routes`, in registration order (each predicate is on its
    /// route). Indices, not the closures: the router is read on every request, and a closure
    /// field made each read retain it (about 400 instructions per request under callgrind).
    private var catchAlls: [Int] = []

    public init() {}

    /// Registers `handler` for `method` on `pattern`.
    /// - Parameter maxBodyBytes: a lower body limit for this route, answered with 413 from the
    ///   declared length before the body is read.
    public mutating func on(_ method: HTTPMethod, _ pattern: String, maxBodyBytes: Int? = nil,
                            _ handler: @escaping HTTPHandler) {
        var node = 0
        var captureNames: [String] = []
        for part in pattern.split(separator: "/") {
            if part.hasPrefix("{"), part.hasSuffix("}") {
                captureNames.append(String(part.dropFirst().dropLast()))
                if let child = nodes[node].capture {
                    node = child
                } else {
                    nodes.append(HTTPRouteNode())
                    nodes[node].capture = nodes.count - 1
                    node = nodes.count - 1
                }
            } else {
                let bytes = Array(part.utf8)
                if let child = nodes[node].literals.first(where: { $0.bytes == bytes })?.child {
                    node = child
                } else {
                    nodes.append(HTTPRouteNode())
                    nodes[node].literals.append((bytes: bytes, child: nodes.count - 1))
                    node = nodes.count - 1
                }
            }
        }
        routes.append(Route(method: method, pattern: pattern, maxBodyBytes: maxBodyBytes,
                            captureNames: captureNames, handler: handler))
        nodes[node].routes.append(routes.count - 1)
        maxCaptures = max(maxCaptures, captureNames.count)
    }

    /// Registers the catch-all: `handler` answers `method` on every path that no other
    /// pattern fits (with any method) and that `accepts` takes, as the path is sent (still
    /// percent-encoded). It captures nothing; the handler reads `HTTPRequest.path`.
    ///
    /// Precedence: a specific route always wins, a known path with another method stays a
    /// 405, and a path `accepts` refuses stays a 404 (unless a catch-all registered after it
    /// accepts it: each is asked in registration order, and the first that accepts answers).
    ///
    /// ```swift
    /// router.otherwise(.get, "/{path}", accepting: { !$0.hasPrefix("/v1/") }) { request, responder in … }
    /// ```
    /// - Parameter pattern: the name the catch-all is listed and counted under (`routes`).
    public mutating func otherwise(_ method: HTTPMethod, _ pattern: String,
                                   accepting accepts: @escaping @Sendable (String) -> Bool,
                                   _ handler: @escaping HTTPHandler) {
        routes.append(Route(method: method, pattern: pattern, maxBodyBytes: nil, captureNames: [], handler: handler,
                            accepts: accepts))
        catchAlls.append(routes.count - 1)
    }

    /// A router with the same routes in the same order, each answered by what `transform`
    /// returns for it (its own handler, or one wrapped around it), leaving out the routes it
    /// answers nil for. How a service puts a guard in front of some routes, or serves part of
    /// its routes on a second port.
    public func mapped(_ transform: (Route) -> HTTPHandler?) -> HTTPRouter {
        var router = HTTPRouter()
        for route in routes {
            guard let handler = transform(route) else { continue }
            if let accepts = route.accepts {
                router.otherwise(route.method, route.pattern, accepting: accepts, handler)
            } else {
                router.on(route.method, route.pattern, maxBodyBytes: route.maxBodyBytes, handler)
            }
        }
        return router
    }

    /// Finds the route for `method` and a percent-encoded `path`.
    public func match(method: HTTPMethod, path: String) -> Match {
        switch find(method: method, path: path) {
        case .found(let index, let parameters): .found(routes[index], parameters: parameters)
        case .methodNotAllowed(let allowed): .methodNotAllowed(allowed: allowed)
        case .serverOptions(let allowed): .serverOptions(allowed: allowed)
        case .notFound: .notFound
        case .badPath: .badPath
        }
    }

    /// `match` with the route as its index in `routes`: what a connection keeps while the
    /// body arrives, without copying the route's fields for every request.
    enum Found {
        case found(Int, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case serverOptions(allowed: [HTTPMethod])
        case notFound
        case badPath
    }

    func find(method: HTTPMethod, path: String) -> Found {
        var contiguous = path  // withUTF8 is mutating; `path` stays readable for the catch-all
        return contiguous.withUTF8 { bytes in
            // Asterisk-form (RFC 9112 §3.2.4), which the decoder accepts only with OPTIONS:
            // about the server as a whole, never a route's path.
            if bytes.count == 1, bytes[0] == UInt8(ascii: "*") {
                return method == .options ? .serverOptions(allowed: methods(of: routes.indices)) : .notFound
            }
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: max(1, maxCaptures)) { captures in
                var search = Search(method: method)
                guard let found = self.search(node: 0, bytes: bytes, from: 0, depth: 0, captures: captures, state: &search) else {
                    if !search.allowedRoutes.isEmpty {
                        return .methodNotAllowed(allowed: self.methods(of: search.allowedRoutes.sorted()))
                    }
                    if search.badPath { return .badPath }
                    return self.otherwise(method: method, path: path)
                }
                // Fields read in place: binding the route to a local would retain each of them.
                guard !routes[found].captureNames.isEmpty else { return .found(found, parameters: [:]) }
                var parameters = [String: String](minimumCapacity: routes[found].captureNames.count)
                for (name, range) in zip(routes[found].captureNames, captures) {
                    // Checked decodable when the capture was taken.
                    parameters[name] = PercentDecoding.decode(utf8: UnsafeBufferPointer(rebasing: bytes[range])) ?? ""
                }
                return .found(found, parameters: parameters)
            }
        }
    }

    /// The answer of the first catch-all that accepts a path no pattern fits.
    private func otherwise(method: HTTPMethod, path: String) -> Found {
        guard let catchAll = catchAlls.first(where: { routes[$0].accepts?(path) == true }) else { return .notFound }
        let served = routes[catchAll].method
        if method == served || (method == .head && served == .get) { return .found(catchAll, parameters: [:]) }
        return .methodNotAllowed(allowed: methods(of: [catchAll]))
    }

    /// The methods of `routeIndices`, in the order of registration as `Allow` lists them,
    /// with HEAD after them wherever GET is served.
    private func methods(of routeIndices: some Sequence<Int>) -> [HTTPMethod] {
        var allowed: [HTTPMethod] = []
        for index in routeIndices where !allowed.contains(routes[index].method) {
            allowed.append(routes[index].method)
        }
        if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
        return allowed
    }

    /// What a failed search learned: the routes whose pattern fits the path (for 405), and
    /// whether a capture was refused for a malformed escape.
    private struct Search {
        let method: HTTPMethod
        var allowedRoutes: [Int] = []
        var badPath = false
    }

    /// Depth-first search from `node` for the rest of the path at `start`: literal child
    /// first, then the capture child, so the first route found for the method is the one
    /// with literals earliest, the same order a score of literal-before-capture gives.
    private func search(node: Int, bytes: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int,
                        captures: UnsafeMutableBufferPointer<Range<Int>>, state: inout Search) -> Int? {
        let slash = UInt8(ascii: "/")
        var begin = start
        while begin < bytes.count, bytes[begin] == slash { begin += 1 }
        // Fields read in place: binding `nodes[node]` to a local would retain its arrays.
        guard begin < bytes.count else {
            for index in nodes[node].routes {
                let method = routes[index].method
                if method == state.method || (state.method == .head && method == .get) { return index }
                state.allowedRoutes.append(index)
            }
            return nil
        }
        var end = begin
        while end < bytes.count, bytes[end] != slash { end += 1 }
        let segment = UnsafeBufferPointer(rebasing: bytes[begin ..< end])
        if let child = nodes[node].literal(segment),
           let found = search(node: child, bytes: bytes, from: end, depth: depth, captures: captures, state: &state) {
            return found
        }
        if let child = nodes[node].capture, depth < captures.count {
            // A segment without an escape is valid UTF-8 already: the path is a String.
            guard !segment.contains(UInt8(ascii: "%")) || PercentDecoding.isDecodable(utf8: segment) else {
                state.badPath = true
                return nil
            }
            captures[depth] = begin ..< end
            return search(node: child, bytes: bytes, from: end, depth: depth + 1, captures: captures, state: &state)
        }
        return nil
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
        case .serverOptions(let allowed):
            responder.respond(HTTPRouter.serverOptions(allowed: allowed))
        case .notFound:
            responder.respond(HTTPRouter.notFound(path: request.path))
        case .badPath:
            responder.respond(HTTPRouter.badPath(path: request.path))
        }
    }

    /// `OPTIONS *`: 200, no body, `Allow` with the methods the server serves.
    static func serverOptions(allowed: [HTTPMethod]) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Allow": allowValue(allowed)])
    }

    /// The `Allow` field value (RFC 9110 §10.2.1) for `allowed`, in its order.
    static func allowValue(_ allowed: [HTTPMethod]) -> String {
        allowed.map(\.rawValue).joined(separator: ", ")
    }

    static func badPath(path: String) -> HTTPResponse {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "bad-path",
                    title: "Malformed request path",
                    detail: "The path \(path) has a malformed percent-escape; encode '%' as %25.").response()
    }

    static func notFound(path: String) -> HTTPResponse {
        HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + "not-found",
                    title: "No such endpoint",
                    detail: "Nothing is served at \(path); GET /openapi.yaml lists the endpoints.").response()
    }

    static func methodNotAllowed(_ method: HTTPMethod, path: String, allowed: [HTTPMethod]) -> HTTPResponse {
        let allow = allowValue(allowed)
        return HTTPProblem(status: .methodNotAllowed, type: HTTPProblem.typeBase + "method-not-allowed",
                           title: "Method not allowed",
                           detail: "\(path) does not accept \(method.rawValue); use one of: \(allow).")
            .response(headers: ["Allow": allow])
    }
}
