import Dispatch
import SceneLinkNetwork
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on non-blocking sockets and Dispatch.
///
/// Each connection lives on one of a few serial I/O queues (about one per core) with one
/// read source; a synchronous handler runs right there, without a thread hop. Limits and
/// timeouts come from `HTTPServerConfiguration`. Protocol errors are answered with
/// `application/problem+json` bodies.
///
/// ```swift
/// var router = HTTPRouter()
/// router.on(.get, "/healthz") { _, responder in responder.respond(.json(#"{"status":"ok"}"#)) }
/// let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), router: router)
/// let port = try server.start()
/// // … later, on SIGTERM:
/// await server.shutdown()
/// ```
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    /// The routes served.
    public let router: HTTPRouter
    private let onRequestCompleted: (@Sendable (HTTPAccessRecord) -> Void)?
    private let state = Mutex(State())
    /// Where the drain deadline of a shutdown waits: a queue of its own, so that work blocking
    /// the shared Dispatch pool elsewhere in the process cannot delay the close it promises.
    private let drainQueue = DispatchQueue(label: "scenelink.drain")

    private enum Phase { case idle, running, shuttingDown, stopped }

    private struct State {
        var phase = Phase.idle
        var port: Int?
        var context: HTTPServerContext?
        var acceptor: HTTPAcceptor?
        var ioQueues: [HTTPIOQueue] = []
        var listenerClosed = false
        var waiters: [@Sendable () -> Void] = []
    }

    /// - Parameters:
    ///   - configuration: address, limits and timeouts.
    ///   - router: the routes; `HEAD` is served by each `GET` route.
    ///   - onRequestCompleted: called once per completed request, on the connection's queue:
    ///     keep it cheap. The server prints nothing itself; a service typically prints
    ///     `record.jsonLine`.
    public init(configuration: HTTPServerConfiguration, router: HTTPRouter,
                onRequestCompleted: (@Sendable (HTTPAccessRecord) -> Void)? = nil) {
        self.configuration = configuration
        self.router = router
        self.onRequestCompleted = onRequestCompleted
    }

    /// Binds, listens and starts serving; returns at once.
    ///
    /// Also ignores SIGPIPE for the process (a peer that vanished must not kill the
    /// server) and, if `raisesDescriptorLimit`, raises the soft descriptor limit.
    /// - Returns: the bound port (the kernel's choice when the configured port is 0).
    /// - Throws: `HTTPServerError.cannotListen` when the address is taken or invalid,
    ///   `.alreadyStarted` on a second call, `.invalidConfiguration` for impossible limits.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        try validate(configuration)
        let claimed = state.withLock { state -> Bool in
            guard state.phase == .idle else { return false }
            state.phase = .running
            return true
        }
        guard claimed else { throw .alreadyStarted }

        _ = signal(SIGPIPE, SIG_IGN)
        if configuration.raisesDescriptorLimit { HTTPServer.raiseDescriptorLimit() }

        let listener: Socket
        let port: Int
        do {
            listener = try Socket.listen(host: configuration.host, port: configuration.port,
                                         backlog: configuration.listenBacklog)
            port = try listener.localPort()
        } catch {
            state.withLock { $0.phase = .idle }
            throw .cannotListen(host: configuration.host, port: configuration.port, error)
        }

        let context = HTTPServerContext(configuration: configuration, router: router,
                                        onRequestCompleted: onRequestCompleted) { [weak self] in
            self?.connectionClosed()
        }
        let queues = (0 ..< configuration.effectiveIOQueueCount).map {
            HTTPIOQueue(index: $0, sweepInterval: HTTPServer.sweepInterval(for: configuration))
        }
        let acceptor = HTTPAcceptor(listener: listener, ioQueues: queues, context: context) { [weak self] in
            self?.listenerClosed()
        }
        state.withLock {
            $0.port = port
            $0.context = context
            $0.acceptor = acceptor
            $0.ioQueues = queues
        }
        acceptor.start()
        return port
    }

    /// The bound port once started, else nil.
    public var port: Int? { state.withLock { $0.port } }

    /// Connections accepted and not yet closed.
    public var openConnectionCount: Int {
        state.withLock { $0.context }?.openConnections.load(ordering: .relaxed) ?? 0
    }

    /// Shuts down gracefully: stops accepting, closes idle connections, lets in-flight
    /// requests finish (answered with `Connection: close`) for up to `drainTimeout`, then
    /// closes whatever is left. `completion` runs once every connection is closed, on an
    /// arbitrary queue. Safe to call more than once and before `start()`.
    public func shutdown(completion: @escaping @Sendable () -> Void) {
        enum Action { case completeNow, wait, begin }
        let action = state.withLock { state -> Action in
            switch state.phase {
            case .idle, .stopped:
                state.phase = .stopped
                return .completeNow
            case .shuttingDown:
                state.waiters.append(completion)
                return .wait
            case .running:
                state.phase = .shuttingDown
                state.waiters.append(completion)
                return .begin
            }
        }
        switch action {
        case .completeNow: completion()
        case .wait: break
        case .begin: beginShutdown()
        }
    }

    /// Shuts down gracefully and returns once every connection is closed.
    /// See `shutdown(completion:)`.
    public func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            shutdown { continuation.resume() }
        }
    }

    private func beginShutdown() {
        let (context, acceptor, queues) = state.withLock { ($0.context, $0.acceptor, $0.ioQueues) }
        context?.isShuttingDown.store(true, ordering: .relaxed)
        acceptor?.stop()
        for io in queues {
            io.queue.async {
                for connection in Array(io.connections.values) { connection.beginShutdown() }
            }
        }
        let drain = DispatchTimeInterval.microseconds(Int(configuration.drainTimeout.microseconds))
        drainQueue.asyncAfter(deadline: .now() + drain) {
            for io in queues {
                io.queue.async {
                    for connection in Array(io.connections.values) { connection.close() }
                }
            }
        }
        finishIfDrained()
    }

    private func connectionClosed() {
        state.withLock { $0.context }?.openConnections.subtract(1, ordering: .relaxed)
        finishIfDrained()
    }

    private func listenerClosed() {
        state.withLock { $0.listenerClosed = true }
        finishIfDrained()
    }

    private func finishIfDrained() {
        let finished = state.withLock { state -> (waiters: [@Sendable () -> Void], queues: [HTTPIOQueue])? in
            guard state.phase == .shuttingDown, state.listenerClosed,
                  (state.context?.openConnections.load(ordering: .relaxed) ?? 0) == 0 else { return nil }
            state.phase = .stopped
            defer { state.waiters = [] }
            return (state.waiters, state.ioQueues)
        }
        guard let finished else { return }
        for io in finished.queues { io.queue.async { io.stop() } }
        for waiter in finished.waiters { waiter() }
    }

    private func validate(_ configuration: HTTPServerConfiguration) throws(HTTPServerError) {
        let checks: [(Bool, String)] = [
            (configuration.ioQueueCount >= 0, "ioQueueCount must not be negative"),
            (configuration.maxConnections >= 1, "maxConnections must be at least 1"),
            (configuration.maxRequestsPerConnection >= 1, "maxRequestsPerConnection must be at least 1"),
            (configuration.limits.maxRequestLineBytes >= 16, "maxRequestLineBytes must be at least 16"),
            (configuration.limits.maxHeaderBytes >= 16, "maxHeaderBytes must be at least 16"),
            (configuration.limits.maxBodyBytes >= 0, "maxBodyBytes must not be negative"),
            (configuration.headerReadTimeout > .zero && configuration.bodyReadTimeout > .zero
                && configuration.keepAliveIdleTimeout > .zero && configuration.writeTimeout > .zero
                && configuration.handlerTimeout > .zero,
             "every timeout must be positive"),
        ]
        if let failed = checks.first(where: { !$0.0 }) { throw .invalidConfiguration(failed.1) }
    }

    /// How often each queue checks deadlines: a quarter of the shortest timeout, between
    /// 5 ms and 1 s, so a timeout fires at most 25% late.
    static func sweepInterval(for configuration: HTTPServerConfiguration) -> Duration {
        let shortest = [configuration.headerReadTimeout, configuration.bodyReadTimeout,
                        configuration.keepAliveIdleTimeout, configuration.writeTimeout,
                        configuration.handlerTimeout].min() ?? .seconds(1)
        return min(.seconds(1), max(.milliseconds(5), shortest / 4))
    }

    /// Raises the soft `RLIMIT_NOFILE` to the hard limit, so thousands of connections fit.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)  // best effort: the old limit still works
    }
}
