import Dispatch
import SceneLinkNetwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection: reads requests, runs their handlers, writes their responses.
///
/// Its lifecycle (reading, processing, writing, draining, closed; keep-alive, pipelining,
/// half-close, timeouts) is `HTTPConnectionStateMachine`, a value this class feeds with what
/// happens and whose answers it carries out; the class owns the I/O: the socket, its Dispatch
/// sources, the decoder and the output not yet written.
///
/// Confinement: every method runs on `io.queue` (hence `@unchecked Sendable`); a responder
/// called from elsewhere hops back there. One request is handled at a time, so pipelined
/// responses leave in order; bytes of later requests wait in the decoder.
///
/// Source rules (libdispatch on Linux): the read source and the lazily made write source are
/// resumed before they are cancelled, so a suspended source is never released, and the
/// descriptor is closed only when both cancel handlers have run.
final class HTTPConnection: @unchecked Sendable {
    let socket: Socket
    let fd: Int32
    /// The address the connection comes from.
    let peer: IPAddress
    let io: HTTPIOQueue
    let context: HTTPServerContext
    /// The lifecycle. Unchecked exclusivity, as for `current` below: confined to `io.queue`.
    @exclusivity(unchecked) private var machine: HTTPConnectionStateMachine
    /// Monotonic microseconds at which `deadlinePassed()` runs; 0 for none.
    var deadline: Int64 { machine.deadline }

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
    /// `processInput()` is running: a response written from inside it must not start it again.
    private var processing = false
    /// Buffered input beyond which reading pauses until the current request is answered.
    private let inputCap: Int
    /// The body being streamed, with how it is framed; nil between responses.
    private var stream: HTTPBodyStream?
    private var streamFraming: HTTPResponseEncoder.StreamFraming = .chunked
    /// The streamed response's access record, logged (with the bytes written) when it ends.
    private var streamRecord: HTTPAccessRecord?
    private var streamStart: Int64 = 0

    /// The request being read or answered. Unchecked exclusivity: the connection is confined
    /// to `io.queue` and never hands this out, and the runtime check on each access of a
    /// class's struct property cost about 300 instructions a request.
    @exclusivity(unchecked) private var current: HTTPRequestInProgress

    init(socket: Socket, peer: IPAddress, io: HTTPIOQueue, context: HTTPServerContext) {
        self.socket = socket
        fd = socket.fd
        self.peer = peer
        current = HTTPRequestInProgress(peer: peer)
        self.io = io
        self.context = context
        decoder = ConfinedValue(HTTPRequestDecoder(limits: context.limits))
        inputCap = context.limits.maxRequestLineBytes + context.limits.maxHeaderBytes + 65_536
        machine = HTTPConnectionStateMachine(timeouts: .init(
            header: context.headerTimeout, body: context.bodyTimeout, idle: context.idleTimeout,
            write: context.writeTimeout, handler: context.handlerTimeout, linger: context.lingerTimeout,
            maxRequestsPerConnection: context.configuration.maxRequestsPerConnection))
    }

