import Dispatch
import SceneLinkNetwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection: reads requests, runs their handlers, writes their responses.
///
/// Confinement: every method runs on `io.queue` (hence `@unchecked Sendable`); a responder
/// called from elsewhere hops back there. One request is handled at a time, so pipelined
/// responses leave in order; bytes of later requests wait in the decoder.
///
/// Source rules (libdispatch on Linux): the read source and the lazily made write source are
/// resumed before they are cancelled, so a suspended source is never released, and the
/// descriptor is closed only when both cancel handlers have run.
final class HTTPConnection: @unchecked Sendable {
    enum Phase {
        /// Reading a request head or body, or waiting for the next request.
        case reading
        /// A handler has the request; waiting for its response.
        case handling
        /// Our side is shut down after a final response; reading and discarding until the
        /// client closes, so unread input does not turn the close into a reset.
        case lingering
        case closed
    }

    let socket: Socket
    let fd: Int32
    /// The address the connection comes from.
    let peer: IPAddress
    let io: HTTPIOQueue
    let context: HTTPServerContext
    private(set) var phase: Phase = .reading
    /// Monotonic microseconds at which `deadlinePassed()` runs; 0 for none.
    var deadline: Int64 = 0

    /// The request decoder: this connection's alone, touched only on `io.queue`.
    private let decoder: ConfinedValue<HTTPRequestDecoder>
    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var readSuspended = false
    private var writeSuspended = false
    private var liveSources = 0
    /// Response bytes the socket has not taken yet (from `pendingOffset` on), confined to
    /// `io.queue` like the decoder.
    private let pending = ConfinedValue<[UInt8]>([])
    private var pendingOffset = 0
    private var closeWhenFlushed = false
    private var peerClosed = false
    private var processing = false
    /// Buffered input beyond which reading pauses until the current request is answered.
    private let inputCap: Int

    /// The request being read or answered. Unchecked exclusivity: the connection is confined
    /// to `io.queue` and never hands this out, and the runtime check on each access of a
    /// class's struct property cost about 300 instructions a request.
    @exclusivity(unchecked) private var current: HTTPRequestInProgress
    private var responseToken: UInt64 = 0
    private var requestsServed = 0

    init(socket: Socket, peer: IPAddress, io: HTTPIOQueue, context: HTTPServerContext) {
        self.socket = socket
        fd = socket.fd
        self.peer = peer
        current = HTTPRequestInProgress(peer: peer)
        self.io = io
        self.context = context
        decoder = ConfinedValue(HTTPRequestDecoder(limits: context.limits))
        inputCap = context.limits.maxRequestLineBytes + context.limits.maxHeaderBytes + 65_536
    }

