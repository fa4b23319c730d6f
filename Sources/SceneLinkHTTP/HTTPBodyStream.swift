/// A response body produced a part at a time, for a body too large to build in memory.
///
/// The connection pulls: it calls `next` for the first part once the head is written, and for
/// each later part only when the previous one has been handed to the socket, so at most one
/// part is ever buffered and a slow reader slows the producer instead of growing memory. It
/// sends the parts as RFC 9112 §7.1 chunks (`Transfer-Encoding: chunked`) to HTTP/1.1 clients,
/// and as they come, ending with a close, to HTTP/1.0 ones. A `HEAD` request's stream is never
/// pulled.
///
/// The producer answers each pull exactly once, from any thread: `.bytes` (an empty part is
/// skipped), `.end`, or `.failure`, after which the connection is closed without the final
/// chunk (the status line has already left, so an abort is the only way to say the body is
/// incomplete). When the client goes away, or a deadline passes, `cancel` is called once and no
/// more pulls come; an answer to a pull still outstanding is dropped.
///
/// ```swift
/// let lines = Mutex(["a\n", "b\n"][...])
/// let stream = HTTPBodyStream { answer in
///     answer(lines.withLock { $0.popFirst() }.map { .bytes(Array($0.utf8)) } ?? .end)
/// }
/// responder.respond(HTTPResponse(contentType: "text/plain", stream: stream))
/// ```
public struct HTTPBodyStream: Sendable {
    /// What the producer answers to one pull.
    public enum Part: Sendable {
        /// The next bytes of the body.
        case bytes([UInt8])
        /// The body is complete.
        case end
        /// The body cannot be completed: the connection is aborted.
        case failure(any Error)
    }

    /// How the producer answers a pull.
    public typealias Answer = @Sendable (Part) -> Void

    private let produce: @Sendable (@escaping Answer) -> Void
    private let stop: @Sendable () -> Void

    /// - Parameters:
    ///   - next: asked for the next part; answers through its argument exactly once.
    ///   - cancel: told that no more parts will be pulled before the end (the client went away,
    ///     a deadline passed, or a `HEAD` request needs none).
    public init(next: @escaping @Sendable (@escaping Answer) -> Void, cancel: @escaping @Sendable () -> Void = {}) {
        produce = next
        stop = cancel
    }

    /// Asks for the next part (what the connection does; tests and wrappers may too).
    public func next(_ answer: @escaping Answer) { produce(answer) }

    /// Tells the producer that no more parts will be asked for.
    public func cancel() { stop() }
}
