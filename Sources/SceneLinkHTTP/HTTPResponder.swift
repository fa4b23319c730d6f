/// Sends the one response to a request. A handler calls `respond(_:)` exactly once,
/// from any thread, at once or later (after a database commit, say). Later calls are ignored.
public struct HTTPResponder: Sendable {
    private let send: @Sendable (HTTPResponse) -> Void

    public init(_ send: @escaping @Sendable (HTTPResponse) -> Void) {
        self.send = send
    }

    public func respond(_ response: HTTPResponse) { send(response) }
}

/// Handles one routed request. The request carries its `pathParameters`.
public typealias HTTPHandler = @Sendable (HTTPRequest, HTTPResponder) -> Void
