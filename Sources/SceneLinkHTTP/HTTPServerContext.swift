import SceneLinkNetwork
import Synchronization

/// What every connection of one server shares: routes, limits and callbacks. Immutable
/// apart from the connection count and `isShuttingDown`, which `HTTPServer` sets once.
final class HTTPServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let router: HTTPRouter
    let encoder: HTTPResponseEncoder
    let limits: HTTPRequestDecoder.Limits
    let headerTimeout: Int64
    let bodyTimeout: Int64
    let idleTimeout: Int64
    let writeTimeout: Int64
    let handlerTimeout: Int64
    /// How long a closing connection keeps reading (and discarding) so that unread request
    /// bytes do not turn our close into a reset that destroys the response in flight.
    let lingerTimeout: Int64
    /// Connections accepted and not yet closed.
    let openConnections = Atomic<Int>(0)
    /// Told of every completed request (the access log); nil when nobody listens.
    let onRequestCompleted: (@Sendable (HTTPAccessRecord) -> Void)?
    /// Told when a connection's descriptor has been closed.
    let connectionClosed: @Sendable () -> Void
    let isShuttingDown = Atomic<Bool>(false)
    /// Whether any proxy is trusted: when none is, a request's client is its peer without
    /// looking at its fields.
    let trustsProxies: Bool

    init(configuration: HTTPServerConfiguration, router: HTTPRouter,
         onRequestCompleted: (@Sendable (HTTPAccessRecord) -> Void)?,
         connectionClosed: @escaping @Sendable () -> Void) {
        self.configuration = configuration
        self.router = router
        encoder = HTTPResponseEncoder(serverName: configuration.serverName)
        limits = configuration.limits
        headerTimeout = configuration.headerReadTimeout.microseconds
        bodyTimeout = configuration.bodyReadTimeout.microseconds
        idleTimeout = configuration.keepAliveIdleTimeout.microseconds
        writeTimeout = configuration.writeTimeout.microseconds
        handlerTimeout = configuration.handlerTimeout.microseconds
        trustsProxies = !configuration.trustedProxies.ranges.isEmpty
        lingerTimeout = min(2_000_000, max(100_000, configuration.drainTimeout.microseconds))
        self.onRequestCompleted = onRequestCompleted
        self.connectionClosed = connectionClosed
    }

    func shuttingDown() -> Bool { isShuttingDown.load(ordering: .relaxed) }
}
