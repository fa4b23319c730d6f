import SceneLinkNetwork
/// What a connection knows of the request it is answering, as one value: filled in when the
/// request's head is read (`HTTPConnection.routeHead`), read when its response is written, and
/// replaced by a fresh one for the next request.
struct HTTPRequestInProgress {
    /// Whether the head has been read; a request that failed before it has none.
    var hasHead = false
    var method: HTTPMethod = .get
    /// The path as the access log shows it (`-` before the head).
    var path = "-"
    var version: HTTPVersion = .http1_1
    /// Whether the client asked to keep the connection (and nothing since has ruled it out).
    var keepAliveRequested = true
    /// Monotonic microseconds when the head was read, for the access log's duration.
    var start: Int64 = 0
    /// The index of the matched route in the router's routes; nil when none matched.
    var routeIndex: Int?
    /// The route's captured path parameters.
    var parameters: [String: String] = [:]
    /// The answer for an unrouted request, sent once its body has been read and dropped.
    var immediate: HTTPResponse?
    /// Echoed as `X-Request-ID`; empty until the head is read.
    var requestID = HTTPRequestID.none
    /// The request's client (`HTTPTrustedProxies`): the peer, unless a trusted proxy forwarded it.
    var client: IPAddress
    /// Whether the peer is a trusted proxy that named another client.
    var forwarded = false

    /// A request not yet read, from `peer`.
    init(peer: IPAddress) {
        client = peer
    }

    /// Makes this the request not yet read, writing only what a request may have changed (a
    /// fresh value would release and rebuild every field on each request).
    mutating func reset(peer: IPAddress) {
        hasHead = false
        method = .get
        path = "-"
        version = .http1_1
        keepAliveRequested = true
        routeIndex = nil
        if !parameters.isEmpty { parameters = [:] }
        if immediate != nil { immediate = nil }
        requestID = .none
        if forwarded {
            client = peer
            forwarded = false
        }
    }
}
