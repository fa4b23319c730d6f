/// Sends the one response to a request. A handler calls `respond(_:)` exactly once,
/// from any thread, at once or later (after a database commit, say). Later calls are ignored.
public struct HTTPResponder: Sendable {
    private enum Target: Sendable {
        case closure(@Sendable (HTTPResponse) -> Void)
        /// The server's own responder: a connection and the request it answers. Stored
        /// inline, so handing a responder to each request allocates nothing.
        case connection(HTTPConnection, token: UInt64)
    }

    private let target: Target

    public init(_ send: @escaping @Sendable (HTTPResponse) -> Void) {
        target = .closure(send)
    }

    init(connection: HTTPConnection, token: UInt64) {
        target = .connection(connection, token: token)
    }

    public func respond(_ response: HTTPResponse) {
        switch target {
        case .closure(let send): send(response)
        case .connection(let connection, let token): connection.deliver(response, token: token)
        }
    }
}

/// Handles one routed request. The request carries its `pathParameters`.
public typealias HTTPHandler = @Sendable (HTTPRequest, HTTPResponder) -> Void
