import SceneLinkHTTP

/// The service's routes as declared, in registration order: what the application builds its
/// routers and guards from, and what `scenelink endpoints` prints.
///
/// Each feature's endpoints type registers its routes with their `RoutePolicy`:
///
/// ```swift
/// var endpoints = EndpointTable()
/// endpoints.on(.get, "/v1/resolve", RoutePolicy(rateLimit: .perAddress(.resolve))) { request, responder in … }
/// try endpoints.validate()
/// let router = endpoints.unguardedRouter
/// ```
///
/// `validate()` refuses a method and pattern declared twice, and an operator's route (the admin
/// token, a key, a console session) not declared for the admin port (so `--admin-listen` could
/// leave it public).
public struct EndpointTable: Sendable {
    public private(set) var endpoints: [Endpoint] = []

    public init() {}

    /// A handler that may throw a `ResponseError` instead of answering (any other error is a
    /// 500 `internal-error`, whose message stays out of the answer); it answers exactly once otherwise.
    package typealias Handler = @Sendable (HTTPRequest, HTTPResponder) throws -> Void

    /// Declares `handler` for `method` on `pattern` with `policy`.
    package mutating func on(_ method: HTTPMethod, _ pattern: String, _ policy: RoutePolicy,
                            _ handler: @escaping Handler) {
        endpoints.append(Endpoint(method: method, pattern: pattern, policy: policy, handler: Self.answeringErrors(handler),
                                  accepts: nil))
    }

    /// Declares a catch-all (`HTTPRouter.otherwise`): it answers `method` on every path no
    /// other pattern fits and `accepts` takes. Of several, the first declared whose `accepts`
    /// takes the path answers, so give them disjoint prefixes (the console's `/console/…`, the
    /// link pages' everything else).
    package mutating func otherwise(_ method: HTTPMethod, _ pattern: String, accepting accepts: @escaping @Sendable (String) -> Bool,
                                   _ policy: RoutePolicy, _ handler: @escaping Handler) {
        endpoints.append(Endpoint(method: method, pattern: pattern, policy: policy, handler: Self.answeringErrors(handler),
                                  accepts: accepts))
    }

    /// What an error that does not know its answer is answered: its message may name internals.
    private static let internalError = HTTPProblem(
        status: .internalServerError, type: HTTPProblem.typeBase + "internal-error", title: "Internal error",
        detail: "The server could not answer this request; retry later, and tell the operator if it persists.").response()

    /// `handler` with what it throws answered: the one place a thrown error becomes a response.
    private static func answeringErrors(_ handler: @escaping Handler) -> HTTPHandler {
        { request, responder in
            do {
                try handler(request, responder)
            } catch let error as any ResponseError {
                responder.respond(error.response)
            } catch {
                responder.respond(Self.internalError)
            }
        }
    }

    /// Checks the declarations as a whole.
    /// - Throws: `EndpointTableError` with a sentence for each route declared twice, and for
    ///   each operator's route (the admin token, a key, a console session) not declared for the admin port.
    public func validate() throws(EndpointTableError) {
        var problems: [String] = []
        var seen = Set<String>()
        for endpoint in endpoints {
            if !seen.insert(endpoint.name).inserted {
                problems.append("\(endpoint.name) is declared twice; declare each method and pattern once.")
            }
            if endpoint.policy.caller.isOperator, endpoint.policy.port != .admin {
                problems.append("\(endpoint.name) is an operator's route (\(endpoint.policy.caller.rawValue)) but is declared for the \(endpoint.policy.port.rawValue) port; "
                    + "declare it for the admin port, so that --admin-listen keeps it off the public one.")
            }
        }
        guard problems.isEmpty else { throw EndpointTableError(problems: problems) }
    }

    /// A router of the routes `listener` serves, in declaration order, each answered by the
    /// handler `wrap` returns for it (its own, or a guard in front of it).
    package func router(for listener: EndpointListener, _ wrap: (Endpoint) -> HTTPHandler) -> HTTPRouter {
        var router = HTTPRouter()
        for endpoint in endpoints where listener.serves(endpoint.policy.port) {
            if let accepts = endpoint.accepts {
                router.otherwise(endpoint.method, endpoint.pattern, accepting: accepts, wrap(endpoint))
            } else {
                router.on(endpoint.method, endpoint.pattern, maxBodyBytes: endpoint.policy.maxBodyBytes, wrap(endpoint))
            }
        }
        return router
    }

    /// Every route with its own handler and no guard: the labels metrics count under, and
    /// what tests drive an endpoint through in process.
    package var unguardedRouter: HTTPRouter { router(for: .only) { $0.handler } }

    /// The declaration of `method` on `pattern`, if any.
    public func endpoint(_ method: HTTPMethod, _ pattern: String) -> Endpoint? {
        endpoints.first { $0.method == method && $0.pattern == pattern }
    }
}
