/// The lifecycle of one HTTP/1.1 connection as a value: it takes the events `HTTPConnection`
/// sees (bytes read, a request decoded, a response written, a deadline passed) and answers the
/// action the connection performs. It does no I/O and reads no clock (`now` comes in with the
/// events that set a deadline), so tests drive it through every transition without a socket.
///
/// States:
/// - `reading`: reading a request head or body, or waiting for the next request
///   (keep-alive). Buffered pipelined requests (RFC 9112 §9.3.2) are decoded one at a time.
/// - `processing`: a handler has the request; later requests wait in the decoder.
/// - `streaming`: a streamed body (`HTTPBodyStream`) is being sent after its head: the
///   producer has been asked for its next part. Each part is written, and the next asked for
///   only once it has left (`writing`, then `streaming` again), so one part at most is held.
///   Its end goes on as after a whole response; a failure, a broken write or a deadline closes.
/// - `writing`: output waits for the socket to take it; nothing more is decoded until it
///   has left, so pipelined responses leave in order and a client that does not read gains
///   no time. Then reading again, streaming on, or draining.
/// - `draining`: after the final response our side is shut down, and input is read and
///   discarded until the client closes or the linger time ends: closing with unread input
///   makes the kernel send RST, which can destroy the response in flight (RFC 9112 §9.6).
/// - `closed`.
///
/// Half-close: the client's end of stream (`endOfStream()`) does not close the connection;
/// what it sent before is answered, then the connection closes without draining.
///
/// Deadlines (monotonic microseconds, 0 for none): the header timeout from the first byte of
/// a request (and for a client that connects and says nothing), the body timeout once a head
/// announces a body, the handler timeout while processing, the write timeout while output
/// waits (for each part of a stream too), the handler timeout for each part a producer is asked
/// for, the idle timeout between requests, the linger time while draining.
///
/// ```swift
/// var machine = HTTPConnectionStateMachine(timeouts: timeouts)
/// machine.start(now: now)
/// if machine.bytesReceived(decoderWasIdle: true, now: now) == .decode { /* decode */ }
/// ```
struct HTTPConnectionStateMachine: Sendable {
    /// The limits a connection's lifecycle obeys, in microseconds.
    struct Timeouts: Sendable, Equatable {
        var header: Int64
        var body: Int64
        var idle: Int64
        var write: Int64
        var handler: Int64
        var linger: Int64
        /// After this many responses a connection closes (`Connection: close` on the last).
        var maxRequestsPerConnection: Int
    }

    enum State: Equatable, Sendable {
        case reading
        /// A handler has the request; `token` tells its response from a stale one.
        case processing(token: UInt64)
        case writing(then: AfterWrite)
        /// A streamed body's next part has been asked for; `keepAlive`: what follows its end.
        case streaming(keepAlive: Bool)
        case draining
        case closed
    }

    /// Where a connection goes once its output has left.
    enum AfterWrite: Equatable, Sendable {
        case reading
        /// Ask the stream for its next part.
        case streaming(keepAlive: Bool)
        case draining
    }

    let timeouts: Timeouts
    private(set) var state: State = .reading
    /// Monotonic microseconds at which `deadlinePassed()` is due; 0 for none.
    private(set) var deadline: Int64 = 0
    /// The client has ended its side (a half-close or a full close).
    private(set) var peerClosed = false
    private(set) var requestsServed = 0
    private var lastToken: UInt64 = 0

    init(timeouts: Timeouts) {
        self.timeouts = timeouts
    }

    // MARK: - Reading

    /// The connection starts reading: a client that connects and sends nothing gets the
    /// header timeout, not the idle one.
    mutating func start(now: Int64) {
        deadline = now + timeouts.header
    }

    /// What to do with bytes just read.
    enum ReceiveAction: Equatable {
        /// Hand them to the decoder, and decode if `canDecode`.
        case decode
        /// Drop them: the connection is draining (or closed).
        case discard
    }

    /// Bytes arrived. The first byte of a request starts its header timeout, unless a
    /// response is still leaving: its write deadline stands, so a client that does not read
    /// gains no time by sending.
    mutating func bytesReceived(decoderWasIdle: Bool, now: Int64) -> ReceiveAction {
        switch state {
        case .draining, .closed:
            return .discard
        case .reading:
            if decoderWasIdle { deadline = now + timeouts.header }
            return .decode
        case .processing, .writing, .streaming:
            return .decode
        }
    }

