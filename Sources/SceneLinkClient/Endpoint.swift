import Foundation

/// One request of the API before it is sent: method, path segments, query, headers and body.
/// Every request the client sends is safe to repeat (see `RetryPolicy`): reads, whole
/// replacements, and creates that carry an `Idempotency-Key`.
struct Endpoint: Sendable {
    var method: String
    /// Unencoded path segments after the base URL: `["v1", "sessions", id]`.
    var path: [String]
    var query: [(name: String, value: String)] = []
    var headers: [String: String] = [:]
    var body: Data?
    /// Sends `Authorization: Bearer` of the client's session.
    var needsSession = false

    /// The header that makes a create safe to repeat; the same value goes with every retry.
    static let idempotencyKeyHeader = "Idempotency-Key"

    /// Whether a create carries an `Idempotency-Key`, so a `409` for its key in flight is retried.
    var hasIdempotencyKey: Bool { headers[Self.idempotencyKeyHeader] != nil }

    /// Characters that stay as they are in a path segment or a query value: RFC 3986's
    /// unreserved set. Everything else is percent-encoded, so a link passed as `url=` keeps
    /// its own `?`, `&`, `#` and `%`.
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// The full URL under `baseURL`.
    func url(relativeTo baseURL: URL) throws(SceneLinkError) -> URL {
        var text = baseURL.absoluteString
        if let fragment = text.firstIndex(of: "#") { text = String(text[..<fragment]) }
        guard !text.contains("?") else {
            throw .invalidRequest("the base URL \(baseURL.absoluteString) has a query; give the server's address without one.")
        }
        while text.hasSuffix("/") { text.removeLast() }
        text += "/" + path.map(Self.encode).joined(separator: "/")
        if !query.isEmpty {
            text += "?" + query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
        }
        guard let url = URL(string: text), url.scheme != nil else {
            throw .invalidRequest("\(text) is not a URL; check the base URL \(baseURL.absoluteString).")
        }
        return url
    }
}
