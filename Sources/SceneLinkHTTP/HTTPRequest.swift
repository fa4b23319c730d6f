/// One decoded HTTP request, with its whole body.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request target as sent (origin-form `/a/b?c`, or absolute-form `http://h/a/b?c`).
    public var target: String
    /// The path of the target, still percent-encoded, always starting with `/`.
    public var path: String
    /// The query of the target without the `?`, still percent-encoded; nil when absent.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Values captured by the route pattern's `{name}` segments, percent-decoded.
    public var pathParameters: [String: String]
    /// The pattern of the route that matched (`/v1/sessions/{id}`), set by the router.
    public var routePattern: String?

    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        pathParameters: [String: String] = [:],
        routePattern: String? = nil
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
        self.routePattern = routePattern
        (self.path, self.query) = HTTPRequest.splitTarget(target)
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
        return query.withUTF8 { bytes -> String? in
            for part in HTTPQueryParts(bytes) {
                let (itemName, value) = HTTPQueryParts.nameAndValue(part)
                // A name without escapes compares as bytes, without building a string.
                if itemName.contains(UInt8(ascii: "%")) {
                    guard HTTPQueryParts.decodedOrRaw(itemName) == name else { continue }
                } else {
                    guard itemName.elementsEqual(name.utf8) else { continue }
                }
                return value.map(HTTPQueryParts.decodedOrRaw) ?? ""
            }
            return nil
        }
    }
}