    /// What to do at the client's end of stream.
    enum EndOfStreamAction: Equatable {
        /// Stop watching for input (end of stream stays readable) and answer what is buffered.
        case stopReadingAndDecode
        case close
    }

    /// The client ended its side. While draining, that is what was awaited: close.
    mutating func endOfStream() -> EndOfStreamAction {
        peerClosed = true
        return state == .draining ? .close : .stopReadingAndDecode
    }

    /// Whether the decoder may produce the next request: only while reading with no output waiting.
    var canDecode: Bool { state == .reading }

    /// Whether input is still for requests (reading, or writing before reading on): a read
    /// loop goes on reading while this holds.
    var readsRequests: Bool {
        switch state {
        case .reading, .writing: true
        case .processing, .streaming, .draining, .closed: false
        }
    }

    /// What to do when the decoder needs more bytes.
    enum NeedMoreAction: Equatable {
        /// Read on (resuming reads if they were paused for a full buffer).
        case read
        /// The client has ended its side: nothing more will come.
        case finish(FinishAction)
    }

    mutating func needMoreBytes(now: Int64) -> NeedMoreAction {
        peerClosed ? .finish(finish(now: now)) : .read
    }

    /// A head announced a body: it must arrive within the body timeout.
    mutating func bodyExpected(now: Int64) {
        deadline = now + timeouts.body
    }

    /// A whole request is decoded: no deadline runs until it is answered or handed on.
    mutating func requestDecoded() {
        deadline = 0
    }

    /// The request goes to its handler, which must answer within the handler timeout.
    /// - Returns: the token its response must carry.
    mutating func processingStarted(now: Int64) -> UInt64 {
        lastToken &+= 1
        state = .processing(token: lastToken)
        deadline = now + timeouts.handler
        return lastToken
    }

    /// A handler answered. False for a response that comes too late (after a timeout answered
    /// for it, or after the connection closed) or twice: it is dropped.
    mutating func responseArrived(token: UInt64) -> Bool {
        guard state == .processing(token: token) else { return false }
        state = .reading
        return true
    }

    // MARK: - Responding

    /// A final response is about to be written.
    /// - Returns: whether the connection stays open after it: the client asked to keep it,
    ///   the server is not shutting down, and it has served fewer than its maximum.
    mutating func responding(keepAliveRequested: Bool, shuttingDown: Bool, decoderIdle: Bool, now: Int64) -> Bool {
        requestsServed += 1
        deadline = now + (decoderIdle ? timeouts.idle : timeouts.header)
        return keepAliveRequested && !shuttingDown && requestsServed < timeouts.maxRequestsPerConnection
    }

    /// Whether output is waiting for the socket (new output queues behind it).
    var isWriting: Bool {
        if case .writing = state { return true }
        return false
    }

    /// A write left bytes the socket did not take: wait for it to take them, within the
    /// write timeout. The connection arms its write source.
    mutating func writeIncomplete(now: Int64) {
        switch state {
        case .writing: return
        case .draining: state = .writing(then: .draining)
        case .streaming(let keepAlive): state = .writing(then: .streaming(keepAlive: keepAlive))
        default: state = .writing(then: .reading)
        }
        deadline = now + timeouts.write
    }

    /// What to do after a response has been handed to the socket.
    enum AfterResponseAction: Equatable {
        /// Decode the next buffered request, if the decoder is not busy already.
        case decodeNext
        case finish(FinishAction)
        /// The connection closed while writing (the client is gone).
        case none
    }

    mutating func responseWritten(keepAlive: Bool, now: Int64) -> AfterResponseAction {
        if state == .closed { return .none }
        return keepAlive ? .decodeNext : .finish(finish(now: now))
    }

    /// What closing gracefully takes now.
    enum FinishAction: Equatable {
        /// Output is still leaving: drain once it has.
        case waitForOutput
        /// Shut down our sending side and read (and discard) until the client closes.
        case shutDownAndDrain
        case close
    }

    /// Closes once everything written so far has left, draining unless the client has
    /// already gone.
    mutating func finish(now: Int64) -> FinishAction {
        switch state {
        case .writing:
            state = .writing(then: .draining)
            return .waitForOutput
        case .closed:
            return .close
        case .reading, .processing, .streaming, .draining:
            return beginDraining(now: now)
        }
    }

    private mutating func beginDraining(now: Int64) -> FinishAction {
        if peerClosed { return .close }
        state = .draining
        deadline = now + timeouts.linger
        return .shutDownAndDrain
    }

