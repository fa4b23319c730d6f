import SceneLinkNetwork

/// What the server knows about one completed request, for an access log.
public struct HTTPAccessRecord: Sendable, Equatable {
    /// When the response was sent, in microseconds since the Unix epoch.
    public var time: Int64
    public var method: HTTPMethod
    /// The request path, still percent-encoded (no query, so no secrets in query strings).
    public var path: String
    /// The matched route's pattern (`/v1/sessions/{id}`), nil when nothing matched.
    public var routePattern: String?
    /// The matched route's index in `HTTPRouter.routes`, nil when nothing matched: a key
    /// cheaper to count by than the pattern.
    public var routeIndex: Int?
    public var status: Int
    /// Bytes written for the response, head and body.
    public var responseBytes: Int
    /// From the end of the request head to the response being written, in microseconds.
    public var durationMicroseconds: Int64
    /// The client (`HTTPRequest.clientAddress`: behind trusted proxies, the forwarded one).
    public var client: IPAddress
    /// The request's identifier, as echoed in `X-Request-ID`.
    public var requestID: HTTPRequestID
    /// Who the service authenticated the request as (`HTTPResponse.principal`: `admin-token`,
    /// `key:ID`, `console:PREFIX`), nil for a request no guard named.
    public var principal: String?

    public init(time: Int64, method: HTTPMethod, path: String, routePattern: String?, status: Int,
                responseBytes: Int, durationMicroseconds: Int64, routeIndex: Int? = nil,
                client: IPAddress = .unspecified, requestID: HTTPRequestID = .none, principal: String? = nil) {
        self.principal = principal
        self.client = client
        self.requestID = requestID
        self.time = time
        self.method = method
        self.path = path
        self.routePattern = routePattern
        self.routeIndex = routeIndex
        self.status = status
        self.responseBytes = responseBytes
        self.durationMicroseconds = durationMicroseconds
    }

    /// `time` as RFC 3339 in UTC with microseconds: `2026-01-02T03:04:05.000006Z`.
    public var timeText: String { HTTPDate.iso8601(epochMicroseconds: time) }
}
