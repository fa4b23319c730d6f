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
        let bytes = target.utf8
        // The common case, a plain origin-form path, needs no new string at all.
        if bytes.first == UInt8(ascii: "/"),
           !bytes.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return (target, nil)
        }
        var start = bytes.startIndex
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        if bytes.first != UInt8(ascii: "/"), let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")),
           bytes[colon...].starts(with: "://".utf8) {
            let authority = bytes.index(colon, offsetBy: 3)
            start = bytes[authority ..< end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? end
        }
        let question = bytes[start ..< end].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = question ?? end
        let path = start == pathEnd ? "/" : String(Substring(bytes[start ..< pathEnd]))
        let query = question.map { String(Substring(bytes[bytes.index(after: $0) ..< end])) }
        return (path, query)
    }

    /// The query items, percent-decoded (RFC 3986 §2.1; `+` is kept as `+`, since links
    /// may carry it literally). The first occurrence of a name wins in `queryItem(_:)`.
    public var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let eq = pair.firstIndex(of: "=") {
                return (name: PercentDecoding.decode(pair[..<eq]) ?? String(pair[..<eq]),
                        value: PercentDecoding.decode(pair[pair.index(after: eq)...]) ?? String(pair[pair.index(after: eq)...]))
            }
            return (name: PercentDecoding.decode(pair) ?? String(pair), value: "")
        }
    }

    /// The first value of the query item `name`, percent-decoded, or nil. Same rules as
    /// `queryItems`, without decoding the items before it.
    public func queryItem(_ name: String) -> String? {
        guard var query, !query.isEmpty else { return nil }
        return query.withUTF8 { bytes -> String? in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
                let pair = UnsafeBufferPointer(rebasing: bytes[start ..< end])
                start = end + 1
                guard !pair.isEmpty else { continue }
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let nameBytes = UnsafeBufferPointer(rebasing: pair[..<(equals ?? pair.endIndex)])
                let itemName = PercentDecoding.decode(utf8: nameBytes) ?? String(decoding: nameBytes, as: UTF8.self)
                guard itemName == name else { continue }
                guard let equals else { return "" }
                let value = UnsafeBufferPointer(rebasing: pair[(equals + 1)...])
                return PercentDecoding.decode(utf8: value) ?? String(decoding: value, as: UTF8.self)
            }
            return nil
        }
    }
}
