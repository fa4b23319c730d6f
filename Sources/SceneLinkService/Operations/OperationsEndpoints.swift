import SceneLinkHTTP
import SceneLinkOperations

/// `GET /healthz`, `GET /readyz`, `GET /metrics` and `GET /openapi.yaml`: what operators and
/// orchestrators call. They know nothing of routes or sessions; the application hands in
/// closures that answer for those parts.
public struct OperationsEndpoints: Sendable {
    /// Checks whether the service is ready and calls back with the outcome (details for the 200
    /// body, or why it is not ready). Completion-handler style, like the stores: the probes are
    /// answered on Dispatch queues and never wait for a thread of the Swift concurrency pool.
    public typealias ReadinessCheck = @Sendable (_ completion: @escaping @Sendable (Readiness) -> Void) -> Void
    /// Renders the Prometheus page and calls back with it (completion-handler style, see `ReadinessCheck`).
    public typealias MetricsPage = @Sendable (_ completion: @escaping @Sendable (String) -> Void) -> Void

    /// The outcome of a readiness check.
    public struct Readiness: Sendable {
        /// Routes in the loaded table.
        public var routeCount: Int
        /// Why the database cannot take writes, or nil when it can.
        public var databaseProblem: String?

        public init(routeCount: Int, databaseProblem: String?) {
            self.routeCount = routeCount
            self.databaseProblem = databaseProblem
        }
    }

    let readiness: ReadinessCheck
    let metrics: MetricsPage
    let openAPIDocument: [UInt8]

    public init(readiness: @escaping ReadinessCheck, metrics: @escaping MetricsPage, openAPIDocument: String) {
        self.readiness = readiness
        self.metrics = metrics
        self.openAPIDocument = Array(openAPIDocument.utf8)
    }

    static let healthy = HTTPResponse.json(#"{"status":"ok"}"#)

    /// Declares the four endpoints.
    public func register(on endpoints: inout EndpointTable) {
        let probe = RoutePolicy(port: .both, rateLimit: .notLimited(because: "an orchestrator's probe, answered from memory"))
        let readyProbe = RoutePolicy(port: .both, rateLimit: .notLimited(
            because: "an orchestrator's probe: the store check it reports runs at most once a second however many probes arrive (StoreCheck)"))
        endpoints.on(.get, "/healthz", probe) { _, responder in
            responder.respond(OperationsEndpoints.healthy)
        }
        endpoints.on(.get, "/readyz", readyProbe) { [readiness] _, responder in
            // The database check is a write through the store's writer, at most once a second; the store calls back.
            readiness { state in
                if state.routeCount == 0 {
                    responder.respond(OperationsEndpoints.notReady("No route table is loaded; check the route file and send SIGHUP."))
                } else if let problem = state.databaseProblem {
                    responder.respond(OperationsEndpoints.notReady("The database is not writable: \(problem)"))
                } else {
                    responder.respond(.json(#"{"status":"ready","routes":\#(state.routeCount),"database":"writable"}"#))
                }
            }
        }
        let scrape = RoutePolicy(port: .admin, rateLimit: .notLimited(because: "the operator's scraper; --admin-listen keeps it private"))
        endpoints.on(.get, "/metrics", scrape) { [metrics] _, responder in
            // Store counts are read by the store, which calls back.
            metrics { page in
                responder.respond(HTTPResponse(contentType: "text/plain; version=0.0.4; charset=utf-8",
                                               body: Array(page.utf8)))
            }
        }
        let document = RoutePolicy(rateLimit: .notLimited(because: "a fixed document served from memory"))
        endpoints.on(.get, "/openapi.yaml", document) { [openAPIDocument] _, responder in
            responder.respond(HTTPResponse(contentType: "application/yaml", body: openAPIDocument))
        }
    }

    static func notReady(_ detail: String) -> HTTPResponse {
        HTTPProblem(status: .serviceUnavailable, type: HTTPProblem.typeBase + "not-ready",
                    title: "Not ready", detail: detail).response(headers: ["Retry-After": "5"])
    }
}