    /// What to do once all output has left.
    enum FlushedAction: Equatable {
        /// Decode the next buffered request.
        case decode
        /// Ask a streamed body's producer for its next part.
        case pull
        case finish(FinishAction)
        case none
    }

    mutating func outputFlushed(decoderIdle: Bool, now: Int64) -> FlushedAction {
        guard case .writing(let next) = state else { return .none }
        switch next {
        case .draining:
            return .finish(beginDraining(now: now))
        case .reading:
            state = .reading
            deadline = now + (decoderIdle ? timeouts.idle : timeouts.header)
            return .decode
        case .streaming(let keepAlive):
            return pullNextPart(keepAlive: keepAlive, now: now)
        }
    }

    // MARK: - Streamed bodies

    /// What to do once a streamed body's head (or one of its parts) has been handed to the socket.
    enum StreamAction: Equatable {
        /// Ask the producer for the next part, within the handler timeout.
        case pull
        /// The socket has not taken everything yet: pull when the output has left.
        case waitForOutput
        /// The connection closed while writing (the client is gone); closing cancelled the stream.
        case none
    }

    /// The head of a response with a streamed body has been handed to the socket (after
    /// `responding`): the stream takes over until `streamEnded`. `keepAlive` is what
    /// `responding` answered (false for a close-delimited body).
    mutating func streamStarted(keepAlive: Bool, now: Int64) -> StreamAction {
        switch state {
        case .closed:
            return .none
        case .writing:
            state = .writing(then: .streaming(keepAlive: keepAlive))
            return .waitForOutput
        default:
            _ = pullNextPart(keepAlive: keepAlive, now: now)
            return .pull
        }
    }

    /// A part has been handed to the socket.
    mutating func partWritten(now: Int64) -> StreamAction {
        switch state {
        case .closed:
            return .none
        case .streaming(let keepAlive):
            _ = pullNextPart(keepAlive: keepAlive, now: now)
            return .pull
        default:
            return .waitForOutput
        }
    }

    private mutating func pullNextPart(keepAlive: Bool, now: Int64) -> FlushedAction {
        state = .streaming(keepAlive: keepAlive)
        deadline = now + timeouts.handler
        return .pull
    }

    /// Whether a part the producer answered is still wanted: the connection is streaming (not
    /// closed by the client, a deadline or a failed write in the meantime).
    var awaitsPart: Bool {
        if case .streaming = state { return true }
        return false
    }

    /// The producer answered the end of the body: the connection writes the last chunk (if
    /// chunked) and goes on as after a whole response (`responseWritten` with the answer).
    /// - Returns: whether the connection stays open.
    mutating func streamEnded(decoderIdle: Bool, now: Int64) -> Bool {
        guard case .streaming(let keepAlive) = state else { return false }
        state = .reading
        deadline = now + (decoderIdle ? timeouts.idle : timeouts.header)
        return keepAlive
    }

    // MARK: - Deadlines, shutdown, closing

    /// What to do when the deadline has passed.
    enum TimeoutAction: Equatable {
        /// A client that sent nothing, will not read, or will not close: nothing to say.
        case close
        /// A request that stalled mid-way: answer 408 (`seconds` is the timeout it broke) and close.
        case requestTimeout(seconds: Double)
        /// A handler that did not answer: answer 503 and close; its late response is dropped.
        case handlerTimeout(seconds: Double)
        case none
    }

    mutating func deadlinePassed(decoderIdle: Bool, readingBody: Bool) -> TimeoutAction {
        deadline = 0
        switch state {
        case .reading:
            if decoderIdle { return .close }
            return .requestTimeout(seconds: Double(readingBody ? timeouts.body : timeouts.header) / 1_000_000)
        case .processing:
            state = .reading  // the handler's token no longer matches: its answer is dropped
            return .handlerTimeout(seconds: Double(timeouts.handler) / 1_000_000)
        case .writing, .streaming, .draining:
            return .close
        case .closed:
            return .none
        }
    }

    /// Server shutdown: whether to close now (idle between requests). Otherwise the request
    /// in progress finishes with `Connection: close`.
    func closesAtShutdown(decoderIdle: Bool) -> Bool {
        state == .reading && decoderIdle
    }

    /// The connection closes (a read or write failed, an action above said `.close`, or the
    /// server's drain time ended): every action said `.close` is carried out through this.
    mutating func close() {
        state = .closed
        deadline = 0
    }
}