    /// Starts reading. Call on `io.queue` after `io.add(self)`.
    func start() {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: io.queue)
        source.setEventHandler { self.readable() }
        source.setCancelHandler { self.sourceCancelled() }
        readSource = source
        liveSources = 1
        // A client that connects and sends nothing gets the header timeout, not the idle one.
        deadline = now() + context.headerTimeout
        source.resume()
    }

    // MARK: - Reading

    private func readable() {
        // libdispatch reports a hang-up (a reset, or a FIN after our own shutdown) only once.
        // So while a request is incomplete (or while lingering), read again until EAGAIN:
        // otherwise data followed by a reset would leave the connection waiting for a timeout.
        // A complete request is answered first; a reset then surfaces as a failed send.
        for _ in 0 ..< 64 {
            let count = recv(fd, io.scratch.baseAddress, io.scratch.count, 0)
            if count > 0 {
                if phase == .lingering { continue }
                let wasIdle = decoder.value.isIdle
                decoder.value.append(UnsafeRawBufferPointer(rebasing: io.scratch[0 ..< count]))
                // While a response is still flushing, its write deadline stands: the new
                // request waits for it, and a client that does not read must not gain time.
                if wasIdle, phase == .reading, pendingOffset >= pending.value.count {
                    deadline = now() + context.headerTimeout
                }
                processInput()
                if phase != .closed, decoder.value.bufferedByteCount > inputCap { suspendReads() }
                guard phase == .reading, !decoder.value.isIdle, !readSuspended else { return }
            } else if count == 0 {
                peerClosed = true
                if phase == .lingering { close(); return }
                // EOF stays readable forever: stop watching, then answer what is already buffered.
                suspendReads()
                processInput()
                return
            } else {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return
                default: close(); return  // ECONNRESET, ETIMEDOUT: nothing more can be said to this client.
                }
            }
        }
    }

    /// Decodes and dispatches buffered requests until one is in a handler, output is
    /// waiting for the socket, or more bytes are needed.
    private func processInput() {
        guard !processing else { return }
        processing = true
        defer { processing = false }
        while phase == .reading, pendingOffset >= pending.value.count {
            // A head is routed before its body is read (the route sets the body limit); a
            // whole request goes to its handler; nil means more bytes are needed. One read may
            // hold several pipelined requests (RFC 9112 §9.3.2): they are taken one at a time.
            do {
                switch try decoder.value.next() {
                case .head(let head)?:
                    routeHead(head)
                case .request(let request)?:
                    dispatch(request)
                case nil:
                    if peerClosed {
                        finishAfterFlush()
                    } else if readSuspended {
                        resumeReads()
                    }
                    return
                }
            } catch {
                fail(error)
                return
            }
        }
    }

    /// Routes a request head before its body is read: the route decides the body limit,
    /// and an unrouted request with `Expect: 100-continue` is answered without its body.
    private func routeHead(_ head: HTTPRequest) {
        current.hasHead = true
        current.method = head.method
        current.path = head.path
        current.version = head.version
        current.keepAliveRequested = decoder.value.keepAlive
        current.requestID = HTTPRequestID.of(head.headers, generator: &io.requestIDs.value)
        if context.trustsProxies {
            (current.client, current.forwarded) = context.configuration.trustedProxies.client(peer: peer, headers: head.headers)
        }
        if context.onRequestCompleted != nil { current.start = MonotonicClock.microseconds(.fine) }
        var limit = context.limits.maxBodyBytes
        switch context.router.find(method: head.method, path: head.path) {
        case .found(let index, let captured):
            current.routeIndex = index
            current.parameters = captured
            // A route's limit only lowers the server's: maxBodyBytes is the largest body of all.
            limit = min(context.router.routes[index].maxBodyBytes ?? limit, limit)
        case .methodNotAllowed(let allowed):
            current.immediate = HTTPRouter.methodNotAllowed(head.method, path: head.path, allowed: allowed)
        case .notFound:
            current.immediate = HTTPRouter.notFound(path: head.path)
        case .serverOptions(let allowed):
            current.immediate = HTTPRouter.serverOptions(allowed: allowed)
        case .badPath:
            current.immediate = HTTPRouter.badPath(path: head.path)
        }
        do {
            try decoder.value.limitBody(to: limit)
        } catch {
            fail(error)
            return
        }
        guard decoder.value.framing != .none else { return }
        if decoder.value.expectsContinue {
            if let immediate = current.immediate {
                // RFC 9110 §10.1.1: a final status instead of 100; the body is never read, so close.
                current.keepAliveRequested = false
                complete(immediate)
                return
            }
            HTTPResponseEncoder.continueResponse.withUnsafeBytes { send($0) }
        }
        deadline = now() + context.bodyTimeout
    }

    private func dispatch(_ request: consuming HTTPRequest) {
        deadline = 0
        if let answer = current.immediate {
            complete(answer)
            return
        }
        guard let index = current.routeIndex else {
            complete(HTTPRouter.notFound(path: request.path))
            return
        }
        let handler = context.router.routes[index].handler
        var routed = request
        if !current.parameters.isEmpty { routed.pathParameters = current.parameters }
        routed.routePattern = context.router.routes[index].pattern
        routed.setOrigin(peer: peer, client: current.client, forwarded: current.forwarded, requestID: current.requestID)
        phase = .handling
        responseToken &+= 1
        let token = responseToken
        deadline = now() + context.handlerTimeout
        handler(routed, HTTPResponder(connection: self, token: token))
    }

    /// Accepts a handler's response on the connection's queue, hopping there if needed.
    func deliver(_ response: HTTPResponse, token: UInt64) {
        if io.isCurrent {
            accept(response, token: token)
        } else {
            io.queue.async { self.accept(response, token: token) }
        }
    }

    private func accept(_ response: HTTPResponse, token: UInt64) {
        // Later calls for the same request, and calls after the connection closed, are ignored.
        guard phase == .handling, token == responseToken else { return }
        phase = .reading
        complete(response)
    }

    // MARK: - Responding

    /// Writes the final response to the current request and moves on to the next one.
    private func complete(_ response: HTTPResponse) {
        requestsServed += 1
        let keepAlive = current.keepAliveRequested && !context.shuttingDown()
            && requestsServed < context.configuration.maxRequestsPerConnection
        let directive: HTTPResponseEncoder.ConnectionDirective =
            !keepAlive ? .close : (current.version == .http1_0 ? .keepAlive : .persistent)
        let date = io.dateCache.value.current()
        io.output.value.removeAll()
        // A request that failed before its head was read has none yet.
        if current.requestID.isEmpty { current.requestID = io.requestIDs.value.next() }
        let written = context.encoder.encode(response, method: current.method, connection: directive, date: date,
                                             requestID: current.requestID, into: &io.output.value)
        if let log = context.onRequestCompleted {
            let duration = current.hasHead ? MonotonicClock.microseconds(.fine) - current.start : 0
            log(HTTPAccessRecord(time: HTTPDate.wallClockMicroseconds(), method: current.method, path: current.path,
                                 routePattern: current.routeIndex.map { context.router.routes[$0].pattern },
                                 status: response.status.code,
                                 responseBytes: written, durationMicroseconds: duration, routeIndex: current.routeIndex,
                                 client: current.client, requestID: current.requestID))
        }
        current.reset(peer: peer)
        deadline = now() + (decoder.value.isIdle ? context.idleTimeout : context.headerTimeout)
        send(io.output.value.bytes)
        guard phase != .closed else { return }
        if !keepAlive {
            finishAfterFlush()
        } else if !processing {
            processInput()
        }
    }

    /// Answers a decoding error with its problem and closes: framing can no longer be trusted.
    private func fail(_ error: HTTPDecodingError) {
        current.keepAliveRequested = false
        phase = .reading
        complete(error.problem.response())
    }

    /// Writes `bytes` with one `send` when the socket takes them all; keeps the rest for
    /// the write source. `MSG_NOSIGNAL`: a closed peer is an error code, not SIGPIPE.
    private func send(_ bytes: UnsafeRawBufferPointer) {
        if pendingOffset < pending.value.count {
            pending.value.append(contentsOf: bytes)
            return
        }
        guard let sent = writeSome(bytes) else { close(); return }
        if sent < bytes.count {
            pending.value = Array(bytes[sent...])
            pendingOffset = 0
            deadline = now() + context.writeTimeout
            armWriteSource()
        }
    }

    /// Sends as much of `raw` as the socket takes; nil when the connection is broken.
    private func writeSome(_ raw: UnsafeRawBufferPointer) -> Int? {
        guard let base = raw.baseAddress else { return 0 }
        var offset = 0
        while offset < raw.count {
            let count = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            if count > 0 {
                offset += count
                continue
            }
            let code = errno
            if count < 0, code == EINTR { continue }
            if count < 0, code == EAGAIN || code == EWOULDBLOCK { break }
            return nil  // EPIPE, ECONNRESET: the client is gone.
        }
        return offset
    }

    private func armWriteSource() {
        if let source = writeSource {
            if writeSuspended {
                writeSuspended = false
                source.resume()
            }
            return
        }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: io.queue)
        source.setEventHandler { self.writable() }
        source.setCancelHandler { self.sourceCancelled() }
        writeSource = source
        liveSources += 1
        source.resume()
    }

    private func writable() {
        guard phase != .closed else { return }
        let sent = pending.value.withUnsafeBytes { raw in writeSome(UnsafeRawBufferPointer(rebasing: raw[pendingOffset...])) }
        guard let sent else { close(); return }
        pendingOffset += sent
        guard pendingOffset >= pending.value.count else { return }
        pending.value = []
        pendingOffset = 0
        if let source = writeSource, !writeSuspended {
            writeSuspended = true
            source.suspend()
        }
        if closeWhenFlushed {
            beginLinger()
            return
        }
        if phase == .reading {
            deadline = now() + (decoder.value.isIdle ? context.idleTimeout : context.headerTimeout)
            processInput()
        }
    }

    // MARK: - Closing

    /// Closes once everything written so far has left.
    private func finishAfterFlush() {
        closeWhenFlushed = true
        if pendingOffset >= pending.value.count { beginLinger() }
    }

    /// Half-closes our side and discards input until the client closes or the linger time
    /// ends: closing with unread input makes the kernel send RST, which can destroy the
    /// response before the client reads it (RFC 9112 §9.6).
    private func beginLinger() {
        if peerClosed || phase == .closed {
            close()
            return
        }
        phase = .lingering
        deadline = now() + context.lingerTimeout
        guard Glibc.shutdown(fd, Int32(SHUT_WR)) == 0 else {
            close()
            return
        }
        resumeReads()
    }

    /// Cancels the sources; the descriptor closes when the last cancel handler has run.
    func close() {
        guard phase != .closed else { return }
        phase = .closed
        deadline = 0
        if let source = readSource {
            source.cancel()
            if readSuspended {
                readSuspended = false
                source.resume()
            }
        }
        if let source = writeSource {
            source.cancel()
            if writeSuspended {
                writeSuspended = false
                source.resume()
            }
        }
        if liveSources == 0 { finalize() }
    }

    private func sourceCancelled() {
        liveSources -= 1
        if liveSources == 0 { finalize() }
    }

    private func finalize() {
        // Dropping the sources breaks the cycle connection → source → handler → connection.
        readSource = nil
        writeSource = nil
        socket.close()
        io.remove(self)
        context.connectionClosed()
    }

    private func suspendReads() {
        guard !readSuspended, let source = readSource else { return }
        readSuspended = true
        source.suspend()
    }

    private func resumeReads() {
        guard readSuspended, let source = readSource else { return }
        readSuspended = false
        source.resume()
    }

    // MARK: - Deadlines and shutdown

    /// Called by the queue's sweep timer when `deadline` has passed.
    func deadlinePassed() {
        deadline = 0
        switch phase {
        case .reading:
            if pendingOffset < pending.value.count || decoder.value.isIdle {
                // A client that will not read, or that sent nothing: nothing to say.
                close()
            } else {
                current.keepAliveRequested = false
                let seconds = decoder.value.isReadingBody ? context.bodyTimeout : context.headerTimeout
                complete(HTTPProblem(
                    status: .requestTimeout, type: HTTPProblem.typeBase + "request-timeout",
                    title: "Request timeout",
                    detail: "The request did not arrive within \(Double(seconds) / 1_000_000) seconds; send it without pausing.")
                    .response())
            }
        case .handling:
            // The handler has not answered in time: say so and close. Its late response finds
            // the connection no longer handling that request and is dropped.
            current.keepAliveRequested = false
            phase = .reading
            let seconds = Double(context.handlerTimeout) / 1_000_000
            complete(HTTPProblem(
                status: .serviceUnavailable, type: HTTPProblem.typeBase + "handler-timeout",
                title: "Response timeout",
                detail: "The server could not answer within \(seconds) seconds; retry later.")
                .response())
        case .lingering:
            close()
        case .closed:
            break
        }
    }

    /// Server shutdown: close if idle; otherwise the current request finishes with
    /// `Connection: close` (the server's drain timer closes whatever is left).
    func beginShutdown() {
        if phase == .reading, decoder.value.isIdle, pendingOffset >= pending.value.count {
            close()
        }
    }

    private func now() -> Int64 { MonotonicClock.microseconds(.coarse) }
}
