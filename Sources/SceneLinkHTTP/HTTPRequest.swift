import SceneLinkNetwork
/// One decoded HTTP request, with its whole body.
///
/// A value type with copy-on-write storage: the server hands a request from the decoder to
/// the router to a handler, and each copy costs one reference count instead of one per
/// field. Changing a field of a shared copy copies the storage first.
public struct HTTPRequest: Sendable {
    /// The method as sent.
    public var method: HTTPMethod {
        get { storage.method }
        set { makeUnique(); storage.method = newValue }
    }
    /// The request target as sent (origin-form `/a/b?c`, or absolute-form `http://h/a/b?c`).
    public var target: String {
        get { storage.target }
        set { makeUnique(); storage.target = newValue }
    }
    /// The path of the target, still percent-encoded, always starting with `/`.
    public var path: String {
        get { storage.path }
        set { makeUnique(); storage.path = newValue }
    }
    /// The query of the target without the `?`, still percent-encoded; nil when absent.
    public var query: String? {
        get { storage.query }
        set { makeUnique(); storage.query = newValue }
    }
    /// The version from the request line.
    public var version: HTTPVersion {
        get { storage.version }
        set { makeUnique(); storage.version = newValue }
    }
    /// The header fields, in the order sent.
    public var headers: HTTPHeaders {
        get { storage.headers }
        set { makeUnique(); storage.headers = newValue }
    }
    /// The whole body (chunked bodies already joined).
    public var body: [UInt8] {
        get { storage.body }
        set { makeUnique(); storage.body = newValue }
    }
    /// Values captured by the route pattern's `{name}` segments, percent-decoded.
    public var pathParameters: [String: String] {
        get { storage.pathParameters }
        set { makeUnique(); storage.pathParameters = newValue }
    }
    /// The pattern of the route that matched (`/v1/sessions/{id}`), set by the router.
    public var routePattern: String? {
        get { storage.routePattern }
        set { makeUnique(); storage.routePattern = newValue }
    }

    /// The address the connection comes from (the last hop: a proxy, when there is one).
    /// `.unspecified` for a request built in process.
    public var peerAddress: IPAddress {
        get { storage.peerAddress }
        set { makeUnique(); storage.peerAddress = newValue }
    }
    /// The client: the peer, or behind trusted proxies the address they forwarded
    /// (`HTTPTrustedProxies`). What rate limits and the access log key on.
    public var clientAddress: IPAddress {
        get { storage.clientAddress }
        set { makeUnique(); storage.clientAddress = newValue }
    }
    /// Whether the peer is a trusted proxy, so its `X-Forwarded-*` fields count.
    public var isForwarded: Bool {
        get { storage.isForwarded }
        set { makeUnique(); storage.isForwarded = newValue }
    }
    /// The request's identifier, echoed as `X-Request-ID`; `.none` when built in process.
    public var requestID: HTTPRequestID {
        get { storage.requestID }
        set { makeUnique(); storage.requestID = newValue }
    }

    /// Who the service's guard authenticated the request as (for SceneLink's admin routes,
    /// `admin-token` or `key:NAME(id)`), set before the handler runs; nil when no guard did.
    /// Never read from the request's bytes.
    public var principal: String? {
        get { storage.principal }
        set { makeUnique(); storage.principal = newValue }
    }

    /// What the service's guard attached for the handler (for SceneLink, the operator's identity
    /// with its scopes), read back by the service's own typed accessor; nil when no guard did.
    /// Opaque here: the HTTP layer never reads it. Never read from the request's bytes.
    public var attachment: (any Sendable)? {
        get { storage.attachment }
        set { makeUnique(); storage.attachment = newValue }
    }

    /// Sets where the request comes from, in one write (the server does it for every request).
    mutating func setOrigin(peer: IPAddress, client: IPAddress, forwarded: Bool, requestID: HTTPRequestID) {
        makeUnique()
        storage.peerAddress = peer
        storage.clientAddress = client
        storage.isForwarded = forwarded
        storage.requestID = requestID
    }

    /// The host the client asked for: `X-Forwarded-Host` from a trusted proxy, else `Host`.
    public var host: String? {
        if isForwarded, let forwarded = headers["X-Forwarded-Host"] { return forwarded }
        return headers["Host"]
    }

    /// The scheme the client used, `https` or `http`: `X-Forwarded-Proto` from a trusted
    /// proxy; otherwise `http` (the server itself speaks plain HTTP).
    public var scheme: String {
        guard isForwarded, let proto = headers["X-Forwarded-Proto"]?.lowercased() else { return "http" }
        return proto == "https" ? "https" : "http"
    }

