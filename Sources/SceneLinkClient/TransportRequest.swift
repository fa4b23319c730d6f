import Foundation

/// One HTTP request as `SceneLinkClient` hands it to its transport.
public struct TransportRequest: Sendable, Equatable {
    /// The method: `GET`, `PUT`, `POST` or `DELETE`.
    public var method: String
    /// The whole URL, query included.
    public var url: URL
    /// Header fields by name, as they are to be sent.
    public var headers: [String: String]
    /// The body; nil for none.
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