    /// Starts reading. Call on `io.queue` after `io.add(self)`.
    func start() {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: io.queue)
        source.setEventHandler { self.readable() }
        source.setCancelHandler { self.sourceCancelled() }
        readSource = source
        liveSources = 1
        machine.start(now: now())
        source.resume()
    }

    // MARK: - Reading

    private func readable() {
        // libdispatch reports a hang-up (a reset, or a FIN after our own shutdown) only once.
        // So while a request is incomplete (or while lingering), read again until EAGAIN:
        // otherwise data followed by a reset would leave the connection waiting for a timeout.
        // A complete request is answered first; a reset then surfaces as a failed send.
        for _ in 0 ..< 64 {
            guard machine.state != .closed else { return }
            let count = recv(fd, io.scratch.baseAddress, io.scratch.count, 0)
            if count > 0 {
                guard machine.bytesReceived(decoderWasIdle: decoder.value.isIdle, now: now()) == .decode else { continue }
                decoder.value.append(UnsafeRawBufferPointer(rebasing: io.scratch[0 ..< count]))
                processInput()
                if machine.state != .closed, decoder.value.bufferedByteCount > inputCap { suspendReads() }
                guard machine.readsRequests, !decoder.value.isIdle, !readSuspended else { return }
            } else if count == 0 {
                switch machine.endOfStream() {
                case .close:
                    close()
                case .stopReadingAndDecode:
                    // EOF stays readable forever: stop watching, then answer what is already buffered.
                    suspendReads()
                    processInput()
                }
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
        while machine.canDecode {
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
                    switch machine.needMoreBytes(now: now()) {
                    case .read: resumeReads()
                    case .finish(let action): perform(action)
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
        machine.bodyExpected(now: now())
    }

    private func dispatch(_ request: consuming HTTPRequest) {
        machine.requestDecoded()
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
        let token = machine.processingStarted(now: now())
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
        guard machine.responseArrived(token: token) else { return }
        complete(response)
    }

    // MARK: - Responding

    /// Writes the final response to the current request and moves on to the next one; for a
    /// streamed body, writes the head and starts pulling its parts (`pullPart()`).
    private func complete(_ response: HTTPResponse) {
        let code = response.status.code
        // HEAD and the bodyless statuses send a stream's head only (RFC 9110 §9.3.2, §6.4.1).
        let streams = response.bodyStream != nil && current.method != .head && code >= 200 && code != 204 && code != 304
        // An HTTP/1.0 client cannot read chunks: its body ends with the connection (RFC 9112 §6.3).
        let closeDelimited = streams && current.version == .http1_0
        let keepAlive = machine.responding(keepAliveRequested: current.keepAliveRequested && !closeDelimited,
                                           shuttingDown: context.shuttingDown(), decoderIdle: decoder.value.isIdle, now: now())
        let directive: HTTPResponseEncoder.ConnectionDirective =
            !keepAlive ? .close : (current.version == .http1_0 ? .keepAlive : .persistent)
        let date = io.dateCache.value.current()
        io.output.value.removeAll()
        // A request that failed before its head was read has none yet.
        if current.requestID.isEmpty { current.requestID = io.requestIDs.value.next() }
        let framing: HTTPResponseEncoder.StreamFraming = current.version == .http1_0 ? .closeDelimited : .chunked
        let written = context.encoder.encode(response, method: current.method, connection: directive, date: date,
                                             requestID: current.requestID, streamFraming: framing, into: &io.output.value)
        var record: HTTPAccessRecord?
        if context.onRequestCompleted != nil {
            let duration = current.hasHead ? MonotonicClock.microseconds(.fine) - current.start : 0
            record = HTTPAccessRecord(time: HTTPDate.wallClockMicroseconds(), method: current.method, path: current.path,
                                      routePattern: current.routeIndex.map { context.router.routes[$0].pattern },
                                      status: code,
                                      responseBytes: written, durationMicroseconds: duration, routeIndex: current.routeIndex,
                                      client: current.client, requestID: current.requestID, principal: response.principal)
        }
        if !streams {
            response.bodyStream?.cancel()
            if let record, let log = context.onRequestCompleted { log(record) }
        }
        if streams, let body = response.bodyStream {
            // Taken before the head is sent: a send that finds the client gone closes, and closing
            // cancels the stream and logs its record.
            stream = body
            streamFraming = framing
            streamRecord = record
            streamStart = current.start
        }
        current.reset(peer: peer)
        send(io.output.value.bytes)
        if streams {
            switch machine.streamStarted(keepAlive: keepAlive, now: now()) {
            case .pull: pullPart()
            case .waitForOutput, .none: break
            }
            return
        }
        switch machine.responseWritten(keepAlive: keepAlive, now: now()) {
        case .decodeNext: if !processing { processInput() }
        case .finish(let action): perform(action)
        case .none: break
        }
    }

    // MARK: - Streamed bodies

    /// Asks the stream for its next part; the answer comes back on the connection's queue
    /// (always later, never inside this call, so a producer that answers at once does not
    /// recurse through every part).
    private func pullPart() {
        guard let stream else { return }
        stream.next { part in
            self.io.queue.async { self.partArrived(part) }
        }
    }

    private func partArrived(_ part: HTTPBodyStream.Part) {
        // A part for a connection that closed (client gone, deadline) in the meantime is dropped.
        guard machine.awaitsPart else { return }
        switch part {
        case .bytes(let bytes):
            guard !bytes.isEmpty else { return pullPart() }  // an empty chunk would end the body
            io.output.value.removeAll()
            if streamFraming == .chunked {
                HTTPResponseEncoder.writeChunkHead(count: bytes.count, into: &io.output.value)
                io.output.value.write(bytes)
                io.output.value.write("\r\n")
            } else {
                io.output.value.write(bytes)
            }
            streamRecord?.responseBytes += io.output.value.count
            send(io.output.value.bytes)
            switch machine.partWritten(now: now()) {
            case .pull: pullPart()
            case .waitForOutput, .none: break
            }
        case .end:
            let keepAlive = machine.streamEnded(decoderIdle: decoder.value.isIdle, now: now())
            if streamFraming == .chunked {
                streamRecord?.responseBytes += HTTPResponseEncoder.lastChunk.count
                HTTPResponseEncoder.lastChunk.withUnsafeBytes { send($0) }
            }
            stream = nil
            logStream()
            switch machine.responseWritten(keepAlive: keepAlive, now: now()) {
            case .decodeNext: if !processing { processInput() }
            case .finish(let action): perform(action)
            case .none: break
            }
        case .failure:
            // The status has left: closing without the last chunk is how the client learns the
            // body is incomplete (RFC 9112 §8).
            stream = nil
            close()
        }
    }

    /// Logs the streamed response's record, its duration and bytes as they are now.
    private func logStream() {
        guard var record = streamRecord, let log = context.onRequestCompleted else { return }
        streamRecord = nil
        if streamStart != 0 { record.durationMicroseconds = MonotonicClock.microseconds(.fine) - streamStart }
        log(record)
    }

    /// Answers a decoding error with its problem and closes: framing can no longer be trusted.
    private func fail(_ error: HTTPDecodingError) {
        current.keepAliveRequested = false
        complete(error.problem.response())
    }

    /// Writes `bytes` with one `send` when the socket takes them all; keeps the rest for
    /// the write source. `MSG_NOSIGNAL`: a closed peer is an error code, not SIGPIPE.
    private func send(_ bytes: UnsafeRawBufferPointer) {
        if machine.isWriting {
            pending.value.append(contentsOf: bytes)
            return
        }
        guard let sent = writeSome(bytes) else { close(); return }
        if sent < bytes.count {
            pending.value = Array(bytes[sent...])
            pendingOffset = 0
            machine.writeIncomplete(now: now())
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
        guard machine.state != .closed else { return }
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
        switch machine.outputFlushed(decoderIdle: decoder.value.isIdle, now: now()) {
        case .decode: processInput()
        case .pull: pullPart()
        case .finish(let action): perform(action)
        case .none: break
        }
    }

    // MARK: - Closing

    /// Carries out a graceful close: wait for the output, or half-close our side and discard
    /// input until the client closes or the linger time ends (see `HTTPConnectionStateMachine`).
    private func perform(_ action: HTTPConnectionStateMachine.FinishAction) {
        switch action {
        case .waitForOutput:
            break
        case .shutDownAndDrain:
            do {
                try socket.shutdownWrite()
                resumeReads()
            } catch {
                close()
            }
        case .close:
            close()
        }
    }

    /// Cancels the sources; the descriptor closes when the last cancel handler has run.
    func close() {
        guard machine.state != .closed else { return }
        machine.close()
        if let body = stream {
            // No more pulls: an answer still outstanding finds the connection closed and is dropped.
            stream = nil
            body.cancel()
            logStream()
        }
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
        switch machine.deadlinePassed(decoderIdle: decoder.value.isIdle, readingBody: decoder.value.isReadingBody) {
        case .close:
            close()
        case .requestTimeout(let seconds):
            current.keepAliveRequested = false
            complete(HTTPProblem(
                status: .requestTimeout, type: HTTPProblem.typeBase + "request-timeout",
                title: "Request timeout",
                detail: "The request did not arrive within \(seconds) seconds; send it without pausing.")
                .response())
        case .handlerTimeout(let seconds):
            // Its late response finds the connection no longer processing that request and is dropped.
            current.keepAliveRequested = false
            complete(HTTPProblem(
                status: .serviceUnavailable, type: HTTPProblem.typeBase + "handler-timeout",
                title: "Response timeout",
                detail: "The server could not answer within \(seconds) seconds; retry later.")
                .response())
        case .none:
            break
        }
    }

    /// Server shutdown: close if idle; otherwise the current request finishes with
    /// `Connection: close` (the server's drain timer closes whatever is left).
    func beginShutdown() {
        if machine.closesAtShutdown(decoderIdle: decoder.value.isIdle) { close() }
    }

    private func now() -> Int64 { MonotonicClock.microseconds(.coarse) }
}