    private var storage: Storage

    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        pathParameters: [String: String] = [:],
        routePattern: String? = nil
    ) {
        let (path, query) = HTTPRequest.splitTarget(target)
        storage = Storage(method: method, target: target, path: path, query: query, version: version,
                          headers: headers, body: body, pathParameters: pathParameters, routePattern: routePattern)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The fields. Shared between copies of a request and changed only when the request
    /// holding it is its only owner (`makeUnique()`), so no two threads ever touch one
    /// storage while one of them writes: hence `@unchecked Sendable`.
    private final class Storage: @unchecked Sendable {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String?
        var version: HTTPVersion
        var headers: HTTPHeaders
        var body: [UInt8]
        var pathParameters: [String: String]
        var routePattern: String?
        var peerAddress = IPAddress.unspecified
        var clientAddress = IPAddress.unspecified
        var isForwarded = false
        var requestID = HTTPRequestID.none
        var principal: String?
        var attachment: (any Sendable)?

        init(method: HTTPMethod, target: String, path: String, query: String?, version: HTTPVersion,
             headers: HTTPHeaders, body: [UInt8], pathParameters: [String: String], routePattern: String?) {
            self.method = method
            self.target = target
            self.path = path
            self.query = query
            self.version = version
            self.headers = headers
            self.body = body
            self.pathParameters = pathParameters
            self.routePattern = routePattern
        }

        func copy() -> Storage {
            let copy = Storage(method: method, target: target, path: path, query: query, version: version,
                               headers: headers, body: body, pathParameters: pathParameters, routePattern: routePattern)
            copy.peerAddress = peerAddress
            copy.clientAddress = clientAddress
            copy.isForwarded = isForwarded
            copy.requestID = requestID
            copy.principal = principal
            copy.attachment = attachment
            return copy
        }
    }

    /// Splits a request target into path and query. Absolute-form targets
    /// (RFC 9112 §3.2.2) lose their scheme and authority; a fragment is dropped.
    /// Works on UTF-8 bytes: targets are ASCII on the wire, and this runs once per request.
    static func splitTarget(_ target: String) -> (path: String, query: String?) {
        var bytesOf = target
        return bytesOf.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"), hash = UInt8(ascii: "#")
            var end = bytes.count
            var firstQuestion: Int?
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == question, firstQuestion == nil { firstQuestion = index }
                if byte == hash { end = index; break }
            }
            // The common case, a plain origin-form path, needs no new string at all.
            if bytes.first == slash, firstQuestion == nil, end == bytes.count { return (target, nil) }
            var start = 0
            if bytes.first != slash {
                // Absolute form: skip `scheme://authority`.
                var colon = 0
                while colon < end, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                if colon + 2 < end, bytes[colon + 1] == slash, bytes[colon + 2] == slash {
                    start = colon + 3
                    while start < end, bytes[start] != slash, bytes[start] != question { start += 1 }
                }
            }
            let questionMark = (start ..< end).first { bytes[$0] == question }
            let pathEnd = questionMark ?? end
            // Slices of a String cut at ASCII bytes are UTF-8 themselves.
            let path = start == pathEnd ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< pathEnd]), as: UTF8.self)
            let query = questionMark.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[($0 + 1) ..< end]), as: UTF8.self) }
            return (path, query)
        }
    }

    /// The query items, percent-decoded (RFC 3986 §2.1; `+` is kept as `+`, since links
    /// may carry it literally), split on the bytes `&` and `=` (`HTTPQueryParts`). The first
    /// occurrence of a name wins in `queryItem(_:)`.
    public var queryItems: [(name: String, value: String)] {
        guard var query, !query.isEmpty else { return [] }
        return query.withUTF8 { bytes in
            HTTPQueryParts(bytes).map { part in
                let (name, value) = HTTPQueryParts.nameAndValue(part)
                return (name: HTTPQueryParts.decodedOrRaw(name), value: value.map(HTTPQueryParts.decodedOrRaw) ?? "")
            }
        }
    }

    /// The first value of the query item `name`, percent-decoded, or nil. Same rules as
    /// `queryItems`, without decoding the items before it.
    public func queryItem(_ name: String) -> String? {
        guard var query, !query.isEmpty else { return nil }
        var name = name
        return query.withUTF8 { bytes -> String? in
            for part in HTTPQueryParts(bytes) {
                let (itemName, value) = HTTPQueryParts.nameAndValue(part)
                // A name without escapes compares as bytes, without building a string.
                if itemName.contains(UInt8(ascii: "%")) {
                    guard HTTPQueryParts.decodedOrRaw(itemName) == name else { continue }
                } else {
                    guard name.withUTF8({ itemName.hasSameBytes(as: $0) }) else { continue }
                }
                return value.map(HTTPQueryParts.decodedOrRaw) ?? ""
            }
            return nil
        }
    }
}
