import Dispatch
import SceneLinkNetwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Accepts connections on the listening socket and hands each to an I/O queue, round robin.
///
/// Confined to `queue` (hence `@unchecked Sendable`). Out of descriptors (EMFILE/ENFILE),
/// accepting pauses for a moment instead of spinning on a listener that stays readable.
final class HTTPAcceptor: @unchecked Sendable {
    let listener: Socket
    let queue = DispatchQueue(label: "scenelink.accept")
    let ioQueues: [HTTPIOQueue]
    let context: HTTPServerContext
    private let onClosed: @Sendable () -> Void
    private var source: DispatchSourceRead?
    private var paused = false
    private var stopped = false
    private var next = 0
    private var dateCache = HTTPDate.Cache()
    private var drain = [UInt8](repeating: 0, count: 4_096)
    /// Ids of the refusals below: every response carries one.
    private var requestIDs = HTTPRequestID.Generator()

    init(listener: Socket, ioQueues: [HTTPIOQueue], context: HTTPServerContext, onClosed: @escaping @Sendable () -> Void) {
        self.listener = listener
        self.ioQueues = ioQueues
        self.context = context
        self.onClosed = onClosed
    }

    func start() {
        queue.async {
            let source = DispatchSource.makeReadSource(fileDescriptor: self.listener.fd, queue: self.queue)
            source.setEventHandler { self.acceptBatch() }
            source.setCancelHandler {
                self.listener.close()
                self.source = nil
                self.onClosed()
            }
            self.source = source
            source.resume()
        }
    }

    /// Stops accepting and closes the listener (in the cancel handler).
    func stop() {
        queue.async {
            guard !self.stopped else { return }
            self.stopped = true
            guard let source = self.source else {
                self.listener.close()
                self.onClosed()
                return
            }
            source.cancel()
            if self.paused {
                self.paused = false
                source.resume()
            }
        }
    }

    private func acceptBatch() {
        // A bounded batch keeps one busy listener from starving the queue's other work.
        for _ in 0 ..< 64 {
            switch listener.accept() {
            case .accepted(let socket, let peer):
                admit(socket, peer: peer)
            case .wouldBlock:
                return
            case .retry:
                continue
            case .outOfDescriptors, .failed:
                pause()
                return
            }
        }
    }

    private func admit(_ socket: Socket, peer: IPAddress) {
        if stopped {
            socket.close()
            return
        }
        if context.openConnections.load(ordering: .relaxed) >= context.configuration.maxConnections {
            refuse(socket)
            return
        }
        context.openConnections.add(1, ordering: .relaxed)
        try? socket.setNoDelay()  // an optimisation only: the connection works without it
        let io = ioQueues[next]
        next = (next + 1) % ioQueues.count
        let connection = HTTPConnection(socket: socket, peer: peer, io: io, context: context)
        let context = context
        io.queue.async {
            io.add(connection)
            connection.start()
            // Accepted just as shutdown began: the server's pass over this queue's connections
            // may have run before this one was added, and its drain timer may have fired, so
            // the connection closes now (it is idle: nothing has been read from it yet).
            if context.shuttingDown() { connection.beginShutdown() }
        }
    }

    /// Over `maxConnections`: answer 503 with `Connection: close` and close at once, without
    /// giving the connection any further resources.
    private func refuse(_ socket: Socket) {
        var bytes: [UInt8] = []
        let problem = HTTPProblem(status: .serviceUnavailable, type: HTTPProblem.typeBase + "too-many-connections",
                                  title: "Too many connections",
                                  detail: "The server is at its limit of \(context.configuration.maxConnections) connections; retry shortly.")
        var response = problem.response()
        response.headers.set("Retry-After", "1")
        context.encoder.encode(response, method: .get, connection: .close, date: dateCache.current(),
                               requestID: requestIDs.next(), into: &bytes)
        // Read whatever already arrived so the close is less likely to become a reset.
        _ = drain.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        _ = bytes.withUnsafeBytes { Glibc.send(socket.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        _ = Glibc.shutdown(socket.fd, Int32(SHUT_WR))
        socket.close()
    }

    /// Suspends the listener's source for 100 ms; level-triggered readiness would otherwise
    /// call us back at once, forever, while descriptors are exhausted.
    private func pause() {
        guard !paused, !stopped, let source else { return }
        paused = true
        source.suspend()
        queue.asyncAfter(deadline: .now() + .milliseconds(100)) {
            guard self.paused, !self.stopped, let source = self.source else { return }
            self.paused = false
            source.resume()
        }
    }
}
